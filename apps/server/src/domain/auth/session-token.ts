import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import { randomBytes } from 'node:crypto';

/** A session token: 20 random bytes in lower-case base32 (Lucia's design). Only its hash is stored. */
export function generateSessionToken(): string {
  return encodeBase32LowerCaseNoPadding(randomBytes(20));
}

export function sessionIdFromToken(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}

/** 6 random digits, drawn without modulo bias. */
export function generateNumericCode(length: number): string {
  let out = '';
  while (out.length < length) {
    const byte = randomBytes(1)[0]!;
    if (byte < 250) out += String(byte % 10);
  }
  return out;
}

export function hashCode(code: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(code)));
}

import { describe, expect, it } from 'vitest';
import { AUTH } from '@ppp/contracts';
import { generateNumericCode, generateSessionToken, hashCode, sessionIdFromToken } from '../../src/domain/auth/session-token.ts';
import { bearerToken } from '../../src/http/request-context.ts';

describe('session tokens', () => {
  it('are 32 characters of lower-case base32 (20 random bytes) and never repeat', () => {
    const tokens = new Set(Array.from({ length: 500 }, () => generateSessionToken()));
    expect(tokens.size).toBe(500);
    for (const token of tokens) expect(token).toMatch(/^[a-z2-7]{32}$/);
  });

  it('are stored as a stable SHA-256 hex digest, never as themselves', () => {
    const token = generateSessionToken();
    const id = sessionIdFromToken(token);
    expect(id).toMatch(/^[0-9a-f]{64}$/);
    expect(sessionIdFromToken(token)).toBe(id);
    expect(id).not.toContain(token);
    expect(sessionIdFromToken(generateSessionToken())).not.toBe(id);
    // SHA-256 of "abc", the published test vector.
    expect(sessionIdFromToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});

describe('verification codes', () => {
  it(`are exactly ${AUTH.verificationCodeLength} digits, leading zeros included`, () => {
    for (let i = 0; i < 2000; i += 1) expect(generateNumericCode(AUTH.verificationCodeLength)).toMatch(/^\d{6}$/);
  });

  it('draw every digit about equally often in every position (no modulo bias)', () => {
    const samples = 20_000;
    const counts = Array.from({ length: 6 }, () => new Array<number>(10).fill(0));
    for (let i = 0; i < samples; i += 1) {
      const code = generateNumericCode(6);
      for (let pos = 0; pos < 6; pos += 1) counts[pos]![Number(code[pos])]! += 1;
    }
    // Each cell expects 2000; a fair source stays well inside +-15 % (about 7 standard deviations).
    for (const row of counts) for (const n of row) expect(Math.abs(n - samples / 10)).toBeLessThan(300);
  });

  it('hash like session tokens, so the table never holds a usable code', () => {
    expect(hashCode('123456')).toMatch(/^[0-9a-f]{64}$/);
    expect(hashCode('123456')).toBe(hashCode('123456'));
    expect(hashCode('123456')).not.toBe(hashCode('123457'));
  });
});

describe('Authorization header parsing', () => {
  it.each([
    ['Bearer abc123', 'abc123'],
    ['bearer abc123', 'abc123'],
    ['BEARER abc123', 'abc123'],
    ['  Bearer    abc123  ', 'abc123'],
  ])('reads the token from %j', (header, token) => {
    expect(bearerToken(header)).toBe(token);
  });

  it.each([null, undefined, '', 'Bearer', 'Bearer ', 'Basic dXNlcjpwYXNz', 'Bearer two tokens', 'abc123', 'Token abc'])(
    'finds no token in %j',
    (header) => {
      expect(bearerToken(header)).toBeNull();
    },
  );
});

import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TConfig } from '../../config.ts';

/*
 * Seals secrets users hand us (their ElevenLabs key) with AES-256-GCM before they reach the
 * database: 'v1.' + base64url(iv | tag | ciphertext). The key comes from SECRET_KEY, or is generated
 * once into DATA_DIR/secret.key so a fresh install needs no setting; a database dump alone then
 * reveals nothing.
 */

const VERSION = 'v1.';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class SecretBox {
  private readonly key: Buffer;
  constructor(key: Buffer) {
    if (key.length !== 32) throw new Error('SECRET_KEY must be 32 bytes (64 hex characters or base64)');
    this.key = key;
  }

  seal(plain: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return VERSION + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
  }

  /** The plain text, or null when the value was sealed with another key or altered. */
  open(sealed: string): string | null {
    if (!sealed.startsWith(VERSION)) return null;
    const raw = Buffer.from(sealed.slice(VERSION.length), 'base64url');
    if (raw.length < IV_BYTES + TAG_BYTES) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, IV_BYTES));
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}

/** SECRET_KEY as hex or base64. */
export function parseSecretKey(value: string): Buffer {
  const text = value.trim();
  const key = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  if (key.length !== 32) throw new Error('SECRET_KEY must be 32 bytes (64 hex characters or base64)');
  return key;
}

/**
 * DATA_DIR/secret.key, created on first use. The file is written under a temporary name and linked
 * into place, so a server and a worker starting together agree on one key.
 */
export function loadOrCreateKeyFile(file: string): Buffer {
  try {
    return parseSecretKey(readFileSync(file, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
  writeFileSync(temporary, randomBytes(32).toString('hex') + '\n', { mode: 0o600 });
  try {
    linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(temporary, { force: true });
  }
  return parseSecretKey(readFileSync(file, 'utf8'));
}

const boxes = new Map<string, SecretBox>();

/** One box per key source for the life of the process. */
export function secretBoxFor(config: Pick<TConfig, 'SECRET_KEY' | 'DATA_DIR'>): SecretBox {
  const source = config.SECRET_KEY ? `env:${config.SECRET_KEY}` : `file:${path.join(config.DATA_DIR, 'secret.key')}`;
  let box = boxes.get(source);
  if (!box) {
    box = new SecretBox(
      config.SECRET_KEY ? parseSecretKey(config.SECRET_KEY) : loadOrCreateKeyFile(path.join(config.DATA_DIR, 'secret.key')),
    );
    boxes.set(source, box);
  }
  return box;
}

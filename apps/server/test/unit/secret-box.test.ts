import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadOrCreateKeyFile, parseSecretKey, SecretBox } from '../../src/domain/speech/secret-box.ts';

describe('secret box (AES-256-GCM for stored API keys)', () => {
  const box = new SecretBox(randomBytes(32));

  it('seals to text that does not contain the secret and opens it again; each seal differs', () => {
    const sealed = box.seal('sk_live_abc123');
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain('sk_live_abc123');
    expect(box.seal('sk_live_abc123')).not.toBe(sealed);
    expect(box.open(sealed)).toBe('sk_live_abc123');
  });

  it('opens nothing altered or sealed under another key', () => {
    const sealed = box.seal('secret');
    const raw = Buffer.from(sealed.slice(3), 'base64url');
    raw[raw.length - 1] = (raw[raw.length - 1] ?? 0) ^ 1;
    expect(box.open(`v1.${raw.toString('base64url')}`)).toBeNull();
    expect(new SecretBox(randomBytes(32)).open(sealed)).toBeNull();
    expect(box.open('plain text')).toBeNull();
  });

  it('reads SECRET_KEY as hex or base64 and refuses other lengths', () => {
    const key = randomBytes(32);
    expect(parseSecretKey(key.toString('hex')).equals(key)).toBe(true);
    expect(parseSecretKey(key.toString('base64')).equals(key)).toBe(true);
    expect(() => parseSecretKey('too-short')).toThrow(/32 bytes/);
  });

  it('generates the key file once, private to its owner, and reuses it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ppp-secret-'));
    try {
      const file = path.join(dir, 'nested', 'secret.key');
      const first = loadOrCreateKeyFile(file);
      expect(loadOrCreateKeyFile(file).equals(first)).toBe(true);
      expect(readFileSync(file, 'utf8').trim()).toMatch(/^[0-9a-f]{64}$/);
      expect(statSync(file).mode & 0o077).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

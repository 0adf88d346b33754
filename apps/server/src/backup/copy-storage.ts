import { createHash } from 'node:crypto';
import { pipeline, Transform } from 'node:stream';
import type { ListedObject, StoragePort } from '../domain/storage/storage.ts';

export interface CopiedObject {
  key: string;
  size: number;
  /** Hex SHA-256 of the bytes read, or null for a key skipped as already there. */
  sha256: string | null;
}

export interface CopyReport {
  copied: CopiedObject[];
  skipped: CopiedObject[];
}

/** A stream that passes bytes through and hashes them on the way. */
function hashing(): { stream: Transform; digest: () => string } {
  const hash = createHash('sha256');
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
  return { stream, digest: () => hash.digest('hex') };
}

/**
 * Copies one stored object through a hash; the copy must have the source's size (and, when given,
 * the expected SHA-256), otherwise it is removed and the copy fails.
 */
export async function copyObject(from: StoragePort, to: StoragePort, item: ListedObject, expectedSha256?: string): Promise<CopiedObject> {
  const { stream, digest } = hashing();
  // pipeline hands a read error on to the hashing stream, so the put fails instead of storing a short copy.
  const stored = await to.putStream(
    item.key,
    pipeline(from.read(item.key), stream, () => undefined),
  );
  const sha256 = digest();
  const problem =
    stored.size !== item.size
      ? `${stored.size} bytes stored, ${item.size} expected`
      : expectedSha256 && sha256 !== expectedSha256
        ? `SHA-256 ${sha256}, ${expectedSha256} expected`
        : null;
  if (problem) {
    await to.delete(item.key);
    throw new Error(`Copy of ${item.key} failed: ${problem}`);
  }
  return { key: item.key, size: item.size, sha256 };
}

/**
 * Copies every object under `prefix` from one store to another. Idempotent and resumable: an object
 * the target already has with the same size is skipped (`force` copies it anyway), so a run cut
 * short is finished by running it again. Every copy is checked for its size.
 */
export async function copyStorage(
  from: StoragePort,
  to: StoragePort,
  options: {
    prefix?: string;
    force?: boolean;
    /** Keys left out (not copied, not reported). */
    exclude?: (key: string) => boolean;
    onObject?: (object: CopiedObject, action: 'copied' | 'skipped') => void;
  } = {},
): Promise<CopyReport> {
  const report: CopyReport = { copied: [], skipped: [] };
  for await (const item of from.list(options.prefix ?? '')) {
    if (options.exclude?.(item.key)) continue;
    const there = options.force ? null : await to.stat(item.key);
    if (there && there.size === item.size) {
      const skipped = { key: item.key, size: item.size, sha256: null };
      report.skipped.push(skipped);
      options.onObject?.(skipped, 'skipped');
      continue;
    }
    const copied = await copyObject(from, to, item);
    report.copied.push(copied);
    options.onObject?.(copied, 'copied');
  }
  return report;
}

import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ByteRange, ListedObject, StoragePort, StoredObject } from './storage.ts';

/** A prefix to list: '' (everything) or a safe key ending in '/'. */
export function assertListablePrefix(prefix: string): void {
  if (prefix !== '' && !prefix.endsWith('/')) throw new Error(`A listed prefix ends in '/': ${prefix}`);
  if (prefix) assertSafeKey(prefix);
}

/** Keys are relative, slash-separated, without '..', so a key can never leave the root. */
export function assertSafeKey(key: string): void {
  const parts = key.replace(/\/$/, '').split('/');
  if (!key || key.includes('\\') || parts.some((p) => p === '' || p === '..' || p === '.')) {
    throw new Error(`Unsafe storage key: ${key}`);
  }
}

/** The local-folder store: files under root, written to a temporary name and renamed into place. */
export class LocalStorage implements StoragePort {
  readonly root: string;
  constructor(root: string) {
    this.root = path.resolve(root);
  }

  private pathOf(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, ...key.split('/').filter(Boolean));
  }

  private async atomically(key: string, write: (tmp: string) => Promise<void>): Promise<StoredObject> {
    const dest = this.pathOf(key);
    await mkdir(path.dirname(dest), { recursive: true });
    const tmp = path.join(path.dirname(dest), `.${path.basename(dest)}.${randomBytes(6).toString('hex')}.tmp`);
    try {
      await write(tmp);
      await rename(tmp, dest);
    } catch (error) {
      await rm(tmp, { force: true });
      throw error;
    }
    const info = await stat(dest);
    return { size: info.size, modifiedAt: info.mtime };
  }

  putFile(key: string, sourcePath: string): Promise<StoredObject> {
    return this.atomically(key, async (tmp) => {
      try {
        await rename(sourcePath, tmp);
      } catch (error) {
        // Another file system (EXDEV): copy, then remove the source as a move would.
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        await copyFile(sourcePath, tmp);
        await unlink(sourcePath);
      }
    });
  }

  putStream(key: string, source: Readable | ReadableStream<Uint8Array>): Promise<StoredObject> {
    const readable = source instanceof Readable ? source : Readable.fromWeb(source as WebReadableStream<Uint8Array>);
    return this.atomically(key, (tmp) => pipeline(readable, createWriteStream(tmp)));
  }

  putBytes(key: string, bytes: Uint8Array | string): Promise<StoredObject> {
    return this.atomically(key, (tmp) => writeFile(tmp, bytes));
  }

  async stat(key: string): Promise<StoredObject | null> {
    try {
      const info = await stat(this.pathOf(key));
      return info.isFile() ? { size: info.size, modifiedAt: info.mtime } : null;
    } catch {
      return null;
    }
  }

  read(key: string, range?: ByteRange): Readable {
    return createReadStream(this.pathOf(key), range ? { start: range.start, end: range.end } : {});
  }

  readBytes(key: string): Promise<Buffer> {
    return readFile(this.pathOf(key));
  }

  async localPath(key: string): Promise<{ path: string; release: () => Promise<void> }> {
    return { path: this.pathOf(key), release: async () => undefined };
  }

  async delete(keyOrPrefix: string): Promise<void> {
    await rm(this.pathOf(keyOrPrefix), { recursive: keyOrPrefix.endsWith('/'), force: true });
  }

  async *list(prefix: string): AsyncIterable<ListedObject> {
    assertListablePrefix(prefix);
    yield* this.walk(prefix);
  }

  /** Depth first; temporary files (dot names) are not keys yet. */
  private async *walk(prefix: string): AsyncIterable<ListedObject> {
    const dir = prefix ? this.pathOf(prefix) : this.root;
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    const names = entries.filter((e) => !e.name.startsWith('.')).sort((a, b) => (a.name < b.name ? -1 : 1));
    for (const entry of names) {
      const key = `${prefix}${entry.name}`;
      if (entry.isDirectory()) yield* this.walk(`${key}/`);
      else if (entry.isFile()) {
        const info = await stat(path.join(dir, entry.name));
        yield { key, size: info.size, modifiedAt: info.mtime };
      }
    }
  }
}

import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.ts';
import { LocalStorage } from '../../../src/domain/storage/local-storage.ts';
import { S3Storage } from '../../../src/domain/storage/s3-storage.ts';
import { ScratchFolder } from '../../../src/domain/storage/scratch.ts';
import { storageFor } from '../../../src/domain/storage/storage-for.ts';
import type { StoragePort } from '../../../src/domain/storage/storage.ts';
import { tempDir } from '../../support/audio-files.ts';
import { s3Env, startS3StandIn, type S3StandIn } from '../../support/s3-stand-in.ts';

const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

async function keysOf(storage: StoragePort, prefix: string): Promise<{ key: string; size: number }[]> {
  const found: { key: string; size: number }[] = [];
  for await (const item of storage.list(prefix)) found.push({ key: item.key, size: item.size });
  return found.sort((a, b) => (a.key < b.key ? -1 : 1));
}

/** A stream that sends `first`, waits for `gate`, then sends `rest` (or fails with `failWith`). */
function gatedStream(first: Buffer, gate: Promise<void>, rest: Buffer | Error): Readable {
  return Readable.from(
    (async function* () {
      yield first;
      await gate;
      if (rest instanceof Error) throw rest;
      yield rest;
    })(),
    { objectMode: false },
  );
}

const files = tempDir('ppp-storage-contract-');
let standIn: S3StandIn;
beforeAll(async () => {
  standIn = await startS3StandIn(['ppp-contract']);
});
afterAll(async () => {
  await standIn.close();
  files.remove();
});

/** Writes many small objects: through the port on disk, straight into the stand-in's bucket for S3 (1003 signed PUTs take 15 s). */
type Seed = (storage: StoragePort, keys: string[], body: string) => Promise<void>;
const seedThroughPort: Seed = async (storage, keys, body) => {
  for (let i = 0; i < keys.length; i += 50) await Promise.all(keys.slice(i, i + 50).map((key) => storage.putBytes(key, body)));
};
const seedBucket: Seed = async (_storage, keys, body) => {
  const bucket = standIn.buckets.get('ppp-contract')!;
  const bytes = Buffer.from(body);
  const etag = `"${createHash('md5').update(bytes).digest('hex')}"`;
  for (const key of keys)
    bucket.objects.set(key, {
      body: bytes,
      etag,
      lastModified: new Date(),
      contentType: 'binary/octet-stream',
      metadata: {},
      tagging: undefined,
    });
};

const implementations: [string, () => StoragePort, Seed][] = [
  ['local folder', () => new LocalStorage(path.join(files.dir, 'local')), seedThroughPort],
  [
    'S3-compatible bucket',
    () => storageFor(loadConfig({ ...s3Env(standIn, 'ppp-contract'), DATA_DIR: files.dir, SCRATCH_DIR: path.join(files.dir, 'scratch') })),
    seedBucket,
  ],
];

describe.each(implementations)('storage port on the %s', (name, make, seed) => {
  let storage: StoragePort;
  const user = `u-${name.replace(/\W+/g, '-')}`;
  beforeAll(() => {
    storage = make();
  });

  it('is the implementation the configuration names', () => {
    expect(storage).toBeInstanceOf(name === 'local folder' ? LocalStorage : S3Storage);
  });

  it('writes bytes and reads them back with their size; a missing key has no size', async () => {
    const key = `users/${user}/media/m1/notes.txt`;
    const stored = await storage.putBytes(key, 'hello storage');
    expect(stored.size).toBe(13);
    expect((await storage.stat(key))?.size).toBe(13);
    expect((await storage.stat(key))?.modifiedAt).toBeInstanceOf(Date);
    expect((await storage.readBytes(key)).toString()).toBe('hello storage');
    expect(await storage.stat(`users/${user}/media/m1/absent.txt`)).toBeNull();
    await storage.putBytes(key, 'short');
    expect((await storage.readBytes(key)).toString()).toBe('short');
  });

  it('moves a local file into place: the source is gone and the bytes are kept', async () => {
    const source = path.join(files.dir, `${user}-upload.bin`);
    const bytes = randomBytes(300_000);
    writeFileSync(source, bytes);
    const key = `users/${user}/media/m2/original.mp3`;
    expect((await storage.putFile(key, source)).size).toBe(bytes.length);
    expect(existsSync(source)).toBe(false);
    expect(sha(await storage.readBytes(key))).toBe(sha(bytes));
  });

  it('stores a 12 MB stream (Node and web streams) byte for byte', async () => {
    const bytes = randomBytes(12 * 1024 * 1024);
    const key = `users/${user}/media/m3/render.mp3`;
    const chunks = Array.from({ length: 12 }, (_, i) => bytes.subarray(i * 1024 * 1024, (i + 1) * 1024 * 1024));
    expect((await storage.putStream(key, Readable.from(chunks))).size).toBe(bytes.length);
    expect(sha(await storage.readBytes(key))).toBe(sha(bytes));
    const web = Readable.toWeb(Readable.from([bytes.subarray(0, 1000)])) as ReadableStream<Uint8Array>;
    expect((await storage.putStream(`users/${user}/media/m3/small.bin`, web)).size).toBe(1000);
  });

  it('never shows half a file: the key is absent while a stream is written, and stays absent when it fails', async () => {
    const key = `users/${user}/media/m4/partial.wav`;
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const writing = storage.putStream(key, gatedStream(randomBytes(6 * 1024 * 1024), gate, randomBytes(1000)));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await storage.stat(key)).toBeNull();
    open();
    expect((await writing).size).toBe(6 * 1024 * 1024 + 1000);

    const failing = `users/${user}/media/m4/failed.wav`;
    await expect(
      storage.putStream(failing, gatedStream(randomBytes(6 * 1024 * 1024), Promise.resolve(), new Error('client went away'))),
    ).rejects.toThrow();
    expect(await storage.stat(failing)).toBeNull();
    expect((await keysOf(storage, `users/${user}/media/m4/`)).map((k) => k.key)).toEqual([key]);
  });

  it('reads byte ranges exactly', async () => {
    const bytes = randomBytes(100_000);
    const key = `users/${user}/media/m5/episode.mp3`;
    await storage.putBytes(key, bytes);
    expect((await readAll(storage.read(key))).equals(bytes)).toBe(true);
    expect((await readAll(storage.read(key, { start: 10, end: 19 }))).equals(bytes.subarray(10, 20))).toBe(true);
    expect((await readAll(storage.read(key, { start: 99_990, end: 99_999 }))).equals(bytes.subarray(99_990))).toBe(true);
    expect((await readAll(storage.read(key, { start: 0, end: 0 }))).equals(bytes.subarray(0, 1))).toBe(true);
  });

  it('fails the stream of a missing key', async () => {
    await expect(readAll(storage.read(`users/${user}/media/none/x.mp3`))).rejects.toThrow();
    await expect(storage.readBytes(`users/${user}/media/none/x.mp3`)).rejects.toThrow();
  });

  it('gives ffmpeg a local path with the same bytes and keeps the stored file after release', async () => {
    const bytes = randomBytes(50_000);
    const key = `users/${user}/media/m6/clip.wav`;
    await storage.putBytes(key, bytes);
    const local = await storage.localPath(key);
    expect(path.extname(local.path)).toBe('.wav');
    expect(sha(readFileSync(local.path))).toBe(sha(bytes));
    await local.release();
    if (storage instanceof S3Storage) expect(existsSync(local.path)).toBe(false);
    expect((await storage.stat(key))?.size).toBe(bytes.length);
  });

  it("lists one user's prefix with sizes (past one page of 1000) and deletes an item's prefix only", async () => {
    const many = Array.from({ length: 1003 }, (_, i) => `users/${user}-many/media/m${String(i).padStart(4, '0')}/a.bin`);
    await seed(storage, many, 'xy');
    await storage.putBytes(`users/${user}-other/media/m1/a.bin`, 'other');
    const listed = await keysOf(storage, `users/${user}-many/`);
    expect(listed).toHaveLength(1003);
    expect(listed.every((item, i) => item.key === many[i] && item.size === 2)).toBe(true);

    await storage.putBytes(`users/${user}-many/media/m1/b.bin`, 'b');
    await storage.delete(`users/${user}-many/media/m0001/`);
    expect(await storage.stat(`users/${user}-many/media/m0001/a.bin`)).toBeNull();
    expect(await storage.stat(`users/${user}-many/media/m0010/a.bin`)).not.toBeNull();
    expect(await storage.stat(`users/${user}-many/media/m1/b.bin`)).not.toBeNull();
    await storage.delete(`users/${user}-many/`);
    expect(await keysOf(storage, `users/${user}-many/`)).toEqual([]);
    expect(await keysOf(storage, `users/${user}-other/`)).toEqual([{ key: `users/${user}-other/media/m1/a.bin`, size: 5 }]);
    await storage.delete(`users/${user}-other/media/m1/a.bin`);
    await storage.delete(`users/${user}-other/media/m1/a.bin`);
    expect(await storage.stat(`users/${user}-other/media/m1/a.bin`)).toBeNull();
  });

  it('refuses keys that could leave their place', async () => {
    for (const key of ['../etc/passwd', 'users/a/../../b', '/users/a', 'users//a', 'users\\a']) {
      await expect(storage.putBytes(key, 'x')).rejects.toThrow(/Unsafe storage key/);
    }
    await expect(keysOf(storage, 'users/a')).rejects.toThrow(/ends in '\/'/);
  });
});

describe('S3-compatible storage', () => {
  it('signs its requests: a wrong secret is refused by the server', async () => {
    const wrong = storageFor(
      loadConfig({ ...s3Env(standIn, 'ppp-contract'), S3_SECRET_ACCESS_KEY: 'not-the-secret', DATA_DIR: files.dir }),
    );
    await expect(wrong.putBytes('users/x/media/y/z.txt', 'x')).rejects.toThrow(/signature/i);
    expect(standIn.keys('ppp-contract')).not.toContain('users/x/media/y/z.txt');
  });

  it('leaves no multipart upload behind when a stream fails', () => {
    expect(standIn.buckets.get('ppp-contract')?.uploads.size).toBe(0);
  });

  it("removes the scratch folders of processes that are gone, and keeps a running one's", async () => {
    const root = path.join(files.dir, 'scratch-sweep');
    mkdirSync(path.join(root, '999999999-abcd'), { recursive: true });
    mkdirSync(path.join(root, `${process.ppid}-beef`), { recursive: true });
    const scratch = new ScratchFolder(root);
    const file = await scratch.pathFor('users/u/media/m/input.wav');
    expect(path.dirname(file)).toBe(scratch.dir);
    expect(existsSync(path.join(root, '999999999-abcd'))).toBe(false);
    expect(existsSync(path.join(root, `${process.ppid}-beef`))).toBe(true);
    await scratch.dispose();
    expect(existsSync(scratch.dir)).toBe(false);
  });
});

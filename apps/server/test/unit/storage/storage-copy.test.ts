import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../support/audio-files.ts';
import { s3Env, startS3StandIn, type S3StandIn } from '../../support/s3-stand-in.ts';

const CLI = fileURLToPath(new URL('../../../src/storage-copy-cli.ts', import.meta.url));
const BUCKET = 'ppp-moved';
const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

let standIn: S3StandIn;
const data = tempDir('ppp-storage-copy-');
const files: Record<string, Buffer> = {
  'users/u1/media/m1/original.mp3': randomBytes(200_000),
  'users/u1/episodes/e1/final.mp3': randomBytes(6 * 1024 * 1024 + 17),
  'users/u2/podcasts/p1/cover.png': randomBytes(3000),
  'music/builtin/calm.mp3': randomBytes(5000),
};

beforeAll(async () => {
  standIn = await startS3StandIn([BUCKET]);
  for (const [key, bytes] of Object.entries(files)) {
    const file = path.join(data.dir, 'storage', ...key.split('/'));
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, bytes);
  }
  mkdirSync(path.join(data.dir, 'storage', 'tus'), { recursive: true });
  writeFileSync(path.join(data.dir, 'storage', 'tus', 'abc123'), 'partial');
  writeFileSync(path.join(data.dir, 'storage', 'tus', 'abc123.json'), '{}');
});
afterAll(async () => {
  await standIn.close();
  data.remove();
});

async function run(env: Record<string, string>): Promise<{ code: number; out: string }> {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [CLI], { env: { PATH: process.env.PATH ?? '', ...env } });
    return { code: 0, out: stdout };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: `${e.stdout}${e.stderr}` };
  }
}

const bucketSums = () => Object.fromEntries([...standIn.buckets.get(BUCKET)!.objects].map(([key, object]) => [key, sha(object.body)]));

describe('pnpm storage:copy (local folder into the bucket)', () => {
  it('copies every stored file but partial tus uploads, byte for byte', async () => {
    const { code, out } = await run({ ...s3Env(standIn, BUCKET), DATA_DIR: data.dir });
    expect(code).toBe(0);
    expect(out).toContain(`4 copied (${Object.values(files).reduce((n, b) => n + b.length, 0)} bytes), 0 already in ${BUCKET}.`);
    expect(bucketSums()).toEqual(Object.fromEntries(Object.entries(files).map(([key, bytes]) => [key, sha(bytes)])));
  });

  it('is idempotent and resumable: a second run copies nothing, a run after an interruption copies what is missing or short', async () => {
    expect((await run({ ...s3Env(standIn, BUCKET), DATA_DIR: data.dir })).out).toContain('0 copied (0 bytes), 4 already in');
    const objects = standIn.buckets.get(BUCKET)!.objects;
    objects.delete('users/u1/media/m1/original.mp3');
    const short = objects.get('users/u1/episodes/e1/final.mp3')!;
    objects.set('users/u1/episodes/e1/final.mp3', { ...short, body: short.body.subarray(0, 1000) });
    const { out } = await run({ ...s3Env(standIn, BUCKET), DATA_DIR: data.dir });
    expect(out).toContain('2 copied');
    expect(out).toContain('2 already in');
    expect(bucketSums()).toEqual(Object.fromEntries(Object.entries(files).map(([key, bytes]) => [key, sha(bytes)])));
  });

  it('says what is missing without S3 settings, and fails on a wrong key', async () => {
    const none = await run({ DATA_DIR: data.dir });
    expect(none.code).toBe(2);
    expect(none.out).toContain('S3_BUCKET is not set');
    const wrong = await run({ ...s3Env(standIn, BUCKET), S3_SECRET_ACCESS_KEY: 'wrong', DATA_DIR: data.dir });
    expect(wrong.code).toBe(1);
    expect(wrong.out).toContain(`The S3 server refused access to bucket ${BUCKET} (HTTP 403)`);
  });
});

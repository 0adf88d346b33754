/**
 * tus on S3-compatible storage with two servers sharing one bucket and one database, each with its
 * own empty data folder: an upload whose chunks alternate between the servers completes with the
 * source's SHA-256, either server serves it, and nothing of it is left on either server's disk or
 * in the bucket's tus objects. The same checks as on the local folder: content refused at the end
 * leaves nothing, the size limit is checked at creation, another user's upload is a 404.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { UNFINISHED_UPLOADS, ZMediaItem } from '@ppp/contracts';
import { REPO_ROOT } from '../../src/config.ts';
import { openTestOrm } from '../support/database.ts';
import { testConfig } from '../support/fixtures.ts';
import { UnfinishedUploads } from '../../src/domain/media/unfinished-uploads.ts';
import { UnfinishedUploadsRepository } from '../../src/domain/media/unfinished-uploads.repository.ts';
import { tusStorageFor } from '../../src/domain/storage/tus-store.ts';
import { startTestServer, twoUsers, type TestServer } from '../support/http.ts';
import { fakeAudio, sha256, tempDir, toneFile } from '../support/audio-files.ts';
import { s3Env, startS3StandIn, type S3StandIn } from '../support/s3-stand-in.ts';
import { createTusUpload, filesUnder, patchTusChunk, tusMediaItemOf, tusOffsetOn } from '../support/tus-client.ts';

const BUCKET = 'ppp-tus';
const CHUNK = 3 * 1024 * 1024;

let orm: MikroORM;
let databaseUrl: string;
let standIn: S3StandIn;
let files: { dir: string; remove: () => void };
let nodes: { dir: string; remove: () => void }[];
let servers: TestServer[];
let a: { token: string };
let b: { token: string };

// As the README's Scaling section says: the same bucket, database and SECRET_KEY on every server.
const SECRET_KEY = randomBytes(32).toString('hex');
const envOf = (dir: string) => ({
  ...s3Env(standIn, BUCKET),
  SECRET_KEY,
  DATA_DIR: dir,
  STORAGE_DIR: path.join(dir, 'storage'),
  SCRATCH_DIR: path.join(dir, 'scratch'),
});

beforeAll(async () => {
  files = tempDir();
  nodes = [tempDir('ppp-node-a-'), tempDir('ppp-node-b-')];
  standIn = await startS3StandIn([BUCKET]);
  const db = await openTestOrm();
  orm = db.orm;
  databaseUrl = db.databaseUrl;
  servers = await Promise.all(nodes.map((node) => startTestServer(orm, databaseUrl, envOf(node.dir))));
  ({ admin: a, user: b } = await twoUsers(servers[0]!));
});
afterAll(async () => {
  await Promise.all((servers ?? []).map((server) => server.close()));
  await orm?.close();
  await standIn?.close();
  files?.remove();
  for (const node of nodes ?? []) node.remove();
});

const createUpload = createTusUpload;
const patch = patchTusChunk;
const offsetOn = tusOffsetOn;

describe('tus on S3 across two servers', () => {
  it('completes an upload whose chunks alternate between the servers, with the source SHA-256', async () => {
    const data = readFileSync(toneFile(files.dir, 'interview.wav', 75, 330, ['-ac', '2', '-ar', '44100']));
    expect(data.length).toBeGreaterThan(4 * CHUNK);
    const created = await createUpload(servers[0]!, a.token, data.length, {
      filename: 'interview.wav',
      category: 'main_content',
      friendly_name: 'Two servers',
    });
    expect(created.status).toBe(201);
    const id = (created.headers.get('location') ?? '').split('/').pop() ?? '';
    expect(id).toMatch(/^[0-9a-f]+$/);

    let offset = 0;
    let last: Response | null = null;
    for (let i = 0; offset < data.length; i++) {
      const server = servers[i % 2]!;
      // Each chunk goes where the last one did not; the server asked first reads the offset from the bucket.
      expect(await offsetOn(server, a.token, id)).toEqual({ status: 200, offset });
      // Another user sees nothing of it on either server.
      expect((await offsetOn(server, b.token, id)).status).toBe(404);
      const body = data.subarray(offset, offset + CHUNK);
      last = await patch(server, a.token, id, offset, body);
      offset += body.length;
      if (offset < data.length) {
        expect(last.status).toBe(204);
        expect(Number(last.headers.get('upload-offset'))).toBe(offset);
      }
    }
    const item = ZMediaItem.extend({ created_at: z.string() }).parse(await tusMediaItemOf(servers[0]!, a.token, last!));
    expect(item).toMatchObject({ category: 'main_content', friendly_name: 'Two servers', size: data.length, status: 'processing' });

    // Stored in the bucket under the user's media prefix, served by either server byte for byte.
    const keys = standIn.keys(BUCKET);
    expect(keys.filter((key) => key.includes(item.id)).length).toBe(1);
    for (const server of servers) {
      const preview = z
        .object({ url: z.string() })
        .parse((await server.request('GET', `/api/media/preview?id=${item.id}&resolve=true`, { token: a.token })).body);
      const served = Buffer.from(await (await fetch(`${server.baseUrl}${preview.url}`)).arrayBuffer());
      expect(sha256(served)).toBe(sha256(data));
      const ranged = await fetch(`${server.baseUrl}${preview.url}`, { headers: { range: 'bytes=1000-1999' } });
      expect(ranged.status).toBe(206);
      expect(Buffer.from(await ranged.arrayBuffer()).equals(data.subarray(1000, 2000))).toBe(true);
    }

    // The tus objects are gone, no multipart upload is left, and neither server kept a file on its disk.
    expect(keys.filter((key) => key.startsWith(id))).toEqual([]);
    expect(standIn.buckets.get(BUCKET)?.uploads.size).toBe(0);
    // The finished upload still answers HEAD complete, from either server (issue 36: a resuming client finds it done).
    expect(await offsetOn(servers[1]!, a.token, id)).toEqual({ status: 200, offset: data.length });
    for (const node of nodes) expect(filesUnder(node.dir)).toEqual([]);
  }, 120_000);

  it('refuses at the end what is not audio, leaving nothing in the bucket', async () => {
    const before = standIn.keys(BUCKET);
    const data = readFileSync(fakeAudio(files.dir, 'notes.mp3'));
    const created = await createUpload(servers[1]!, a.token, data.length, { filename: 'notes.mp3', category: 'music' });
    const id = (created.headers.get('location') ?? '').split('/').pop() ?? '';
    const refused = await patch(servers[0]!, a.token, id, 0, data);
    expect([refused.status, await refused.text()]).toEqual([415, 'notes.mp3: only audio files are allowed for music.']);
    expect(standIn.keys(BUCKET)).toEqual(before);
    expect(standIn.buckets.get(BUCKET)?.uploads.size).toBe(0);
    expect(z.array(z.unknown()).parse((await servers[1]!.request('GET', '/api/media/', { token: a.token })).body)).toEqual([]);
  });

  it('refuses at creation what is over the limit, starting nothing in the bucket', async () => {
    const before = standIn.keys(BUCKET);
    const big = await createUpload(servers[0]!, a.token, 26 * 1024 * 1024, { filename: 'boom.wav', category: 'sfx' });
    expect([big.status, await big.text()]).toEqual([413, 'boom.wav: exceeds 25MB limit for sfx.']);
    expect(standIn.keys(BUCKET)).toEqual(before);
    expect(standIn.buckets.get(BUCKET)?.uploads.size).toBe(0);
  });

  it('the cleanup aborts partial uploads idle past their limit and removes their records, keeping active ones', async () => {
    const start = async () => {
      const created = await createUpload(servers[0]!, a.token, 2000, {
        filename: 'part.wav',
        category: 'main_content',
        friendly_name: 'Partial',
      });
      const id = (created.headers.get('location') ?? '').split('/').pop() ?? '';
      expect((await patch(servers[1]!, a.token, id, 0, Buffer.alloc(500))).status).toBe(204);
      return id;
    };
    const [stale, fresh] = [await start(), await start()];
    const bucket = standIn.buckets.get(BUCKET)!;
    // The stale one received nothing for longer than the idle limit.
    await orm.em
      .fork()
      .execute(
        'update unfinished_uploads set last_activity_at = now() - make_interval(hours => ?) where id = ?',
        [UNFINISHED_UPLOADS.idleHours + 1, stale],
        'run',
      );
    expect(standIn.keys(BUCKET)).toEqual(expect.arrayContaining([`${stale}.info`, `${stale}.part`, `${fresh}.info`, `${fresh}.part`]));

    const tus = tusStorageFor(testConfig('', envOf(nodes[1]!.dir)));
    expect(await new UnfinishedUploads(new UnfinishedUploadsRepository(orm.em.fork())).removeIdle((id) => tus.abandon(id))).toBe(1);
    expect(standIn.keys(BUCKET).filter((key) => key.startsWith(stale))).toEqual([]);
    expect([...bucket.uploads.values()].map((upload) => upload.key)).toEqual([fresh]);
    expect(await offsetOn(servers[0]!, a.token, fresh)).toEqual({ status: 200, offset: 500 });
    expect((await offsetOn(servers[0]!, a.token, stale)).status).toBe(404);
  });

  it('a server process killed in the middle of a chunk: the upload finishes through the other server, byte for byte', async () => {
    const node = tempDir('ppp-node-killed-');
    const child = spawn(process.execPath, [path.join(REPO_ROOT, 'apps/server/src/main.ts')], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        ...envOf(node.dir),
        DATABASE_URL: databaseUrl,
        PORT: '0',
        HOST: '127.0.0.1',
        RUN_WORKER: 'false',
        LOG_FORMAT: 'json',
        LOG_LEVEL: 'info',
        NODE_ENV: 'test',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    try {
      let output = '';
      const port = await new Promise<number>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          const found = /listening on http:\/\/localhost:(\d+)/.exec(output);
          if (found) resolve(Number(found[1]));
        });
        child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
        void exited.then(() => reject(new Error(`server exited:\n${output}`)));
      });
      const killed: TestServer = { ...servers[0]!, baseUrl: `http://127.0.0.1:${port}` };

      const data = readFileSync(toneFile(files.dir, 'killed.wav', 75, 440, ['-ac', '2', '-ar', '44100']));
      const created = await createUpload(killed, a.token, data.length, {
        filename: 'killed.wav',
        category: 'main_content',
        friendly_name: 'Survivor',
      });
      const id = (created.headers.get('location') ?? '').split('/').pop() ?? '';
      const first = 6 * 1024 * 1024;
      expect((await patch(killed, a.token, id, 0, data.subarray(0, first))).status).toBe(204);

      // The next chunk is half sent when the process dies (SIGKILL: no clean-up of any kind).
      let sentHalf!: () => void;
      const halfway = new Promise<void>((resolve) => (sentHalf = resolve));
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(data.subarray(first, first + 2 * 1024 * 1024));
          sentHalf();
        },
      });
      const cut = fetch(`${killed.baseUrl}/files/${id}`, {
        method: 'PATCH',
        headers: {
          authorization: `Bearer ${a.token}`,
          'tus-resumable': '1.0.0',
          'upload-offset': String(first),
          'content-type': 'application/offset+octet-stream',
        },
        body,
        duplex: 'half',
      }).then(
        (res) => res.status,
        () => 'connection lost',
      );
      await halfway;
      await new Promise((resolve) => setTimeout(resolve, 500));
      child.kill('SIGKILL');
      expect(await cut).toBe('connection lost');
      await exited;

      // The other server reads where the upload stands from the bucket and takes the rest.
      const { status, offset } = await offsetOn(servers[1]!, a.token, id);
      expect(status).toBe(200);
      expect(offset).toBeGreaterThanOrEqual(first);
      expect(offset).toBeLessThan(data.length);
      const done = await patch(servers[1]!, a.token, id, offset, data.subarray(offset));
      const item = ZMediaItem.extend({ created_at: z.string() }).parse(await tusMediaItemOf(servers[1]!, a.token, done));
      expect(item.size).toBe(data.length);
      const preview = z
        .object({ url: z.string() })
        .parse((await servers[0]!.request('GET', `/api/media/preview?id=${item.id}&resolve=true`, { token: a.token })).body);
      expect(sha256(Buffer.from(await (await fetch(`${servers[0]!.baseUrl}${preview.url}`)).arrayBuffer()))).toBe(sha256(data));
      expect(standIn.keys(BUCKET).filter((key) => key.startsWith(id))).toEqual([]);
    } finally {
      child.kill('SIGKILL');
      await exited;
      node.remove();
    }
  }, 180_000);
});

/**
 * tus resumable uploads at /files/: an upload interrupted mid-way, the server restarted, the upload
 * resumed by tus-js-client from where it stopped; the stored file is byte-identical (SHA-256). User B
 * cannot see, resume or delete user A's upload; refused content leaves nothing behind.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { Upload } from 'tus-js-client';
import { z } from 'zod';
import { ZMediaItem } from '@ppp/contracts';
import { closeApiBed, startUsersBed } from '../support/api-bed.ts';
import { startTestServer, type TestServer } from '../support/http.ts';
import { fakeAudio, sha256, tempDir, toneFile } from '../support/audio-files.ts';
import { createTusUpload } from '../support/tus-client.ts';

let orm: MikroORM;
let databaseUrl: string;
let api: TestServer;
let files: { dir: string; remove: () => void };
let storage: { dir: string; remove: () => void };
let a: { token: string };
let b: { token: string };

beforeAll(async () => {
  files = tempDir();
  ({ orm, api, databaseUrl, storage, admin: a, user: b } = await startUsersBed('ppp-storage-test-'));
});
afterAll(async () => {
  await closeApiBed({ api, orm, storage });
  files?.remove();
});

const metadata = (filename: string, extra: Record<string, string> = {}) => ({
  filename,
  category: 'main_content',
  friendly_name: 'Resumed episode',
  ...extra,
});

function tusRequest(method: string, url: string, token: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, { method, headers: { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0', ...headers } });
}

/** Runs an upload until `stopAt` of it was acknowledged, then aborts; answers the upload URL. */
function uploadUntil(data: Buffer, token: string, stopAt: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const upload = new Upload(data, {
      endpoint: `${api.baseUrl}/files/`,
      headers: { Authorization: `Bearer ${token}` },
      metadata: metadata('interview.wav'),
      chunkSize: 256 * 1024,
      retryDelays: [],
      onChunkComplete: (_chunk, accepted) => {
        if (accepted >= stopAt) {
          void upload.abort(false).then(() => resolve(upload.url ?? ''));
        }
      },
      onError: reject,
      onSuccess: () => reject(new Error('finished before the interruption')),
    });
    upload.start();
  });
}

/** The media item a finished upload became: named by its last answer's Upload-Media-Id (issue 36), read over REST. */
async function itemOf(mediaId: string | null, token = a.token) {
  const res = await api.request('GET', `/api/media/${mediaId ?? ''}`, { token });
  expect(res.status).toBe(200);
  return ZMediaItem.extend({ created_at: z.string() }).parse(res.body);
}

/** The last answer tus-js-client read: its status and the media item it names. */
const lastAnswer = (payload: { lastResponse: { getStatus(): number; getHeader(name: string): string | undefined } }) => ({
  status: payload.lastResponse.getStatus(),
  mediaId: payload.lastResponse.getHeader('Upload-Media-Id') ?? null,
});

function resume(data: Buffer, token: string, uploadUrl: string): Promise<{ status: number; mediaId: string | null; offsets: number[] }> {
  const offsets: number[] = [];
  return new Promise((resolve, reject) => {
    const upload = new Upload(data, {
      endpoint: `${api.baseUrl}/files/`,
      uploadUrl,
      headers: { Authorization: `Bearer ${token}` },
      metadata: metadata('interview.wav'),
      retryDelays: [],
      onProgress: (sent) => offsets.push(sent),
      onError: reject,
      onSuccess: (payload) => resolve({ ...lastAnswer(payload), offsets }),
    });
    upload.start();
  });
}

describe('tus uploads', () => {
  it('resumes after an interruption and a server restart; the stored file has the source SHA-256', async () => {
    const source = toneFile(files.dir, 'interview.wav', 40, 330, ['-ac', '2', '-ar', '44100']);
    const data = readFileSync(source);
    const uploadUrl = await uploadUntil(data, a.token, Math.floor(data.length / 2));
    const id = uploadUrl.split('/').pop() ?? '';
    expect(id).toMatch(/^[0-9a-f]+$/);

    // The server goes away and comes back on another port; the partial upload is on disk.
    await api.close();
    api = await startTestServer(orm, databaseUrl, { STORAGE_DIR: storage.dir });
    const head = await tusRequest('HEAD', `${api.baseUrl}/files/${id}`, a.token);
    expect(head.status).toBe(200);
    const offset = Number(head.headers.get('upload-offset'));
    expect(offset).toBeGreaterThanOrEqual(Math.floor(data.length / 2));
    expect(offset).toBeLessThan(data.length);
    expect(Number(head.headers.get('upload-length'))).toBe(data.length);

    // User B can neither see, resume nor delete it.
    expect((await tusRequest('HEAD', `${api.baseUrl}/files/${id}`, b.token)).status).toBe(404);
    const patch = await fetch(`${api.baseUrl}/files/${id}`, {
      method: 'PATCH',
      headers: {
        authorization: `Bearer ${b.token}`,
        'tus-resumable': '1.0.0',
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
      },
      body: data.subarray(offset),
    });
    expect(patch.status).toBe(404);
    expect((await tusRequest('DELETE', `${api.baseUrl}/files/${id}`, b.token)).status).toBe(404);
    expect((await tusRequest('HEAD', `${api.baseUrl}/files/${id}`, '')).status).toBe(401);

    const { status, mediaId, offsets } = await resume(data, a.token, `${api.baseUrl}/files/${id}`);
    expect(offsets[0]).toBeGreaterThanOrEqual(offset);
    // tus 1.0: the PATCH that completes the upload answers 204 too, the media item named in a header.
    expect(status).toBe(204);
    const item = await itemOf(mediaId);
    expect(item).toMatchObject({
      category: 'main_content',
      friendly_name: 'Resumed episode',
      original_name: 'interview.wav',
      status: 'processing',
      size: data.length,
    });

    const preview = z
      .object({ url: z.string() })
      .parse((await api.request('GET', `/api/media/preview?id=${item.id}&resolve=true`, { token: a.token })).body);
    const stored = Buffer.from(await (await fetch(`${api.baseUrl}${preview.url}`)).arrayBuffer());
    expect(sha256(stored)).toBe(sha256(data));
    expect((await api.request('GET', `/api/media/preview?id=${item.id}&resolve=true`, { token: b.token })).status).toBe(404);
    // For a day the finished upload answers HEAD complete, naming its item, to its owner only; it cannot be terminated.
    const done = await tusRequest('HEAD', `${api.baseUrl}/files/${id}`, a.token);
    expect([done.status, done.headers.get('upload-offset'), done.headers.get('upload-length')]).toEqual([
      200,
      String(data.length),
      String(data.length),
    ]);
    expect(done.headers.get('upload-media-id')).toBe(item.id);
    expect((await tusRequest('HEAD', `${api.baseUrl}/files/${id}`, b.token)).status).toBe(404);
    expect((await tusRequest('DELETE', `${api.baseUrl}/files/${id}`, a.token)).status).toBe(400);
    expect((await api.request('GET', `/api/media/${item.id}`, { token: a.token })).status).toBe(200);
  }, 60_000);

  it("accepts a browser recorder's WebM/Opus (no stated duration) as main content with its length", async () => {
    // Written to a pipe, like MediaRecorder's output: the container says nothing of its duration.
    const data = execFileSync('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:duration=6',
      '-c:a',
      'libopus',
      '-f',
      'webm',
      'pipe:1',
    ]);
    const answer = await new Promise<{ mediaId: string | null }>((resolve, reject) => {
      const upload = new Upload(data, {
        endpoint: `${api.baseUrl}/files/`,
        headers: { Authorization: `Bearer ${a.token}` },
        metadata: {
          filename: 'recording-2026-11-23-1740.webm',
          filetype: 'audio/webm;codecs=opus',
          category: 'main_content',
          friendly_name: 'Browser take',
        },
        retryDelays: [],
        onError: reject,
        onSuccess: (payload) => resolve(lastAnswer(payload)),
      });
      upload.start();
    });
    const item = await itemOf(answer.mediaId);
    expect(item).toMatchObject({
      category: 'main_content',
      friendly_name: 'Browser take',
      content_type: 'audio/webm',
      status: 'processing',
    });
    expect(Math.abs((item.duration_seconds ?? 0) - 6)).toBeLessThan(0.1);
    const mine = z
      .array(ZMediaItem.pick({ id: true }))
      .parse((await api.request('GET', '/api/media/main-content', { token: a.token })).body);
    expect(mine.map((m) => m.id)).toContain(item.id);
    const theirs = z
      .array(ZMediaItem.pick({ id: true }))
      .parse((await api.request('GET', '/api/media/main-content', { token: b.token })).body);
    expect(theirs.map((m) => m.id)).not.toContain(item.id);
  });

  it('resumes with tus-js-client after the final answer was lost: one media item, no duplicate (issue 36)', async () => {
    const data = readFileSync(toneFile(files.dir, 'lost-answer.wav', 3, 440));
    const listed = async () =>
      z
        .array(ZMediaItem.pick({ id: true }))
        .parse((await api.request('GET', '/api/media/main-content', { token: a.token })).body)
        .map((m) => m.id);
    const before = await listed();
    let dropped: string | null = null;
    const requests: string[] = [];
    const answer = await new Promise<{ status: number; mediaId: string | null }>((resolve, reject) => {
      const upload = new Upload(data, {
        endpoint: `${api.baseUrl}/files/`,
        headers: { Authorization: `Bearer ${a.token}` },
        metadata: metadata('lost-answer.wav', { friendly_name: 'Lost answer' }),
        chunkSize: 64 * 1024,
        retryDelays: [0],
        onBeforeRequest: (req) => void requests.push(req.getMethod()),
        // The answer of the PATCH that completed the upload never reaches the client.
        onAfterResponse: (_req, res) => {
          const mediaId = res.getHeader('Upload-Media-Id');
          if (mediaId && dropped === null) {
            dropped = mediaId;
            throw new Error('connection reset before the answer');
          }
        },
        onError: reject,
        onSuccess: (payload) => resolve(lastAnswer(payload)),
      });
      upload.start();
    });
    // tus-js-client asked HEAD, found the upload complete and finished with that answer.
    expect(requests.slice(-2)).toEqual(['PATCH', 'HEAD']);
    expect(answer).toEqual({ status: 200, mediaId: dropped });
    const after = await listed();
    expect(after.filter((id) => !before.includes(id))).toEqual([dropped]);
    expect((await itemOf(dropped)).size).toBe(data.length);
  });

  it('advertises the checksum extension (sha1) and keeps only chunks that match their checksum (issue 36)', async () => {
    const options = await fetch(`${api.baseUrl}/files/`, { method: 'OPTIONS', headers: { 'tus-resumable': '1.0.0' } });
    expect(options.headers.get('tus-extension')?.split(',')).toContain('checksum');
    expect(options.headers.get('tus-checksum-algorithm')).toBe('sha1');
    const data = readFileSync(toneFile(files.dir, 'summed.wav', 2, 550));
    const created = await createTusUpload(api, a.token, data.length, metadata('summed.wav'));
    expect(created.status).toBe(201);
    const url = `${api.baseUrl}${created.headers.get('location')}`;
    const half = Math.floor(data.length / 2);
    const sha1 = (bytes: Buffer) => `sha1 ${createHash('sha1').update(bytes).digest('base64')}`;
    const send = (offset: number, bytes: Buffer, checksum: string) =>
      fetch(url, {
        method: 'PATCH',
        headers: {
          authorization: `Bearer ${a.token}`,
          'tus-resumable': '1.0.0',
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
          'upload-checksum': checksum,
        },
        body: new Uint8Array(bytes),
      });
    const offsetNow = async () => Number((await tusRequest('HEAD', url, a.token)).headers.get('upload-offset'));
    expect((await send(0, data.subarray(0, half), sha1(data.subarray(1, half + 1)))).status).toBe(460);
    expect(await offsetNow()).toBe(0);
    expect((await send(0, data.subarray(0, half), `md5 ${createHash('md5').update(data).digest('base64')}`)).status).toBe(400);
    expect((await send(0, data.subarray(0, half), sha1(data.subarray(0, half)))).status).toBe(204);
    expect(await offsetNow()).toBe(half);
    const last = await send(half, data.subarray(half), sha1(data.subarray(half)));
    expect(last.status).toBe(204);
    const stored = z
      .object({ url: z.string() })
      .parse(
        (await api.request('GET', `/api/media/preview?id=${last.headers.get('upload-media-id')}&resolve=true`, { token: a.token })).body,
      );
    expect(sha256(Buffer.from(await (await fetch(`${api.baseUrl}${stored.url}`)).arrayBuffer()))).toBe(sha256(data));
  });

  it('refuses a file that is not audio at the end, and keeps nothing of it', async () => {
    const data = readFileSync(fakeAudio(files.dir, 'notes.mp3'));
    const outcome = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const upload = new Upload(data, {
        endpoint: `${api.baseUrl}/files/`,
        headers: { Authorization: `Bearer ${a.token}` },
        metadata: { filename: 'notes.mp3', category: 'music' },
        retryDelays: [],
        onError: (error) => {
          const res = (error as { originalResponse?: { getStatus(): number; getBody(): string } }).originalResponse;
          if (res) resolve({ status: res.getStatus(), body: res.getBody() });
          else reject(error);
        },
        onSuccess: () => reject(new Error('accepted text as audio')),
      });
      upload.start();
    });
    expect(outcome).toEqual({ status: 415, body: 'notes.mp3: only audio files are allowed for music.' });
    expect(z.array(z.unknown()).parse((await api.request('GET', '/api/media/', { token: a.token })).body)).toEqual([]);
  });

  it('refuses at creation what is over the limit, and a commercial upload', async () => {
    const create = (meta: Record<string, string>, length: number) =>
      fetch(`${api.baseUrl}/files/`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${a.token}`,
          'tus-resumable': '1.0.0',
          'upload-length': String(length),
          'upload-metadata': Object.entries(meta)
            .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
            .join(','),
        },
      });
    const big = await create({ filename: 'boom.wav', category: 'sfx' }, 26 * 1024 * 1024);
    expect([big.status, await big.text()]).toEqual([413, 'boom.wav: exceeds 25MB limit for sfx.']);
    const ad = await create({ filename: 'ad.mp3', category: 'commercial' }, 1000);
    expect(ad.status).toBe(403);
    const unnamed = await create({ filename: 'ep.wav', category: 'main_content' }, 1000);
    expect([unnamed.status, await unnamed.text()]).toEqual([422, 'Enter a friendly name for this episode before uploading.']);
    const anonymous = await fetch(`${api.baseUrl}/files/`, {
      method: 'POST',
      headers: { 'tus-resumable': '1.0.0', 'upload-length': '10' },
    });
    expect(anonymous.status).toBe(401);
  });
});

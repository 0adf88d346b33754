/**
 * Parallel multipart uploads cannot fill the disk together (issue 14): each request is held to its
 * category's limit, and one user's requests together to MULTIPART_SCRATCH.largestUploadsPerUser of
 * the largest file a form may carry. A byte past that is refused (429, the partial file removed);
 * the bytes come back when a request ends, and another user's uploads are not counted against it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { BYTES_PER_MB, MEDIA, MULTIPART_SCRATCH, multipartScratchCapMessage } from '@ppp/contracts';
import { tempDir, toneFile } from '../support/audio-files.ts';
import { closeApiBed, startApiBed } from '../support/api-bed.ts';
import { twoUsers, type TestServer } from '../support/http.ts';

let orm: MikroORM;
let api: TestServer;
let a: { token: string };
let b: { token: string };
const scratch = tempDir('ppp-scratch-cap-');
const media = tempDir('ppp-scratch-cap-media-');
const MB = BYTES_PER_MB;
/** With max_upload_mb at its least (10), the largest file a form may carry is a library file. */
const CAP_MB = MULTIPART_SCRATCH.largestUploadsPerUser * MEDIA.libraryMaxMb;
/** What each of A's three requests in flight holds: together within the cap, with a 45 MB file beside them past it. */
const HELD_MB = 40;

beforeAll(async () => {
  ({ orm, api } = await startApiBed({ SCRATCH_DIR: scratch.dir }));
  ({ admin: a, user: b } = await twoUsers(api));
  expect((await api.request('PUT', '/api/admin/settings', { token: a.token, json: { max_upload_mb: 10 } })).status).toBe(200);
});
afterAll(async () => {
  await closeApiBed({ api, orm });
  scratch.remove();
  media.remove();
});

/** The files in the server's scratch folder now, with their sizes. */
function scratchFiles(): number[] {
  return readdirSync(scratch.dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => statSync(path.join(entry.parentPath, entry.name)).size);
}

async function waitFor<T>(read: () => T, done: (value: T) => boolean, what: string, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A music upload that sends `megabytes` of its file part and then waits, never ending its body. */
function heldUpload(token: string, megabytes: number): http.ClientRequest {
  const boundary = 'ppp-held-boundary';
  const req = http.request(new URL('/api/media/upload/music', api.baseUrl), {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'transfer-encoding': 'chunked',
    },
  });
  req.on('error', () => undefined);
  req.write(`--${boundary}\r\ncontent-disposition: form-data; name="files"; filename="held.wav"\r\ncontent-type: audio/wav\r\n\r\n`);
  const chunk = Buffer.alloc(MB);
  for (let i = 0; i < megabytes; i++) req.write(chunk);
  return req;
}

async function uploadMusic(token: string, file: string) {
  const form = new FormData();
  form.append('files', new Blob([readFileSync(file)]), path.basename(file));
  form.append('friendly_names', JSON.stringify(['Bed']));
  const res = await fetch(`${api.baseUrl}/api/media/upload/music`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as unknown };
}

describe('one user’s parallel multipart uploads', () => {
  it('are refused past the per-user cap with the partial file removed, released when they end, and another user is not counted', async () => {
    // A real WAV of about 45 MB: within the 50 MB music limit, but not beside the held bytes within the cap.
    const wav = toneFile(media.dir, 'bed.wav', 265, 220, ['-ac', '2', '-ar', '44100']);
    const wavMb = statSync(wav).size / MB;
    expect(wavMb).toBeLessThan(MEDIA.libraryMaxMb);
    expect(HELD_MB * 3).toBeLessThan(CAP_MB);
    expect(HELD_MB * 3 + wavMb).toBeGreaterThan(CAP_MB);

    // A's three requests in flight hold HELD_MB each on the server's disk.
    const held = [1, 2, 3].map(() => heldUpload(a.token, HELD_MB));
    await waitFor(scratchFiles, (sizes) => sizes.length === 3 && sizes.every((s) => s >= HELD_MB * MB), 'held uploads not on disk');

    // A fourth of A's, which would pass the cap: 429 in words, its partial file gone, the held ones kept.
    const refused = await uploadMusic(a.token, wav);
    expect(refused).toEqual({ status: 429, body: { detail: multipartScratchCapMessage(CAP_MB), code: 'RATE_LIMITED' } });
    expect(scratchFiles()).toHaveLength(3);

    // B's upload of the same file is not counted against A's bytes.
    const other = await uploadMusic(b.token, wav);
    expect(other.status, JSON.stringify(other.body)).toBe(201);

    // A's held requests end (the connection dropped): their files and their bytes are given back.
    for (const req of held) req.destroy();
    await waitFor(scratchFiles, (sizes) => sizes.length === 0, 'held uploads not removed');
    const accepted = await uploadMusic(a.token, wav);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
    expect(scratchFiles()).toEqual([]);
  }, 240_000);
});

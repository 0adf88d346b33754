/**
 * A tus upload cancelled by its creator (tus termination, DELETE /files/{id}) while a chunk is still
 * arriving, as the web app's Cancel does (tus-js-client's abort(true) drops the chunk's request and
 * sends the DELETE): the chunk's request lets go of the upload's lock, the DELETE answers 204, and
 * nothing of the upload stays: no partial file or record in the scratch folder, no row among its
 * user's unfinished uploads, and the space it held counts for a new upload again.
 */
import { existsSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { Upload } from 'tus-js-client';
import { UNFINISHED_UPLOADS, unfinishedUploadsCapMessage } from '@ppp/contracts';
import { closeApiBed, startUsersBed } from '../support/api-bed.ts';
import { type TestServer } from '../support/http.ts';
import { createTusUpload, tusIdOf, tusOffsetOn, tusPatchHeaders } from '../support/tus-client.ts';

let orm: MikroORM;
let api: TestServer;
let storage: { dir: string; remove: () => void };
let a: { token: string };
let b: { token: string };
const MB = 1024 * 1024;
const episode = { filename: 'episode.wav', category: 'main_content', friendly_name: 'Episode' };

beforeAll(async () => {
  ({ orm, api, storage, admin: a, user: b } = await startUsersBed('ppp-tus-cancel-'));
});
afterAll(() => closeApiBed({ api, orm, storage }));

const scratchFiles = (id: string) => [path.join(storage.dir, 'tus', id), path.join(storage.dir, 'tus', `${id}.json`)].filter(existsSync);
const bytesOnDisk = (id: string) => (existsSync(path.join(storage.dir, 'tus', id)) ? statSync(path.join(storage.dir, 'tus', id)).size : 0);
const counted = async (id: string) =>
  (await orm.em.fork().execute<{ id: string }[]>('select id from unfinished_uploads where id = ?', [id])).length === 1;
const terminate = (token: string, id: string) =>
  fetch(`${api.baseUrl}/files/${id}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0' } });

/**
 * A PATCH of the whole rest of the upload whose body stops after `sent` bytes and stays open (a slow
 * line): answers when the server answered it (or the connection ended), and a way to drop it.
 */
function stalledChunk(token: string, id: string, total: number, sent: number) {
  const url = new URL(`${api.baseUrl}/files/${id}`);
  const req = http.request({
    host: url.hostname,
    port: url.port,
    path: url.pathname,
    method: 'PATCH',
    headers: { ...tusPatchHeaders(token), 'content-length': String(total) },
  });
  const answered = new Promise<number>((resolve) => {
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', () => resolve(0));
    req.on('close', () => resolve(0));
  });
  req.write(Buffer.alloc(sent));
  return { answered, drop: () => req.destroy() };
}

/** The chunk's bytes reached the upload's file: the server is inside the chunk's request, holding its lock. */
async function writing(id: string, bytes: number): Promise<void> {
  await expect.poll(() => bytesOnDisk(id), { timeout: 20_000 }).toBeGreaterThanOrEqual(bytes);
}

describe('a tus upload cancelled while a chunk is arriving', () => {
  it('ends the chunk, answers the DELETE with 204, and keeps nothing: no scratch file, no row, its space free again', async () => {
    // B's unfinished uploads at 4000 MB: the one cancelled and seven more; a ninth of 500 MB would pass 4096 MB.
    const created = await createTusUpload(api, b.token, 500 * MB, episode);
    expect(created.status).toBe(201);
    const id = tusIdOf(created);
    for (let i = 0; i < 7; i++) expect((await createTusUpload(api, b.token, 500 * MB, episode)).status).toBe(201);
    const refused = await createTusUpload(api, b.token, 500 * MB, episode);
    expect([refused.status, await refused.text()]).toEqual([429, unfinishedUploadsCapMessage('size')]);
    expect(500 * 9).toBeGreaterThan(UNFINISHED_UPLOADS.maxTotalMb);

    // The chunk's client still holds its connection open, sending nothing more.
    const chunk = stalledChunk(b.token, id, 500 * MB, 4 * MB);
    await writing(id, 2 * MB);
    expect((await terminate(b.token, id)).status).toBe(204);
    // The chunk's request was asked to let go: it ended with what it had written, the connection closed.
    await chunk.answered;
    chunk.drop();

    expect(scratchFiles(id)).toEqual([]);
    expect(await counted(id)).toBe(false);
    expect((await tusOffsetOn(api, b.token, id)).status).toBe(404);
    // Its 500 MB count again: the ninth upload fits now.
    expect((await createTusUpload(api, b.token, 500 * MB, episode)).status).toBe(201);
  });

  it('dropped by the client just before the DELETE, as tus-js-client abort(true) does', async () => {
    const data = Buffer.alloc(256 * MB);
    let cancelled = false;
    const { url, terminated } = await new Promise<{ url: string; terminated: Promise<void> }>((resolve, reject) => {
      const upload: Upload = new Upload(data, {
        endpoint: `${api.baseUrl}/files/`,
        headers: { Authorization: `Bearer ${a.token}` },
        metadata: episode,
        retryDelays: [],
        onProgress: (sent) => {
          // Part of the one chunk sent: the request is dropped, then the upload terminated.
          if (cancelled || sent < 8 * MB || sent >= data.length || !upload.url) return;
          cancelled = true;
          resolve({ url: upload.url, terminated: upload.abort(true) });
        },
        onError: reject,
        onSuccess: () => reject(new Error('finished before the cancel')),
      });
      upload.start();
    });
    const id = url.split('/').pop() ?? '';
    expect(await counted(id)).toBe(true);
    await expect(terminated).resolves.toBeUndefined();

    expect(scratchFiles(id)).toEqual([]);
    expect(await counted(id)).toBe(false);
    expect((await tusOffsetOn(api, a.token, id)).status).toBe(404);
  });
});

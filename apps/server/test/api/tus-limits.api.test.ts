/**
 * tus uploads held to their limits: one whose length is deferred is cut off at its category's own
 * limit and removed; a user's unfinished uploads are capped in number and size (one user's cap
 * never touches another's); an upload is removed once it received nothing for hours, counted from
 * its last chunk rather than its creation.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { UNFINISHED_UPLOADS, audioExceedsMessage, exceedsLimitMessage, unfinishedUploadsCapMessage } from '@ppp/contracts';
import { UnfinishedUploads } from '../../src/domain/media/unfinished-uploads.ts';
import { UnfinishedUploadsRepository } from '../../src/domain/media/unfinished-uploads.repository.ts';
import { tusStorageFor } from '../../src/domain/storage/tus-store.ts';
import { closeApiBed, startUsersBed } from '../support/api-bed.ts';
import { testConfig } from '../support/fixtures.ts';
import { type TestServer } from '../support/http.ts';

let orm: MikroORM;
let databaseUrl: string;
let api: TestServer;
let storage: { dir: string; remove: () => void };
let a: { token: string };
let b: { token: string };
const MB = 1024 * 1024;

beforeAll(async () => {
  ({ orm, api, databaseUrl, storage, admin: a, user: b } = await startUsersBed('ppp-tus-limits-'));
});
afterAll(() => closeApiBed({ api, orm, storage }));

const tusHeaders = (token: string) => ({ authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0' });
const encoded = (meta: Record<string, string>) =>
  Object.entries(meta)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');

/** POST /files/: an upload of `length` bytes, or of a deferred length when `length` is null. */
function create(token: string, length: number | null, meta: Record<string, string>): Promise<Response> {
  const size = length === null ? { 'upload-defer-length': '1' } : { 'upload-length': String(length) };
  return fetch(`${api.baseUrl}/files/`, {
    method: 'POST',
    headers: { ...tusHeaders(token), ...size, 'upload-metadata': encoded(meta) },
  });
}

const idOf = (created: Response) => (created.headers.get('location') ?? '').split('/').pop() ?? '';

/** PATCH /files/{id}: a chunk with its Content-Length, or streamed without one (chunked) when given as a stream. */
function patch(token: string, id: string, offset: number, body: Buffer | ReadableStream<Uint8Array>): Promise<Response> {
  return fetch(`${api.baseUrl}/files/${id}`, {
    method: 'PATCH',
    headers: { ...tusHeaders(token), 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    body,
    duplex: 'half',
  } as RequestInit);
}

/** `megabytes` of zeros as a stream, one MB at a time. */
function streamOf(megabytes: number): ReadableStream<Uint8Array> {
  let left = megabytes;
  return new ReadableStream({
    pull(controller) {
      if (left-- > 0) controller.enqueue(new Uint8Array(MB));
      else controller.close();
    },
  });
}

const head = async (token: string, id: string) =>
  (await fetch(`${api.baseUrl}/files/${id}`, { method: 'HEAD', headers: tusHeaders(token) })).status;
const cancel = (token: string, id: string) => fetch(`${api.baseUrl}/files/${id}`, { method: 'DELETE', headers: tusHeaders(token) });
const partialFiles = (id: string) => [path.join(storage.dir, 'tus', id), path.join(storage.dir, 'tus', `${id}.json`)].filter(existsSync);
const counted = async (id: string) =>
  (await orm.em.fork().execute<{ id: string }[]>('select id from unfinished_uploads where id = ?', [id])).length === 1;

const episode = { filename: 'episode.wav', category: 'main_content', friendly_name: 'Episode' };

describe('deferred-length tus uploads', () => {
  it("are cut off at their category's own limit (25 MB sfx) as the offset passes it, in the spec's words, and removed", async () => {
    const created = await create(a.token, null, { filename: 'boom.wav', category: 'sfx' });
    expect(created.status).toBe(201);
    const id = idOf(created);
    expect(await counted(id)).toBe(true);
    expect((await patch(a.token, id, 0, Buffer.alloc(20 * MB))).status).toBe(204);
    // Streamed without a length: tus writes up to the limit and cuts the rest off.
    const over = await patch(a.token, id, 20 * MB, streamOf(10));
    expect([over.status, await over.text()]).toEqual([413, exceedsLimitMessage('boom.wav', 25, 'sfx')]);
    expect(await head(a.token, id)).toBe(404);
    expect(partialFiles(id)).toEqual([]);
    expect(await counted(id)).toBe(false);
  });

  it("hold main content to the admin's max_upload_mb, not to the 50 MB library limit", async () => {
    expect((await api.request('PUT', '/api/admin/settings', { token: a.token, json: { max_upload_mb: 10 } })).status).toBe(200);
    try {
      const created = await create(a.token, null, episode);
      const id = idOf(created);
      const over = await patch(a.token, id, 0, Buffer.alloc(12 * MB));
      expect([over.status, await over.text()]).toEqual([413, audioExceedsMessage(10)]);
      expect(await head(a.token, id)).toBe(404);
      expect(partialFiles(id)).toEqual([]);
      // Declaring a length past the limit later is refused the same way, and the upload goes too.
      const other = idOf(await create(a.token, null, episode));
      const declared = await fetch(`${api.baseUrl}/files/${other}`, {
        method: 'PATCH',
        headers: {
          ...tusHeaders(a.token),
          'upload-offset': '0',
          'upload-length': String(11 * MB),
          'content-type': 'application/offset+octet-stream',
        },
        body: Buffer.alloc(1024),
      });
      expect([declared.status, await declared.text()]).toEqual([413, audioExceedsMessage(10)]);
      expect(await head(a.token, other)).toBe(404);
      expect(partialFiles(other)).toEqual([]);
    } finally {
      await api.request('PUT', '/api/admin/settings', { token: a.token, json: { max_upload_mb: 500 } });
    }
  });
});

/** The uploads each user holds, from one case to the next. */
const created: Record<'a' | 'b', string[]> = { a: [], b: [] };

describe("a user's unfinished uploads", () => {
  it(`are at most ${UNFINISHED_UPLOADS.maxPerUser} at once, even created in parallel; the other user is not affected`, async () => {
    const attempts = await Promise.all(Array.from({ length: 15 }, () => create(a.token, 1000, episode)));
    const statuses = attempts.map((res) => res.status).sort();
    expect(statuses).toEqual([...Array(UNFINISHED_UPLOADS.maxPerUser).fill(201), ...Array(5).fill(429)]);
    const refused = attempts.find((res) => res.status === 429);
    expect(await refused?.text()).toBe(unfinishedUploadsCapMessage('count'));
    created.a = attempts.filter((res) => res.status === 201).map(idOf);
    // User B starts uploads as before.
    const other = await create(b.token, 1000, episode);
    expect(other.status).toBe(201);
    created.b.push(idOf(other));
  });

  it('count again once one is cancelled or finished', async () => {
    const [first] = created.a;
    expect((await cancel(a.token, first ?? '')).status).toBe(204);
    expect(await counted(first ?? '')).toBe(false);
    const again = await create(a.token, 1000, episode);
    expect(again.status).toBe(201);
    expect((await create(a.token, 1000, episode)).status).toBe(429);
  });

  it(`are at most ${UNFINISHED_UPLOADS.maxTotalMb} MB in all, counted at their declared length (or category limit when deferred)`, async () => {
    // B holds one small upload; eight of the default 500 MB main content fit beside it (4000 MB), a ninth would pass 4096 MB.
    for (let i = 0; i < 8; i++) {
      const res = await create(b.token, 500 * MB, episode);
      expect(res.status).toBe(201);
      created.b.push(idOf(res));
    }
    const big = await create(b.token, 500 * MB, episode);
    expect([big.status, await big.text()]).toEqual([429, unfinishedUploadsCapMessage('size')]);
    // A deferred length counts as the category's limit: a deferred main content (500 MB) does not fit either, a sfx (25 MB) does,
    // and B is then at its count too.
    expect((await create(b.token, null, episode)).status).toBe(429);
    expect((await create(b.token, null, { filename: 'ding.wav', category: 'sfx' })).status).toBe(201);
    expect(await (await create(b.token, 1000, episode)).text()).toBe(unfinishedUploadsCapMessage('count'));
    // User A's count is its own: still at its cap, refused for the number, not the size.
    expect(await (await create(a.token, 1000, episode)).text()).toBe(unfinishedUploadsCapMessage('count'));
  });
});

describe('abandoned uploads', () => {
  it('are removed once nothing arrived for hours, counted from the last chunk rather than the creation', async () => {
    const removeIdle = () =>
      new UnfinishedUploads(new UnfinishedUploadsRepository(orm.em.fork())).removeIdle((id) =>
        tusStorageFor(testConfig(databaseUrl, { STORAGE_DIR: storage.dir })).abandon(id),
      );
    const backdate = (id: string, column: 'created_at' | 'last_activity_at', hours: number) =>
      orm.em.fork().execute(`update unfinished_uploads set ${column} = now() - make_interval(hours => ?) where id = ?`, [hours, id], 'run');
    const [abandoned, active] = created.b;
    // Both created a day ago; one got no chunk since, the other gets a chunk now.
    for (const id of [abandoned, active]) {
      await backdate(id ?? '', 'created_at', 24);
      await backdate(id ?? '', 'last_activity_at', UNFINISHED_UPLOADS.idleHours + 1);
    }
    expect((await patch(b.token, active ?? '', 0, Buffer.alloc(100))).status).toBe(204);
    expect(await removeIdle()).toBe(1);
    expect(await head(b.token, abandoned ?? '')).toBe(404);
    expect(partialFiles(abandoned ?? '')).toEqual([]);
    expect(await counted(abandoned ?? '')).toBe(false);
    expect(await head(b.token, active ?? '')).toBe(200);
    expect(await counted(active ?? '')).toBe(true);
    // Removed, it no longer counts: B may start another.
    expect((await create(b.token, 1000, { filename: 'ding.wav', category: 'sfx' })).status).toBe(201);
  });
});

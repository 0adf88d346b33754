/**
 * The tRPC twin of Episode History's page (episodes.page) sent alone as a GET, as the web app sends it:
 * answered from the kept page in tRPC's envelope, it must decode with the real client to exactly what
 * the procedure answers through tRPC's own handler, revalidate with a 304, be each user's own, and
 * refuse as the tRPC path refuses.
 */
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { createTRPCClient, httpBatchLink, TRPCClientError } from '@trpc/client';
import superjson from 'superjson';
import { MESSAGES } from '@ppp/contracts';
import type { AppRouter } from '../../src/http/trpc/app.router.ts';
import { LocalStorage } from '../../src/domain/storage/local-storage.ts';
import { tempDir } from '../support/audio-files.ts';
import { openTestOrm } from '../support/database.ts';
import { coverPng, seedAssembledEpisode, seedShow } from '../support/episodes.ts';
import { startTestServer, twoUsers, type TestServer } from '../support/http.ts';
import { rawRequest } from '../support/raw-http.ts';

let orm: MikroORM;
let api: TestServer;
let a: { id: string; token: string };
let b: { id: string; token: string };
let storage: { dir: string; remove: () => void };
let files: { dir: string; remove: () => void };

beforeAll(async () => {
  storage = tempDir('ppp-trpc-list-storage-');
  files = tempDir('ppp-trpc-list-files-');
  const db = await openTestOrm();
  orm = db.orm;
  api = await startTestServer(orm, db.databaseUrl, { STORAGE_DIR: storage.dir });
  const users = await twoUsers(api);
  a = users.user;
  b = users.admin;
  const disk = new LocalStorage(storage.dir);
  const show = await seedShow(orm, disk, a.id, 'Twin Show', coverPng(files.dir, 1400));
  await seedAssembledEpisode(orm, disk, files.dir, { userId: a.id, podcastId: show }, { title: 'Mine' });
  await seedAssembledEpisode(orm, disk, files.dir, { userId: a.id, podcastId: show }, { title: 'Draft', withAudio: false });
  const theirShow = await seedShow(orm, disk, b.id, 'Their Show', null);
  await seedAssembledEpisode(orm, disk, files.dir, { userId: b.id, podcastId: theirShow }, { title: 'Theirs' });
});
afterAll(async () => {
  await api.close();
  await orm.close();
  storage.remove();
  files.remove();
});

const query = { limit: 500, offset: 0 };
const inputParam = (input: unknown) => encodeURIComponent(JSON.stringify(superjson.serialize(input)));
/** The call as the web app sends it: alone, a plain GET. */
const alone = (token: string | null, headers: Record<string, string> = {}, input: unknown = query) =>
  rawRequest(`${api.baseUrl}/trpc/episodes.page?input=${inputParam(input)}`, {
    ...(token ? { authorization: `Bearer ${token}` } : {}),
    ...headers,
  });
/** The same call in a batch of one, which tRPC's own handler answers. */
const batched = (token: string | null, input: unknown = query) =>
  rawRequest(
    `${api.baseUrl}/trpc/episodes.page?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: superjson.serialize(input) }))}`,
    token ? { authorization: `Bearer ${token}` } : {},
  );
const batchClient = (token: string) =>
  createTRPCClient<AppRouter>({
    links: [httpBatchLink({ url: `${api.baseUrl}/trpc`, transformer: superjson, headers: { authorization: `Bearer ${token}` } })],
  });

describe('tRPC episodes.page sent alone (the kept page)', () => {
  it('is tRPC’s answer byte for byte, and decodes with the real client to what the procedure answers', async () => {
    // Signed URLs move to a new expiry every few minutes; a pair of calls across that step differs once.
    let kept = await alone(a.token);
    let handled = await batched(a.token);
    if (handled.body.toString() !== `[${kept.body.toString()}]`) {
      kept = await alone(a.token);
      handled = await batched(a.token);
    }
    expect(kept.status).toBe(200);
    expect(kept.headers.etag).toMatch(/^"trpc\./);
    expect(handled.headers.etag).toBeUndefined();
    expect(handled.body.toString()).toBe(`[${kept.body.toString()}]`);

    const viaKept = await api.trpc(a.token).episodes.page.query(query);
    const viaHandler = await batchClient(a.token).episodes.page.query(query);
    expect(viaKept).toStrictEqual(viaHandler);
    expect(viaKept.items.map((item) => item.title).sort()).toEqual(['Draft', 'Mine']);
    expect(viaKept.total).toBe(2);
  });

  it('is gzipped once for a browser and revalidated with a 304 while unchanged', async () => {
    const plain = await alone(a.token);
    const zipped = await alone(a.token, { 'accept-encoding': 'gzip, deflate, br' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/accept-encoding/i);
    expect(zipped.headers['cache-control']).toBe('private, no-cache');
    expect(gunzipSync(zipped.body).equals(plain.body)).toBe(true);
    expect(zipped.headers.etag).toBe(`W/${plain.headers.etag}`);

    const again = await alone(a.token, { 'accept-encoding': 'gzip', 'if-none-match': zipped.headers.etag ?? '' });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(zipped.headers.etag);
    expect(again.headers.vary).toMatch(/accept-encoding/i);
    expect((await alone(a.token, { 'if-none-match': plain.headers.etag ?? '' })).status).toBe(304);
  });

  it('gives each user their own page: another user’s validator is not theirs', async () => {
    const mine = await alone(a.token);
    const theirs = await alone(b.token, { 'if-none-match': mine.headers.etag ?? '' });
    expect(theirs.status).toBe(200);
    expect(theirs.headers.etag).not.toBe(mine.headers.etag);
    const page = await api.trpc(b.token).episodes.page.query(query);
    expect(page.items.map((item) => item.title)).toEqual(['Theirs']);
  });

  it('refuses as the tRPC path refuses: not signed in, bad input, unreadable input', async () => {
    for (const [token, input] of [
      [null, query],
      [a.token, { limit: 501, offset: 0 }],
      [a.token, { limit: 500, offset: -1 }],
    ] as const) {
      const kept = await alone(token, {}, input);
      const handled = await batched(token, input);
      expect(kept.status).toBe(handled.status);
      expect(JSON.parse(kept.body.toString())).toEqual(JSON.parse(handled.body.toString())[0]);
    }
    const unreadable = await rawRequest(`${api.baseUrl}/trpc/episodes.page?input=%7Bnot-json`, { authorization: `Bearer ${a.token}` });
    expect(unreadable.status).toBe(400);

    const refused = await api
      .trpc()
      .episodes.page.query(query)
      .catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(TRPCClientError);
    expect((refused as TRPCClientError<AppRouter>).message).toBe(MESSAGES.notAuthenticated);
    expect((refused as TRPCClientError<AppRouter>).data?.appCode).toBe('UNAUTHORIZED');
  });
});

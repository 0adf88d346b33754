/**
 * Security suite, fetch and rate limits (issue 14): the instance cannot be turned against other
 * servers. RSS preview and import start are counted per user and per instance before anything is
 * fetched (429 in spec 000 §8's words, no request reaches the target), and a user has at most one
 * import running. The SSRF guard's cases (private, loopback and metadata addresses, redirects to
 * them, other schemes, XML entities, huge and endless bodies) are in test/api/rss-import.api.test.ts.
 * The target feed listens on 127.0.0.2, the one private address this server may reach.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { MESSAGES, OUTBOUND_FETCH_RATE, RSS_IMPORT_MESSAGES } from '@ppp/contracts';
import { closeApiBed, startUsersBed } from '../support/api-bed.ts';
import { errorOf, type TestServer } from '../support/http.ts';
import { buildFeed, manyItems, startFeedServer, type FeedServer } from '../support/feed-server.ts';

let orm: MikroORM;
let api: TestServer;
let target: FeedServer;
let storage: { dir: string; remove: () => void };
let a: { token: string };
let b: { token: string; id: string };

const sql = <T extends object>(query: string, params: unknown[] = []) => orm.em.fork().getConnection().execute<T[]>(query, params);
const count = async (table: string) => Number((await sql<{ n: string }>(`select count(*) as n from ${table}`))[0]?.n);
const feedUrl = (path = '/feed.rss') => `${target.origin}${path}`;
const preview = (token: string, path?: string) =>
  api.request('POST', '/api/import/rss/preview', { token, json: { rss_url: feedUrl(path) } });
const start = (token: string, path?: string) => api.request('POST', '/api/import/rss', { token, json: { rss_url: feedUrl(path) } });

beforeAll(async () => {
  ({ orm, api, storage, admin: a, user: b } = await startUsersBed('ppp-fetch-limits-', { IMPORT_ALLOW_PRIVATE_HOSTS: '127.0.0.2' }));
  target = await startFeedServer({ '/feed.rss': { body: buildFeed({ title: 'Target Show' }, manyItems(3)) } }, '127.0.0.2');
});
beforeEach(async () => {
  await sql(`delete from rate_limits where key like 'fetch:%'`);
  await sql('delete from rss_imports');
  await sql('delete from podcasts');
  target.hits.length = 0;
});
afterAll(async () => {
  await target?.close();
  await closeApiBed({ api, orm, storage });
});

describe('a user previewing feeds in a loop to make this server hammer another one', () => {
  const { perUser } = OUTBOUND_FETCH_RATE.limits['rss-preview'];

  it(`gets ${perUser} fetches a minute, then 429 in the spec's words with no request sent; the other user is not affected`, async () => {
    for (let i = 0; i < perUser; i += 1) expect((await preview(a.token)).status).toBe(200);
    expect(target.hits).toHaveLength(perUser);
    const refused = errorOf(await preview(a.token));
    expect(refused).toMatchObject({ status: 429, code: 'RATE_LIMITED', detail: MESSAGES.tooManyRequests });
    await expect(api.trpc(a.token).rssImport.preview.mutate({ rss_url: feedUrl() })).rejects.toMatchObject({
      message: MESSAGES.tooManyRequests,
      data: { httpStatus: 429 },
    });
    expect(target.hits).toHaveLength(perUser);
    expect((await preview(b.token)).status).toBe(200);
    expect(target.hits).toHaveLength(perUser + 1);
  });

  it('parallel previews never pass the bound (counted before the fetch, atomically)', async () => {
    const answers = await Promise.all(Array.from({ length: perUser + 5 }, () => preview(a.token)));
    expect(answers.filter((res) => res.status === 200)).toHaveLength(perUser);
    expect(answers.filter((res) => res.status === 429)).toHaveLength(5);
    expect(target.hits).toHaveLength(perUser);
  });
});

describe('many users together (the instance-wide bound)', () => {
  it('once the instance has fetched its bound this minute, every user gets 429 and nothing is fetched or written', async () => {
    const { perInstance } = OUTBOUND_FETCH_RATE.limits['rss-import'];
    // The window already full from other accounts' starts this minute.
    await sql(`insert into rate_limits (key, count, window_start) values ('fetch:rss-import:instance', ?, now())`, [perInstance]);
    for (const user of [a, b]) {
      expect(errorOf(await start(user.token))).toMatchObject({ status: 429, detail: MESSAGES.tooManyRequests });
    }
    expect(target.hits).toEqual([]);
    expect(await count('rss_imports')).toBe(0);
    expect(await count('podcasts')).toBe(0);
    // A new window lets them through again.
    await sql(`update rate_limits set window_start = now() - interval '2 minutes' where key = 'fetch:rss-import:instance'`);
    expect((await start(b.token)).status).toBe(200);
  });
});

describe('import start', () => {
  it('is counted per user too: failing starts in a loop stop at the bound without reaching the target', async () => {
    const { perUser } = OUTBOUND_FETCH_RATE.limits['rss-import'];
    for (let i = 0; i < perUser; i += 1) expect((await start(a.token, '/missing.rss')).status).toBe(400);
    expect(target.hits).toHaveLength(perUser);
    expect(errorOf(await start(a.token, '/missing.rss'))).toMatchObject({ status: 429, detail: MESSAGES.tooManyRequests });
    expect(target.hits).toHaveLength(perUser);
  });

  it('runs one import at a time per user: a second start while the first runs is a 409 and writes nothing', async () => {
    const first = await start(a.token);
    expect(first.status).toBe(200);
    const hits = target.hits.length;
    expect(errorOf(await start(a.token))).toMatchObject({ status: 409, code: 'CONFLICT', detail: RSS_IMPORT_MESSAGES.importRunning });
    await expect(api.trpc(a.token).rssImport.start.mutate({ rss_url: feedUrl() })).rejects.toMatchObject({
      message: RSS_IMPORT_MESSAGES.importRunning,
    });
    // Refused before fetching, and the other user's import is theirs to start.
    expect(target.hits).toHaveLength(hits);
    expect(await count('rss_imports')).toBe(1);
    expect((await start(b.token)).status).toBe(200);
    // Once the first one has finished, the next one starts.
    await sql(`update rss_imports set status = 'done' where user_id <> ?`, [b.id]);
    expect((await start(a.token)).status).toBe(200);
  });

  it('two starts sent at once write one import, the other answers 409', async () => {
    const answers = await Promise.all([start(a.token), start(a.token), start(a.token)]);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 409, 409]);
    expect(await count('rss_imports')).toBe(1);
    expect(await count('podcasts')).toBe(1);
  });

  it('an import lost for an hour (its job gone) no longer blocks the next one', async () => {
    expect((await start(a.token)).status).toBe(200);
    expect((await start(a.token)).status).toBe(409);
    await sql(`update rss_imports set updated_at = now() - interval '61 minutes'`);
    expect((await start(a.token)).status).toBe(200);
  });
});

/**
 * RSS import over REST and tRPC with two users, against hostile input: every address on the SSRF
 * list answers a clear 4xx before any connection, and so does a redirect to loopback; billion laughs,
 * XXE, a 50 MB body and a server that never finishes are refused quickly with nothing written.
 * The hostile servers listen on 127.0.0.2, the one address this server is configured to reach.
 * The rate limits and the one-import-at-a-time rule of these calls: test/security/fetch-rate-limits.test.ts.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { RSS_IMPORT_MESSAGES } from '@ppp/contracts';
import { closeApiBed, startUsersBed } from '../support/api-bed.ts';
import { errorOf, type TestServer } from '../support/http.ts';
import { buildFeed, manyItems, startFeedServer, type FeedServer } from '../support/feed-server.ts';

let orm: MikroORM;
let api: TestServer;
let hostile: FeedServer;
let loopbackOnly: FeedServer;
let storage: { dir: string; remove: () => void };
let a: { token: string };
let b: { token: string };
const endless: { destroy: () => void }[] = [];

const BILLION_LAUGHS = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;"><!ENTITY lol9 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">]><rss version="2.0"><channel><title>&lol9;</title></channel></rss>`;
const XXE = `<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><rss version="2.0"><channel><title>&xxe;</title></channel></rss>`;

beforeAll(async () => {
  ({
    orm,
    api,
    storage,
    admin: a,
    user: b,
  } = await startUsersBed('ppp-rss-api-', {
    IMPORT_ALLOW_PRIVATE_HOSTS: '127.0.0.2',
    IMPORT_FEED_TIMEOUT_MS: '1500',
  }));
  loopbackOnly = await startFeedServer({ '/feed.rss': { body: buildFeed({ title: 'On loopback' }, manyItems(2)) } }, '127.0.0.1');
  hostile = await startFeedServer(
    {
      '/feed.rss': { body: buildFeed({ title: 'Fine Feed Show' }, manyItems(7)) },
      '/laughs.rss': { body: BILLION_LAUGHS },
      '/xxe.rss': { body: XXE },
      '/to-loopback': { status: 302, body: '', headers: { location: `${loopbackOnly.origin}/feed.rss` } },
      '/to-metadata': { status: 302, body: '', headers: { location: 'http://169.254.169.254/latest/meta-data/' } },
      '/huge.rss': (_req, res) => {
        // 50 MB, no Content-Length: refused while reading, at the cap.
        res.writeHead(200, { 'content-type': 'application/rss+xml' });
        const chunk = Buffer.alloc(1024 * 1024, 0x20);
        let sent = 0;
        const write = () => {
          while (sent < 50) {
            sent += 1;
            if (!res.write(chunk)) return void res.once('drain', write);
          }
          res.end();
        };
        res.on('error', () => undefined);
        write();
      },
      '/never.rss': (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/rss+xml' });
        res.write('<?xml version="1.0"?><rss version="2.0"><channel><title>Slow');
        endless.push(res);
      },
    },
    '127.0.0.2',
  );
});
// The per-user fetch limits (issue 14) are the security suite's subject (test/security/fetch-rate-limits.test.ts);
// here each case starts with a fresh window.
beforeEach(async () => {
  await orm.em.fork().getConnection().execute(`delete from rate_limits where key like 'fetch:%'`);
});
afterAll(async () => {
  for (const res of endless) res.destroy();
  await hostile?.close();
  await loopbackOnly?.close();
  await closeApiBed({ api, orm, storage });
});

const importRss = (rss_url: string, token = a.token) => api.request('POST', '/api/import/rss', { token, json: { rss_url } });
const podcastCount = async () =>
  Number((await orm.em.getConnection().execute<{ n: string }[]>('select count(*) as n from podcasts'))[0]?.n);

describe('POST /api/import/rss refuses what it must not fetch', () => {
  it.each([
    ['http://127.0.0.1/feed.rss'],
    ['http://169.254.169.254/latest/meta-data/'],
    ['http://[::1]/feed.rss'],
    ['http://[::ffff:10.0.0.1]/feed.rss'],
    ['http://0.0.0.0/feed.rss'],
    ['http://2130706433/feed.rss'],
    ['http://0x7f.1/feed.rss'],
    ['http://10.0.0.5/feed.rss'],
    ['http://192.168.1.1/feed.rss'],
    ['http://localhost/feed.rss'],
  ])('%s answers 400 without connecting', async (url) => {
    const started = Date.now();
    const res = await importRss(url);
    expect(errorOf(res)).toMatchObject({
      status: 400,
      code: 'BAD_REQUEST',
      detail: expect.stringMatching(/points to a private, local or reserved network and cannot be fetched\.$/),
    });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('a loopback server that is really there is refused too, and a redirect to it or to the metadata address', async () => {
    expect(errorOf(await importRss(`${loopbackOnly.origin}/feed.rss`)).status).toBe(400);
    const redirect = errorOf(await importRss(`${hostile.origin}/to-loopback`));
    expect(redirect).toMatchObject({
      status: 400,
      detail: 'The address 127.0.0.1 points to a private, local or reserved network and cannot be fetched.',
    });
    expect(errorOf(await importRss(`${hostile.origin}/to-metadata`)).detail).toContain('169.254.169.254');
    expect(loopbackOnly.hits).toEqual([]);
  });

  it('non-http schemes and an empty URL', async () => {
    expect(errorOf(await importRss('file:///etc/passwd'))).toMatchObject({
      status: 400,
      detail: 'Only http and https addresses can be fetched.',
    });
    expect(errorOf(await importRss('gopher://example.com/'))).toMatchObject({ status: 400 });
    expect(errorOf(await importRss('   '))).toMatchObject({ status: 422, detail: RSS_IMPORT_MESSAGES.urlRequired });
    expect(errorOf(await api.request('POST', '/api/import/rss', { token: a.token, json: {} })).status).toBe(422);
  });

  it('billion laughs and XXE are refused fast, a 50 MB body at the cap, a server that never finishes at the deadline', async () => {
    let started = Date.now();
    expect(errorOf(await importRss(`${hostile.origin}/laughs.rss`))).toMatchObject({
      status: 422,
      detail: 'The feed declares its own XML entities, which are refused for safety.',
    });
    expect(errorOf(await importRss(`${hostile.origin}/xxe.rss`))).toMatchObject({
      status: 422,
      detail: 'The feed declares its own XML entities, which are refused for safety.',
    });
    expect(Date.now() - started).toBeLessThan(1000);

    expect(errorOf(await importRss(`${hostile.origin}/huge.rss`))).toMatchObject({
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
      detail: 'The response is larger than the allowed 20 MB.',
    });

    started = Date.now();
    expect(errorOf(await importRss(`${hostile.origin}/never.rss`))).toMatchObject({
      status: 400,
      detail: 'The server took longer than 1.5 s to answer.',
    });
    expect(Date.now() - started).toBeLessThan(4000);
    expect(await podcastCount()).toBe(0);
  });

  it('needs a signed-in, active user', async () => {
    expect((await api.request('POST', '/api/import/rss', { json: { rss_url: `${hostile.origin}/feed.rss` } })).status).toBe(401);
  });
});

describe('a good feed over REST and tRPC', () => {
  it('previews the newest five, imports, reports progress, and keeps the other user out', async () => {
    const preview = await api.request('POST', '/api/import/rss/preview', {
      token: a.token,
      json: { rss_url: `${hostile.origin}/feed.rss` },
    });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ feed_total: 7, is_spreaker: false, existing_podcast_id: null, show: { title: 'Fine Feed Show' } });
    expect((preview.body as { episodes: { title: string }[] }).episodes.map((e) => e.title)).toEqual([
      'Episode 7',
      'Episode 6',
      'Episode 5',
      'Episode 4',
      'Episode 3',
    ]);

    const res = await api.request('POST', '/api/import/rss', {
      token: a.token,
      json: {
        rss_url: `${hostile.origin}/feed.rss`,
        attempt_link_spreaker: true,
        auto_publish_to_spreaker: false,
        publish_state: 'public',
      },
    });
    expect(res.status).toBe(200);
    const body = res.body as { import_id: string; podcast_id: string };
    expect(res.body).toMatchObject({
      podcast_name: 'Fine Feed Show',
      description: 'All about Fine Feed Show',
      status: 'queued',
      episodes_imported: 0,
      mirrored_count: 0,
      // Not a Spreaker feed: no link is attempted.
      spreaker_linked: false,
      spreaker_attempted: false,
      auto_publish_started: false,
      import_status: { needs_full_import: true, imported_count: 0, feed_total: 7 },
    });
    const status = await api.request('GET', `/api/import/rss/${body.import_id}`, { token: a.token });
    expect(status.body).toMatchObject({ import_id: body.import_id, podcast_id: body.podcast_id });
    expect(errorOf(await api.request('GET', `/api/import/rss/${body.import_id}`, { token: b.token }))).toMatchObject({
      status: 404,
      detail: 'Import not found',
    });
    expect(errorOf(await api.request('POST', `/api/podcasts/${body.podcast_id}/recover-from-spreaker`, { token: b.token })).status).toBe(
      404,
    );
    expect(errorOf(await api.request('POST', `/api/podcasts/${body.podcast_id}/recover-from-spreaker`, { token: a.token })).status).toBe(
      409,
    );

    // The tRPC twins answer the same from the same service.
    const trpc = api.trpc(b.token);
    const mine = await trpc.rssImport.start.mutate({ rss_url: `${hostile.origin}/feed.rss` });
    expect(mine).toMatchObject({ podcast_name: 'Fine Feed Show', import_status: { feed_total: 7 } });
    expect(mine.podcast_id).not.toBe(body.podcast_id);
    expect((await trpc.rssImport.status.query({ import_id: mine.import_id })).status).toBe('queued');
    await expect(trpc.rssImport.status.query({ import_id: body.import_id })).rejects.toMatchObject({ data: { appCode: 'NOT_FOUND' } });
    await expect(trpc.rssImport.preview.mutate({ rss_url: 'http://169.254.169.254/' })).rejects.toMatchObject({
      data: { appCode: 'BAD_REQUEST' },
    });
    await expect(trpc.rssImport.preview.mutate({ rss_url: '' })).rejects.toMatchObject({ message: RSS_IMPORT_MESSAGES.urlRequired });
  });
});

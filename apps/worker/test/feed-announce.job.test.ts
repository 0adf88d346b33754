/**
 * Issue 36: telling the world on publish. A built-in show's feed names the configured WebSub hub; a
 * publish queues feed.announce, which pings the hub (hub.mode=publish, hub.url=<feed>) and Podping
 * (GET ?url=<feed>&reason=update&medium=podcast with its token), both local stand-ins here. A hub that
 * is down leaves the publish done and the job waiting for its retry.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coverPng } from '@ppp/server/test-support';
import { workerBed } from './support/worker-bed.ts';

interface Heard {
  path: string;
  query: URLSearchParams;
  body: string;
  authorization: string | undefined;
}

const heard: Heard[] = [];
let hubStatus = 204;
let standIn: Server;
let origin = '';

beforeAll(async () => {
  standIn = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      heard.push({ path: url.pathname, query: url.searchParams, body, authorization: req.headers.authorization });
      res.statusCode = url.pathname === '/hub' ? hubStatus : 200;
      res.end(url.pathname === '/hub' ? '' : 'Success!');
    });
  });
  await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => standIn.close(() => resolve())));

const bed = workerBed({
  name: 'ppp-feed-announce',
  env: () => ({ WEBSUB_HUB_URL: `${origin}/hub`, PODPING_URL: `${origin}/podping`, PODPING_TOKEN: 'podping-secret' }),
});
const { services } = bed;
let userId: string;
let cover: string;

beforeAll(async () => {
  cover = coverPng(bed.files.dir);
  userId = (await bed.newUser('announcer')).id;
});

async function publish(podcastId: string, title: string) {
  const episode = await bed.assembledEpisode({ userId, podcastId }, { title });
  await services().publishing.publish({ id: userId }, episode.id, { publish_state: 'public' });
  return bed.waitFor(
    () => services().publishing.status({ id: userId }, episode.id),
    (s) => s.status === 'published' || s.publish_state === 'publish_error',
    30_000,
  );
}

describe('feed.announce', () => {
  it('names the hub in the feed and tells the hub and Podping once an episode is published', async () => {
    const podcastId = await bed.show(userId, 'Announced Show', cover);
    expect(await publish(podcastId, 'Announced one')).toMatchObject({ status: 'published' });
    const xml = (await services().feeds.render(podcastId)).xml;
    expect(xml).toContain(`<atom:link href="${origin}/hub" rel="hub"/>`);

    const told = (path: string) =>
      heard.filter(
        (h) => h.path === path && (h.query.get('url') ?? new URLSearchParams(h.body).get('hub.url'))?.endsWith(`/feeds/${podcastId}.xml`),
      );
    await bed.waitFor(
      async () => told('/podping').length,
      (n) => n > 0,
      30_000,
    );
    const [hub] = told('/hub');
    const [ping] = told('/podping');
    const feedUrl = ping?.query.get('url');
    expect(feedUrl).toMatch(new RegExp(`^https?://[^/]+/feeds/${podcastId}\\.xml$`));
    expect(Object.fromEntries(new URLSearchParams(hub?.body))).toEqual({ 'hub.mode': 'publish', 'hub.url': feedUrl });
    expect(ping?.authorization).toBe('podping-secret');
    expect([ping?.query.get('reason'), ping?.query.get('medium')]).toEqual(['update', 'podcast']);
  });

  it('a hub that is down does not hold the publish back: the job waits for its retry', async () => {
    hubStatus = 503;
    const podcastId = await bed.show(userId, 'Hub Down Show', cover);
    expect(await publish(podcastId, 'Published anyway')).toMatchObject({ status: 'published' });
    const jobs = () =>
      bed.sql<{ state: string; output: string | null }>(
        "select state::text as state, output::text as output from pgboss.job where name = 'feed.announce' and data->>'podcast_id' = ?",
        [podcastId],
      );
    const rows = await bed.waitFor(jobs, (found) => found.some((r) => r.state === 'retry'), 30_000);
    const job = rows.find((r) => r.state === 'retry');
    // pg-boss keeps the failure's reason and runs the job again later (FEED_ANNOUNCE's retries, backing off).
    expect(job?.output).toContain('answered 503');
    // Podping comes after the hub: nothing was sent for this show while the hub refused.
    expect(heard.some((h) => h.path === '/podping' && h.query.get('url')?.endsWith(`/feeds/${podcastId}.xml`))).toBe(false);
    hubStatus = 204;
  });
});

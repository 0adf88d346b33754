/**
 * The dashboard's statistics (spec 002 §2.4, §3) for a seeded show with published, scheduled and
 * failed episodes and counted downloads: every figure equals what the database holds, over REST
 * and tRPC, and user B's figures never include A's.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { EpisodeSchema } from '../../src/domain/episodes/episode.entity.ts';
import { PodcastSchema } from '../../src/domain/podcasts/podcast.entity.ts';
import { emptyTemplateRow } from '../support/episodes.ts';
import { closeApiBed, startApiBed } from '../support/api-bed.ts';
import { twoUsers, type TestServer } from '../support/http.ts';

const ZStatsJson = z.object({
  total_episodes: z.number(),
  episodes_last_30d: z.number(),
  upcoming_scheduled: z.number(),
  last_published_at: z.string().nullable(),
  last_assembly_status: z.enum(['success', 'error', 'pending']).nullable(),
  plays_last_30d: z.number(),
  show_total_plays: z.number(),
  recent_episode_plays: z.array(z.object({ episode_id: z.string(), plays_total: z.number(), title: z.string() })),
  spreaker_connected: z.boolean(),
  show_count: z.number(),
  template_count: z.number(),
  ready: z.boolean(),
  minutes_left: z.number().nullable(),
  max_processing_minutes_month: z.number().nullable(),
});

let orm: MikroORM;
let api: TestServer;
let a: { token: string; id: string };
let b: { token: string; id: string };
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  ({ orm, api } = await startApiBed());
  ({ admin: a, user: b } = await twoUsers(api));
});
afterAll(() => closeApiBed({ api, orm }));

async function seedShow(userId: string): Promise<{ showId: string; published: string[] }> {
  const em = orm.em.fork();
  const now = Date.now();
  const show = em.create(PodcastSchema, { user: userId, name: `Show ${randomBytes(3).toString('hex')}`, description: '' });
  emptyTemplateRow(em, userId, 'Main');
  const at = (days: number) => new Date(now - days * DAY);
  const published = [40, 20, 10, 2].map((days, i) =>
    em.create(EpisodeSchema, {
      user: userId,
      podcast: show.id,
      title: `Published ${i}`,
      status: 'published',
      publishAt: at(days),
      publishedAt: at(days),
      createdAt: at(days + 1),
      playsTotal: 0,
    }),
  );
  em.create(EpisodeSchema, {
    user: userId,
    podcast: show.id,
    title: 'Scheduled',
    status: 'scheduled',
    publishAt: new Date(now + 3 * DAY),
    createdAt: at(1),
  });
  em.create(EpisodeSchema, {
    user: userId,
    podcast: show.id,
    title: 'Failed',
    status: 'error',
    errorMessage: 'boom',
    createdAt: new Date(now - 60_000),
  });
  await em.flush();
  // Downloads: some older than 30 days, some inside; plays_total follows them as the download counter keeps it.
  const connection = em.getConnection();
  const plan: [number, number][] = [
    [0, 35],
    [0, 5],
    [1, 31],
    [1, 3],
    [1, 1],
    [2, 2],
    [3, 0],
    [3, 0],
  ];
  for (const [index, daysAgo] of plan) {
    const episode = published[index]!;
    const when = at(daysAgo);
    await connection.execute(
      'insert into episode_downloads (id, episode_id, podcast_id, dedupe_key, day, created_at) values (gen_random_uuid(), ?, ?, ?, ?, ?)',
      [episode.id, show.id, randomBytes(16).toString('hex'), when.toISOString().slice(0, 10), when],
    );
    await connection.execute('update episodes set plays_total = plays_total + 1 where id = ?', [episode.id]);
  }
  return { showId: show.id, published: published.map((e) => e.id) };
}

/** The same figures, read straight from the tables. */
async function fromDatabase(userId: string) {
  const connection = orm.em.fork().getConnection();
  const one = async (sql: string) =>
    Number(Object.values((await connection.execute<Record<string, unknown>[]>(sql, [userId]))[0] ?? {})[0] ?? 0);
  return {
    total: await one('select count(*) from episodes where user_id = ?'),
    last30: await one("select count(*) from episodes where user_id = ? and created_at >= now() - interval '30 days'"),
    upcoming: await one("select count(*) from episodes where user_id = ? and status = 'scheduled' and publish_at > now()"),
    plays30: await one(
      "select count(*) from episode_downloads d join podcasts p on p.id = d.podcast_id where p.user_id = ? and d.created_at >= now() - interval '30 days'",
    ),
    playsAll: await one('select coalesce(sum(plays_total), 0) from episodes where user_id = ?'),
    // The recent episodes' plays of the last 30 days (spec 001 section 9), not their lifetime counter.
    recent: await connection.execute<{ id: string; plays_total: number; title: string }[]>(
      `select e.id, (select count(*)::int from episode_downloads d where d.episode_id = e.id and d.created_at >= now() - interval '30 days') as plays_total, e.title
       from episodes e where e.user_id = ? and e.status in ('published', 'scheduled') order by e.publish_at desc limit 3`,
      [userId],
    ),
  };
}

describe('GET /api/dashboard/stats', () => {
  it('equals what the database holds for a show with published, scheduled and failed episodes', async () => {
    const seeded = await seedShow(a.id);
    // A download of 40 days ago on a recent episode: in its lifetime counter, not in its recent plays.
    const connection = orm.em.fork().getConnection();
    const [third] = await connection.execute<{ id: string; podcast_id: string }[]>(
      "select id, podcast_id from episodes where user_id = ? and title = 'Published 3'",
      [a.id],
    );
    const old = new Date(Date.now() - 40 * DAY);
    await connection.execute(
      'insert into episode_downloads (id, episode_id, podcast_id, dedupe_key, day, created_at) values (gen_random_uuid(), ?, ?, ?, ?, ?)',
      [third?.id, third?.podcast_id, randomBytes(16).toString('hex'), old.toISOString().slice(0, 10), old],
    );
    await connection.execute('update episodes set plays_total = plays_total + 1 where id = ?', [third?.id]);
    const res = await api.request('GET', '/api/dashboard/stats', { token: a.token });
    expect(res.status).toBe(200);
    const stats = ZStatsJson.parse(res.body);
    const db = await fromDatabase(a.id);
    expect(stats).toMatchObject({
      total_episodes: db.total,
      episodes_last_30d: db.last30,
      upcoming_scheduled: db.upcoming,
      plays_last_30d: db.plays30,
      show_total_plays: db.playsAll,
      last_assembly_status: 'error',
      spreaker_connected: false,
      show_count: 1,
      template_count: 1,
      ready: true,
    });
    // The literal figures of the seed, so a wrong query on both sides cannot pass.
    expect([stats.total_episodes, stats.episodes_last_30d, stats.upcoming_scheduled, stats.plays_last_30d, stats.show_total_plays]).toEqual(
      [6, 5, 1, 6, 9],
    );
    expect(stats.recent_episode_plays).toEqual(
      db.recent.map((row) => ({ episode_id: row.id, plays_total: row.plays_total, title: row.title })),
    );
    expect(stats.recent_episode_plays.map((r) => r.title)).toEqual(['Scheduled', 'Published 3', 'Published 2']);
    expect(stats.recent_episode_plays.map((r) => r.plays_total)).toEqual([0, 2, 1]);
    expect(new Date(stats.last_published_at!).getTime()).toBeGreaterThan(Date.now() - 2 * DAY - 60_000);
    // A is the instance's first account, which is never capped (issue 15).
    expect(stats.max_processing_minutes_month).toBeNull();

    const same = ZStatsJson.parse((await api.request('GET', '/api/users/me/stats', { token: a.token })).body);
    expect(same.total_episodes).toBe(stats.total_episodes);
    const viaTrpc = await api.trpc(a.token).dashboard.stats.query();
    expect(viaTrpc.last_published_at).toBeInstanceOf(Date);
    expect(viaTrpc.plays_last_30d).toBe(6);
    expect(seeded.published).toHaveLength(4);
  });

  it('shows B only B’s figures, and minutes as unlimited on the unlimited tier', async () => {
    const empty = ZStatsJson.parse((await api.request('GET', '/api/dashboard/stats', { token: b.token })).body);
    expect(empty).toMatchObject({
      total_episodes: 0,
      plays_last_30d: 0,
      show_total_plays: 0,
      recent_episode_plays: [],
      last_assembly_status: null,
      ready: false,
      show_count: 0,
    });
    await orm.em.fork().getConnection().execute("update users set tier = 'unlimited' where id = ?", [b.id]);
    const unlimited = ZStatsJson.parse((await api.request('GET', '/api/dashboard/stats', { token: b.token })).body);
    expect(unlimited).toMatchObject({ minutes_left: null, max_processing_minutes_month: null });
    expect((await api.request('GET', '/api/dashboard/stats')).status).toBe(401);
  });
});

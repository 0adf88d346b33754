/** Shows over REST and tRPC with two users: each sees only their own. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { PodcastSchema } from '../../src/domain/podcasts/podcast.entity.ts';
import { openTestOrm } from '../support/database.ts';
import { errorOf, startTestServer, twoUsers, type TestServer } from '../support/http.ts';

let orm: MikroORM;
let api: TestServer;
let a: { token: string; email: string };
let b: { token: string; email: string; id: string };
let aId: string;

const ZShowJson = z.object({ id: z.string(), name: z.string(), rss_url: z.string(), podcast_guid: z.string(), host_kind: z.string() });

async function seedShow(userId: string, name: string): Promise<string> {
  const em = orm.em.fork();
  const show = em.create(PodcastSchema, { user: userId, name, description: `About ${name}` });
  await em.flush();
  return show.id;
}

beforeAll(async () => {
  const db = await openTestOrm();
  orm = db.orm;
  api = await startTestServer(orm, db.databaseUrl);
  ({ admin: a, user: b } = await twoUsers(api));
  aId = z.object({ id: z.string() }).parse((await api.request('GET', '/api/users/me', { token: a.token })).body).id;
});
afterAll(async () => {
  await api?.close();
  await orm?.close();
});

describe('GET /api/podcasts/ and podcasts.list', () => {
  it('lists only the caller’s shows, with their public feed URL, and answers 404 for another user’s', async () => {
    const first = await seedShow(aId, 'First Show');
    const second = await seedShow(aId, 'Second Show');
    const theirs = await seedShow(b.id, 'B Show');

    const res = await api.request('GET', '/api/podcasts/', { token: a.token });
    expect(res.status).toBe(200);
    const shows = z.array(ZShowJson).parse(res.body);
    expect(shows.map((s) => s.name)).toEqual(['First Show', 'Second Show']);
    expect(shows[0]).toMatchObject({ id: first, host_kind: 'builtin', rss_url: `http://localhost:3000/feeds/${first}.xml` });
    expect(shows[0]?.podcast_guid).toMatch(/^[0-9a-f-]{36}$/);
    expect((await api.request('GET', '/api/podcasts', { token: a.token })).status).toBe(200);

    const viaTrpc = await api.trpc(a.token).podcasts.list.query();
    expect(viaTrpc.map((s) => s.id)).toEqual([first, second]);
    expect(viaTrpc[0]?.created_at).toBeInstanceOf(Date);

    const forB = z.array(ZShowJson).parse((await api.request('GET', '/api/podcasts/', { token: b.token })).body);
    expect(forB.map((s) => s.id)).toEqual([theirs]);
    expect(errorOf(await api.request('GET', `/api/podcasts/${first}`, { token: b.token })).status).toBe(404);
    expect(errorOf(await api.request('GET', '/api/podcasts/not-a-uuid', { token: b.token })).status).toBe(404);
    await expect(api.trpc(b.token).podcasts.get.query({ id: second })).rejects.toThrow(/not found/i);
    expect((await api.request('GET', `/api/podcasts/${second}`, { token: a.token })).status).toBe(200);
  });

  it('needs a signed-in user', async () => {
    expect((await api.request('GET', '/api/podcasts/')).status).toBe(401);
  });
});

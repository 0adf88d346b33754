import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { KILL_QUEUE_MESSAGES, MESSAGES, ZAdminSummary, ZKillQueuePreview } from '@ppp/contracts';
import { LocalStorage } from '../../src/domain/storage/local-storage.ts';
import { tempDir } from '../support/audio-files.ts';
import { mediaItemRow, seedAssembledEpisode, seedShow } from '../support/episodes.ts';
import { REST_ROUTES } from '../../src/http/rest/index.ts';
import { adminRouter } from '../../src/http/trpc/routers/admin.router.ts';
import { closeApiBed, startApiBed } from '../support/api-bed.ts';
import { errorOf, login, outboxCode, register, twoUsers, ZMeJson, type TestServer } from '../support/http.ts';
import { uniqueEmail } from '../support/fixtures.ts';
import { PgBossJobQueue } from '../../src/domain/jobs/job-queue.ts';

let orm: MikroORM;
let api: TestServer;
let admin: { email: string; token: string; id: string };
let creator: { email: string; token: string; id: string };
let storage: { dir: string; remove: () => void };
let databaseUrl: string;

beforeAll(async () => {
  storage = tempDir('ppp-admin-storage-');
  ({ orm, api, databaseUrl } = await startApiBed({ STORAGE_DIR: storage.dir }));
  ({ admin, user: creator } = await twoUsers(api));
});
afterAll(() => closeApiBed({ api, orm, storage }));

const ADMIN_REST = REST_ROUTES.filter((r) => r.access === 'admin');
const SAMPLE_ID = '00000000-0000-4000-8000-000000000000';
const concrete = (path: string) => path.replace(/\{name\}/g, 'users').replace(/\{\w+\}/g, SAMPLE_ID);

/** Every procedure of the tRPC admin router, with whether it is a query. */
const ADMIN_TRPC = Object.entries(adminRouter._def.procedures).map(([name, proc]) => ({
  name: `admin.${name}`,
  query: proc._def.type === 'query',
}));

describe('access: every admin route refuses a creator and changes nothing', () => {
  it('lists the admin REST routes of spec 002 section 7', () => {
    const paths = ADMIN_REST.map((r) => `${r.method.toUpperCase()} ${r.path}`);
    expect(paths).toContain('GET /api/admin/summary');
    expect(paths).toContain('PATCH /api/admin/users/{id}');
  });

  it.each(ADMIN_REST.map((r) => [r.method.toUpperCase(), r.path] as const))(
    '%s %s: 403 for a creator, 401 signed out',
    async (method, path) => {
      const json = method === 'GET' ? undefined : {};
      const asCreator = await api.request(method, concrete(path), { token: creator.token, json });
      expect(errorOf(asCreator)).toMatchObject({ status: 403, detail: MESSAGES.adminAccessDenied });
      const signedOut = await api.request(method, concrete(path), { json });
      expect(signedOut.status).toBe(401);
    },
  );

  it.each(ADMIN_TRPC.map((p) => [p.name, p.query] as const))('tRPC %s: FORBIDDEN for a creator', async (name, query) => {
    const res = query
      ? await api.request('GET', `/trpc/${name}`, { token: creator.token })
      : await api.request('POST', `/trpc/${name}`, { token: creator.token, json: {} });
    expect(res.status).toBe(403);
  });

  it('path tricks reach no admin data: case, doubled slashes, dot segments, encoded slashes, trailing slash', async () => {
    const tricks = [
      '/API/admin/summary',
      '/api/Admin/summary',
      '//api/admin/summary',
      '/api//admin/summary',
      '/api/admin//summary',
      '/api/admin/summary/',
      '/api/public/../admin/summary',
      '/api/public/%2e%2e/admin/summary',
      '/api/admin%2fsummary',
      '/api/admin/summary%00',
      '/api/admin/summary;x=1',
      '/api/admin/./summary',
    ];
    for (const path of tricks) {
      const res = await api.request('GET', path, { token: creator.token });
      // Refused, or not an API path at all (the web app's page): never the summary.
      const page = res.status === 200 && (res.headers.get('content-type') ?? '').includes('text/html');
      expect({ path, refused: res.status >= 400 || page }).toEqual({ path, refused: true });
      expect(res.text).not.toContain('published_episodes');
    }
  });

  it('a creator PATCHing themselves to admin-only fields changes nothing', async () => {
    const res = await api.request('PATCH', `/api/admin/users/${creator.id}`, { token: creator.token, json: { tier: 'unlimited' } });
    expect(res.status).toBe(403);
    const me = await api.request('GET', '/api/users/me', { token: creator.token });
    expect(me.body).toMatchObject({ tier: 'free' });
  });
});

describe('Dashboard Overview', () => {
  it('GET /api/admin/summary counts the whole instance', async () => {
    const res = await api.request('GET', '/api/admin/summary', { token: admin.token });
    expect(res.status).toBe(200);
    expect(ZAdminSummary.parse(res.body)).toEqual({ users: 2, episodes: 0, published_episodes: 0, podcasts: 0, templates: 0 });
  });

  it('admin.status gives live figures: database, uptime, disk, ffmpeg', async () => {
    const status = await api.trpc(admin.token).admin.status.query();
    expect(status.database).toBe('ok');
    expect(status.uptime_seconds).toBeGreaterThanOrEqual(0);
    expect(status.disk_free_bytes).toBeGreaterThan(0);
    expect(status.ffmpeg_version).toMatch(/^\S+$/);
    expect(status.episodes_today).toBe(0);
    expect(status.failed_jobs).toBe(status.queues.reduce((n, q) => n + q.failed, 0));
  });
});

const ZUsersPageJson = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      email: z.string(),
      tier: z.string(),
      is_active: z.boolean(),
      episode_count: z.number(),
      subscription_expires_at: z.string().nullable(),
    }),
  ),
  total: z.number(),
  offset: z.number(),
});
const ZPodcastsPageJson = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      owner_email: z.string(),
      episode_count: z.number(),
      last_episode_at: z.string().nullable(),
    }),
  ),
  total: z.number(),
  offset: z.number(),
});

describe('Users and Podcasts', () => {
  it('GET /api/admin/users/full lists every account, newest first, 10 per page, searchable by email or name', async () => {
    const all = ZUsersPageJson.parse((await api.request('GET', '/api/admin/users/full', { token: admin.token })).body);
    expect(all.total).toBe(2);
    expect(all.items.map((u) => u.email)).toEqual([creator.email, admin.email]);
    expect(all.items[0]).toMatchObject({ tier: 'free', is_active: true, episode_count: 0, subscription_expires_at: null });
    await api.request('PATCH', '/api/auth/users/me/prefs', { token: creator.token, json: { first_name: 'Robin', last_name: 'Marsh' } });
    const byName = ZUsersPageJson.parse(
      (await api.request('GET', '/api/admin/users/full?search=robin%20mar', { token: admin.token })).body,
    );
    expect(byName.items.map((u) => u.email)).toEqual([creator.email]);
    const byEmail = ZUsersPageJson.parse(
      (await api.request('GET', `/api/admin/users/full?search=${encodeURIComponent(admin.email.toUpperCase())}`, { token: admin.token }))
        .body,
    );
    expect(byEmail.items.map((u) => u.email)).toEqual([admin.email]);
    // LIKE's own characters are taken literally.
    const wild = ZUsersPageJson.parse((await api.request('GET', '/api/admin/users/full?search=%25', { token: admin.token })).body);
    expect(wild.total).toBe(0);
    const second = ZUsersPageJson.parse((await api.request('GET', '/api/admin/users/full?limit=1&offset=1', { token: admin.token })).body);
    expect(second).toMatchObject({ total: 2, offset: 1 });
    expect(second.items.map((u) => u.email)).toEqual([admin.email]);
    expect((await api.request('GET', '/api/admin/users/full?limit=0', { token: admin.token })).status).toBe(422);
  });

  it('PATCH /api/admin/users/{id} changes tier, expiry and active flag, seen in the list', async () => {
    const patch = await api.request('PATCH', `/api/admin/users/${creator.id}`, {
      token: admin.token,
      json: { tier: 'pro', subscription_expires_at: '2027-02-28T00:00:00.000Z' },
    });
    expect(patch.status).toBe(200);
    const list = ZUsersPageJson.parse((await api.request('GET', '/api/admin/users/full', { token: admin.token })).body);
    expect(list.items.find((u) => u.id === creator.id)).toMatchObject({ tier: 'pro', subscription_expires_at: '2027-02-28T00:00:00.000Z' });
    const bad = await api.request('PATCH', `/api/admin/users/${creator.id}`, { token: admin.token, json: { tier: 'platinum' } });
    expect(bad.status).toBe(422);
    const cleared = await api.request('PATCH', `/api/admin/users/${creator.id}`, {
      token: admin.token,
      json: { tier: 'free', subscription_expires_at: null },
    });
    expect(cleared.status).toBe(200);
  });

  it("GET /api/admin/podcasts lists every owner's shows with episode counts, filtered by owner_email", async () => {
    const store = new LocalStorage(storage.dir);
    const files = tempDir('ppp-admin-files-');
    const adminId = admin.id;
    const adminShow = await seedShow(orm, store, adminId, 'Operator Notes', null);
    const creatorShow = await seedShow(orm, store, creator.id, 'Creek Sounds', null);
    await seedAssembledEpisode(orm, store, files.dir, { userId: creator.id, podcastId: creatorShow }, { title: 'One', seconds: 1 });
    await seedAssembledEpisode(orm, store, files.dir, { userId: creator.id, podcastId: creatorShow }, { title: 'Two', seconds: 1 });
    files.remove();
    const all = ZPodcastsPageJson.parse((await api.request('GET', '/api/admin/podcasts', { token: admin.token })).body);
    expect(all.total).toBe(2);
    expect(all.items.find((p) => p.id === creatorShow)).toMatchObject({
      name: 'Creek Sounds',
      owner_email: creator.email,
      episode_count: 2,
    });
    expect(all.items.find((p) => p.id === adminShow)).toMatchObject({ episode_count: 0, last_episode_at: null });
    const filtered = ZPodcastsPageJson.parse(
      (
        await api.request('GET', `/api/admin/podcasts?owner_email=${encodeURIComponent(creator.email)}&limit=25&offset=0`, {
          token: admin.token,
        })
      ).body,
    );
    expect(filtered.items.map((p) => p.name)).toEqual(['Creek Sounds']);
    const summary = ZAdminSummary.parse((await api.request('GET', '/api/admin/summary', { token: admin.token })).body);
    expect(summary).toMatchObject({ users: 2, podcasts: 2, episodes: 2 });
    const users = ZUsersPageJson.parse((await api.request('GET', '/api/admin/users/full', { token: admin.token })).body);
    expect(users.items.find((u) => u.id === creator.id)?.episode_count).toBe(2);
  });
});

describe('closed alpha: the waitlist and its approval', () => {
  it('a confirmed account waits; its request is listed; Approve activates it and mails the user; Dismiss only marks', async () => {
    const email = uniqueEmail('alpha');
    expect(await register(api, email)).toBe(false);
    const code = await outboxCode(api, admin.token, email);
    expect((await api.request('POST', '/api/auth/confirm-email', { json: { email, code } })).status).toBe(200);
    const token = await login(api, email);
    const me = ZMeJson.parse((await api.request('GET', '/api/users/me', { token })).body);
    expect(me).toMatchObject({ is_active: false, email_verified: true });
    // Inactive: the workspace is closed, the waitlist open.
    expect((await api.request('GET', '/api/podcasts/', { token })).status).toBe(403);
    expect((await api.request('POST', '/api/public/waitlist', { token, json: { email, note: 'A show about rivers.' } })).status).toBe(200);
    expect((await api.request('POST', '/api/public/waitlist', { json: { email: 'visitor@example.com' } })).status).toBe(200);

    const adminApi = api.trpc(admin.token);
    const list = await adminApi.admin.waitlist.query();
    const mine = list.find((r) => r.email === email);
    expect(mine).toMatchObject({ note: 'A show about rivers.', status: 'pending', account: 'waiting' });
    expect(list.find((r) => r.email === 'visitor@example.com')).toMatchObject({ account: 'none', status: 'pending' });
    // A creator cannot approve anyone.
    await expect(api.trpc(creator.token).admin.approveWaitlist.mutate({ id: mine?.id ?? '' })).rejects.toMatchObject({
      data: { httpStatus: 403 },
    });

    await adminApi.admin.approveWaitlist.mutate({ id: mine?.id ?? '' });
    expect(ZMeJson.parse((await api.request('GET', '/api/users/me', { token })).body).is_active).toBe(true);
    expect((await api.request('GET', '/api/podcasts/', { token })).status).toBe(200);
    const mail = await adminApi.admin.outbox.query({ to: email });
    expect(mail[0]?.subject).toBe('Your Podcast Plus Plus access is approved');

    const visitor = (await adminApi.admin.waitlist.query()).find((r) => r.email === 'visitor@example.com');
    await adminApi.admin.dismissWaitlist.mutate({ id: visitor?.id ?? '' });
    const after = await adminApi.admin.waitlist.query();
    expect(after.find((r) => r.email === email)).toMatchObject({ status: 'approved', account: 'active' });
    expect(after.find((r) => r.email === 'visitor@example.com')).toMatchObject({ status: 'dismissed', account: 'none' });
    await expect(adminApi.admin.approveWaitlist.mutate({ id: '00000000-0000-4000-8000-000000000000' })).rejects.toMatchObject({
      data: { httpStatus: 404 },
    });
  });
});

describe('Jobs: kill the task queue', () => {
  it('POST /api/admin/tasks/kill cancels the queued jobs of that queue, answers {queue}; an unknown queue is a 422', async () => {
    const jobs = new PgBossJobQueue({ connectionString: databaseUrl });
    try {
      const later = new Date(Date.now() + 3_600_000);
      await jobs.send('auth.cleanup', {}, { startAfter: later });
      await jobs.send('auth.cleanup', {}, { startAfter: later });
    } finally {
      await jobs.close();
    }
    const before = await api.trpc(admin.token).admin.jobs.query();
    expect(before.queues.find((q) => q.name === 'auth.cleanup')).toMatchObject({ queued: 2, active: 0 });
    expect(before.queues.filter((q) => q.name.startsWith('__pgboss__'))).toEqual([]);

    const killed = await api.request('POST', '/api/admin/tasks/kill', { token: admin.token, json: { queue: 'auth.cleanup' } });
    expect(killed).toMatchObject({ status: 200, body: { queue: 'auth.cleanup', cancelled: 2 } });
    const after = await api.trpc(admin.token).admin.jobs.query();
    expect(after.queues.find((q) => q.name === 'auth.cleanup')).toMatchObject({ queued: 0 });

    const unknown = await api.request('POST', '/api/admin/tasks/kill', { token: admin.token, json: { queue: 'no.such.queue' } });
    expect(unknown.status).toBe(422);
    const asCreator = await api.request('POST', '/api/admin/tasks/kill', { token: creator.token, json: { queue: 'auth.cleanup' } });
    expect(asCreator.status).toBe(403);
  });

  it('says first how many queued jobs of how many users it cancels (REST and tRPC agree), and the kill is audited (issue 35)', async () => {
    const em = orm.em.fork();
    const uploads = [
      mediaItemRow(em, admin.id, 'kill-a1'),
      mediaItemRow(em, creator.id, 'kill-b1'),
      mediaItemRow(em, creator.id, 'kill-b2'),
    ];
    await em.flush();
    const jobs = new PgBossJobQueue({ connectionString: databaseUrl });
    try {
      const later = new Date(Date.now() + 3_600_000);
      for (const upload of uploads) await jobs.send('audio.transcribe', { media_id: upload.id }, { startAfter: later });
    } finally {
      await jobs.close();
    }
    const preview = await api.request('GET', '/api/admin/tasks/kill/preview?queue=audio.transcribe', { token: admin.token });
    expect(preview).toMatchObject({ status: 200, body: { queue: 'audio.transcribe', jobs: 3, users: 2 } });
    expect(await api.trpc(admin.token).admin.killQueuePreview.query({ queue: 'audio.transcribe' })).toEqual(preview.body);
    expect(KILL_QUEUE_MESSAGES.body(ZKillQueuePreview.parse(preview.body))).toBe(
      'This cancels 3 queued jobs of 2 users. Running jobs finish. This cannot be undone.',
    );
    expect((await api.request('GET', '/api/admin/tasks/kill/preview?queue=audio.transcribe', { token: creator.token })).status).toBe(403);
    // Asking changes nothing.
    expect((await api.trpc(admin.token).admin.jobs.query()).queues.find((q) => q.name === 'audio.transcribe')).toMatchObject({ queued: 3 });

    const killed = await api.trpc(admin.token).admin.killQueue.mutate({ queue: 'audio.transcribe' });
    expect(killed).toEqual({ queue: 'audio.transcribe', cancelled: 3 });
    expect(await api.trpc(admin.token).admin.killQueuePreview.query({ queue: 'audio.transcribe' })).toMatchObject({ jobs: 0, users: 0 });
    const audit = await api.trpc(admin.token).admin.dbAudit.query({ limit: 5, offset: 0 });
    expect(audit.items[0]).toMatchObject({
      admin_email: admin.email,
      table: 'pgboss.job',
      row_id: 'audio.transcribe',
      action: 'kill-queue',
      before: { queued_jobs: 3, users: 2 },
      after: { cancelled: 3 },
    });
  });
});

/**
 * The Spreaker path end to end against a local server that answers as Spreaker's documentation shows
 * (SpreakerSandbox): OAuth connect with encrypted token storage and refresh, shows, mapped show,
 * categories, link and create, episode upload (now and scheduled with auto_published_at), visibility,
 * unpublish, plays, a retry after a crash that must not upload twice, disconnect; two users.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { SPREAKER_MESSAGES } from '@ppp/contracts';
import { LocalStorage } from '../../src/domain/storage/local-storage.ts';
import { publishTestHooks } from '../../src/domain/publishing/publish-runner.ts';
import type { TConfig } from '../../src/config.ts';
import { closeApiBed, startApiBed } from '../support/api-bed.ts';
import { tempDir } from '../support/audio-files.ts';
import { servicesFor } from '../support/fixtures.ts';
import { coverPng, seedAssembledEpisode, seedShow } from '../support/episodes.ts';
import { SpreakerSandbox } from '../support/spreaker-sandbox.ts';
import { connectSpreakerAccount } from '../support/spreaker-connect.ts';
import { twoUsers, type TestServer } from '../support/http.ts';

let orm: MikroORM;
let api: TestServer;
let config: TConfig;
let a: { token: string; id: string };
let b: { token: string; id: string };
let aId: string;
let storage: { dir: string; remove: () => void };
let files: { dir: string; remove: () => void };
let store: LocalStorage;
const sandbox = new SpreakerSandbox();

const post = (path: string, json: unknown = {}, token = a.token) => api.request('POST', path, { token, json });
const runJob = (episodeId: string, publishAt: string | null = null) =>
  servicesFor(orm, config).publishRunner.run({ episode_id: episodeId, publish_at: publishAt, go_live: false }, { final: false });
const sql = <T extends object>(query: string, params: unknown[] = []) => orm.em.fork().getConnection().execute<T[]>(query, params);

async function connect(token: string): Promise<void> {
  const callback = await connectSpreakerAccount(api.baseUrl, token);
  if (callback.status !== 200) throw new Error(callback.text);
}

async function linkedShow(name: string) {
  const podcastId = await seedShow(orm, store, aId, name, coverPng(files.dir));
  const remote = sandbox.addShow(`${name} on Spreaker`);
  const linked = await post(`/api/podcasts/${podcastId}/link-spreaker-show`, { show_id: remote.show_id });
  if (linked.status !== 200) throw new Error(linked.text);
  return { podcastId, remote, episode: (opts = {}) => seedAssembledEpisode(orm, store, files.dir, { userId: aId, podcastId }, opts) };
}

beforeAll(async () => {
  await sandbox.start();
  storage = tempDir('ppp-spreaker-storage-');
  files = tempDir('ppp-spreaker-files-');
  store = new LocalStorage(storage.dir);
  ({ orm, api, config } = await startApiBed({ STORAGE_DIR: storage.dir, DATA_DIR: files.dir, ...sandbox.appEnv }));
  ({ admin: a, user: b } = await twoUsers(api));
  aId = a.id;
});
afterEach(() => {
  publishTestHooks.afterUpload = null;
});
afterAll(async () => {
  await closeApiBed({ api, orm, storage });
  await sandbox.stop();
  files?.remove();
});

describe('connecting Spreaker', () => {
  it('starts the popup at Spreaker’s authorize URL and refuses a missing or bad session', async () => {
    expect(await api.request('GET', '/api/spreaker/status', { token: a.token })).toMatchObject({
      body: { configured: true, connected: false },
    });
    expect((await api.request('GET', '/api/auth/spreaker/start')).status).toBe(401);
    expect((await api.request('GET', '/api/auth/spreaker/start?ticket=nope')).status).toBe(401);
    const ticket = await api.request('POST', '/api/auth/spreaker/ticket', { token: a.token });
    const start = await api.request('GET', `/api/auth/spreaker/start?ticket=${z.object({ ticket: z.string() }).parse(ticket.body).ticket}`);
    expect(start.status).toBe(302);
    const url = new URL(start.headers.get('location') ?? '');
    expect(`${url.origin}${url.pathname}`).toBe(`${sandbox.origin}/oauth2/authorize`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: 'ppp-app',
      response_type: 'code',
      scope: 'basic',
      redirect_uri: 'http://localhost:3000/api/auth/spreaker/callback',
    });
    const bad = await api.request(
      'GET',
      `/api/auth/spreaker/callback?code=good-code&state=${aId}.x.${Math.floor(Date.now() / 1000) + 60}.forged`,
    );
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('spreaker_connected');
    expect(bad.text).toContain('"ok":false');
  });

  it('exchanges the code, keeps the tokens encrypted at rest, and tells the opener', async () => {
    const page = await connectSpreakerAccount(api.baseUrl, a.token);
    expect(page.status).toBe(200);
    expect(page.text).toContain('"type":"spreaker_connected","ok":true');
    expect(page.text).toContain('/dashboard/settings?spreaker_connected=true');
    const token = sandbox.received.find((r) => r.path === '/oauth2/token');
    expect(token?.fields).toMatchObject({
      grant_type: 'authorization_code',
      code: 'good-code',
      client_id: 'ppp-app',
      client_secret: 'ppp-secret',
    });

    const [row] = await sql<{ access_token_enc: string; refresh_token_enc: string; spreaker_user_id: string }>(
      'select * from spreaker_accounts where user_id = ?',
      [aId],
    );
    expect(row?.spreaker_user_id).toBe('7001');
    expect(row?.access_token_enc).toMatch(/^v1\./);
    expect(row?.access_token_enc).not.toContain(sandbox.accessToken);
    expect(row?.refresh_token_enc).not.toContain('SANDBOX-REFRESH');
    expect((await api.request('GET', '/api/spreaker/status', { token: a.token })).body).toEqual({
      configured: true,
      connected: true,
      spreaker_user_id: '7001',
      name: 'Sandbox Creator',
    });
    expect((await api.request('GET', '/api/spreaker/status', { token: b.token })).body).toMatchObject({ connected: false });
  });

  it('refreshes an expiring token before calling Spreaker', async () => {
    sandbox.accessToken = 'SANDBOX-ACCESS-2';
    await sql(`update spreaker_accounts set expires_at = now() + interval '1 minute' where user_id = ?`, [aId]);
    const shows = await api.request('GET', '/api/spreaker/shows', { token: a.token });
    expect(shows.status).toBe(200);
    expect(
      sandbox.received.some(
        (r) => r.path === '/oauth2/token' && r.fields.grant_type === 'refresh_token' && r.fields.refresh_token === 'SANDBOX-REFRESH',
      ),
    ).toBe(true);
  });
});

describe('shows on Spreaker', () => {
  it('lists the user’s shows, maps one, lists categories, links and creates', async () => {
    const remote = sandbox.addShow('Sandbox Show', 'A show that lives on Spreaker', 'en');
    const shows = z
      .object({ shows: z.array(z.object({ show_id: z.string(), title: z.string(), podcast_id: z.string().nullable() })) })
      .parse((await api.request('GET', '/api/spreaker/shows', { token: a.token })).body);
    expect(shows.shows.find((s) => s.show_id === String(remote.show_id))).toMatchObject({ title: 'Sandbox Show', podcast_id: null });
    const mapped = await api.request('GET', `/api/spreaker/show/${remote.show_id}?mapped=true`, { token: a.token });
    expect(mapped.body).toMatchObject({
      spreaker_show_id: String(remote.show_id),
      name: 'Sandbox Show',
      description: 'A show that lives on Spreaker',
      language: 'en',
      category_id: '9',
      contact_email: 'owner@example.com',
    });
    expect((await api.request('GET', '/api/spreaker/show/123?mapped=true', { token: a.token })).status).toBe(404);
    expect((await api.request('GET', '/api/spreaker/categories', { token: a.token })).body).toEqual({
      categories: [
        { category_id: '9', name: 'Technology' },
        { category_id: '11', name: 'Education' },
      ],
    });

    const podcastId = await seedShow(orm, store, aId, 'Local Show', null);
    expect(await post(`/api/podcasts/${podcastId}/link-spreaker-show`, { show_id: 'abc' })).toMatchObject({
      status: 422,
      body: { detail: 'Must be numeric.' },
    });
    expect((await post(`/api/podcasts/${podcastId}/link-spreaker-show`, { show_id: 123 })).status).toBe(404);
    expect((await post(`/api/podcasts/${podcastId}/link-spreaker-show`, { show_id: remote.show_id }, b.token)).status).toBe(404);
    const linked = await post(`/api/podcasts/${podcastId}/link-spreaker-show`, { show_id: remote.show_id });
    expect(linked.body).toMatchObject({ host_kind: 'spreaker', spreaker_show_id: String(remote.show_id) });
    const checklist = await api.request('GET', `/api/podcasts/${podcastId}/distribution/checklist`, { token: a.token });
    expect(checklist.body).toMatchObject({
      rss_feed_url: `https://www.spreaker.com/show/${remote.show_id}/episodes/feed`,
      spreaker_show_url: `https://www.spreaker.com/show/${remote.show_id}`,
    });

    const other = await seedShow(orm, store, aId, 'Brand New Show', null);
    const created = z
      .object({ spreaker_show_id: z.string(), podcast: z.object({ host_kind: z.string() }) })
      .parse((await post(`/api/podcasts/${other}/create-spreaker-show`, { language: 'en' })).body);
    expect(created.podcast.host_kind).toBe('spreaker');
    expect(sandbox.shows.get(Number(created.spreaker_show_id))?.title).toBe('Brand New Show');
  });

  it('says “Not connected” to someone who has not connected', async () => {
    const podcastId = await seedShow(orm, store, b.id, 'B Show', null);
    expect(await post(`/api/podcasts/${podcastId}/link-spreaker-show`, { show_id: 1 }, b.token)).toMatchObject({
      status: 401,
      body: { detail: SPREAKER_MESSAGES.notConnected },
    });
  });
});

describe('publishing to Spreaker', () => {
  it('uploads once with media_file, removes the idempotency tag, and changes visibility with hidden', async () => {
    const show = await linkedShow('Upload Show');
    const ep = await show.episode({ title: 'Spreaker episode' });
    await Promise.all([
      post(`/api/episodes/${ep.id}/publish`, { publish_state: 'public' }),
      post(`/api/episodes/${ep.id}/publish`, { publish_state: 'public' }),
    ]);
    const outcomes = await Promise.all([runJob(ep.id), runJob(ep.id)]);
    expect(outcomes.sort()).toEqual(['published', 'stale']);
    const uploaded = sandbox.episodesOf(show.remote.show_id);
    expect(uploaded).toHaveLength(1);
    expect(uploaded[0]).toMatchObject({
      title: 'Spreaker episode',
      hidden: false,
      auto_published_at: null,
      tags: [],
      media_bytes: ep.finalAudioBytes,
    });
    const upload = sandbox.received.find((r) => r.method === 'POST' && r.path === `/v2/shows/${show.remote.show_id}/episodes`);
    expect(upload?.files.media_file?.name).toBe(`${ep.id}.mp3`);
    expect(upload?.fields.tags).toMatch(/^ppp-[0-9a-f]{12}$/);
    const status = await api.request('GET', `/api/episodes/${ep.id}/publish/status`, { token: a.token });
    expect(status.body).toMatchObject({
      status: 'published',
      host: 'spreaker',
      spreaker_episode_id: String(uploaded[0]?.episode_id),
      audio_url: null,
    });

    await post(`/api/episodes/${ep.id}/publish`, { publish_state: 'unpublished' });
    expect(sandbox.episodes.get(uploaded[0]!.episode_id)?.hidden).toBe(true);
  });

  it('schedules with auto_published_at in UTC and unpublishes with DELETE', async () => {
    const show = await linkedShow('Schedule Show');
    const ep = await show.episode({ title: 'Scheduled on Spreaker' });
    const at = new Date(Math.ceil((Date.now() + 20 * 60_000) / 300_000) * 300_000);
    await post(`/api/episodes/${ep.id}/publish`, { publish_state: 'unpublished', publish_at: at.toISOString() });
    expect(await runJob(ep.id, at.toISOString())).toBe('scheduled');
    const [remote] = sandbox.episodesOf(show.remote.show_id);
    expect(remote?.auto_published_at).toBe(at.toISOString().slice(0, 19).replace('T', ' '));
    expect(remote?.hidden).toBe(false);
    const unpublished = await post(`/api/episodes/${ep.id}/unpublish`, {});
    expect(unpublished.body).toMatchObject({ status: 'processed', spreaker_episode_id: null });
    expect(sandbox.episodesOf(show.remote.show_id)).toHaveLength(0);
  });

  it('after a crash between the upload and recording its id, the retry finds the upload instead of sending a second', async () => {
    const show = await linkedShow('Crash Show');
    const ep = await show.episode({ title: 'Crash-safe episode' });
    await post(`/api/episodes/${ep.id}/publish`, {});
    let crashes = 0;
    publishTestHooks.afterUpload = () => {
      if (crashes++ === 0) throw new Error('worker killed');
    };
    await expect(runJob(ep.id)).rejects.toThrow('worker killed');
    expect(sandbox.episodesOf(show.remote.show_id)).toHaveLength(1);
    expect(await runJob(ep.id)).toBe('published');
    const remote = sandbox.episodesOf(show.remote.show_id);
    expect(remote).toHaveLength(1);
    expect(remote[0]?.tags).toEqual([]);
    const [row] = await sql<{ host_episode_id: string; host_upload_token: string | null }>(
      'select host_episode_id, host_upload_token from episodes where id = ?',
      [ep.id],
    );
    expect(row).toEqual({ host_episode_id: String(remote[0]?.episode_id), host_upload_token: null });
  });

  it('reports plays from Spreaker’s statistics for a Spreaker show', async () => {
    const show = await linkedShow('Plays Show');
    const ep = await show.episode({ title: 'Popular' });
    await post(`/api/episodes/${ep.id}/publish`, {});
    await runJob(ep.id);
    const [remote] = sandbox.episodesOf(show.remote.show_id);
    sandbox.plays.set(remote!.episode_id, 7);
    const episodes = z
      .object({ items: z.array(z.object({ episode_id: z.string(), plays_total: z.number() })) })
      .parse(
        (await api.request('GET', `/api/spreaker/analytics/plays/episodes?window=last30d&podcast_id=${show.podcastId}`, { token: a.token }))
          .body,
      );
    expect(episodes.items).toEqual([expect.objectContaining({ episode_id: ep.id, plays_total: 7 })]);
    const totals = sandbox.received.filter((r) => r.path.endsWith('/episodes/statistics/plays/totals')).at(-1);
    expect(totals?.query.get('to')).toBe(new Date().toISOString().slice(0, 10));
    const shows = await api.request('GET', `/api/spreaker/analytics/plays/shows?window=last30d&podcast_id=${show.podcastId}`, {
      token: a.token,
    });
    expect(shows.body).toMatchObject({ items: [{ podcast_id: show.podcastId, host: 'spreaker', plays_total: 7 }] });
  });

  it('after disconnecting, a publish ends in publish_error “Not connected”', async () => {
    const show = await linkedShow('Disconnected Show');
    const ep = await show.episode();
    expect((await post('/api/spreaker/disconnect')).body).toEqual({ ok: true });
    expect((await api.request('GET', '/api/spreaker/status', { token: a.token })).body).toMatchObject({ connected: false });
    await post(`/api/episodes/${ep.id}/publish`, {});
    expect(await runJob(ep.id)).toBe('failed');
    expect((await api.request('GET', `/api/episodes/${ep.id}/publish/status`, { token: a.token })).body).toMatchObject({
      publish_state: 'publish_error',
      last_error: SPREAKER_MESSAGES.notConnected,
    });
    await connect(a.token);
  });
});

/**
 * The show's feed check (issue 19) over REST and tRPC with two users: a show is made with the fields
 * the check asks (language, author, primary category) through the create call, GET
 * /api/podcasts/{id}/feed-check lists what the built-in host's publish refuses or warns about with
 * where each is fixed, and the publish job refuses a show that is not ready with those very messages
 * and publishes it once they are fixed. Another user's show is 404.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { TRPCClientError } from '@trpc/client';
import { z } from 'zod';
import { PODCAST_MESSAGES, ZFeedCheck, createPodcastForm, feedFixPath, type TFeedCheck } from '@ppp/contracts';
import { PodcastSchema } from '../../src/domain/podcasts/podcast.entity.ts';
import { LocalStorage } from '../../src/domain/storage/local-storage.ts';
import type { TConfig } from '../../src/config.ts';
import { closeApiBed, startApiBed } from '../support/api-bed.ts';
import { tempDir } from '../support/audio-files.ts';
import { servicesFor } from '../support/fixtures.ts';
import { coverPng, seedAssembledEpisode } from '../support/episodes.ts';
import { twoUsers, type TestServer } from '../support/http.ts';

let orm: MikroORM;
let api: TestServer;
let config: TConfig;
let a: { token: string; id: string };
let b: { token: string; id: string };
let storage: { dir: string; remove: () => void };
let files: { dir: string; remove: () => void };
let store: LocalStorage;

const ZShow = z.object({
  id: z.string(),
  language: z.string(),
  author_name: z.string().nullable(),
  category_id: z.string().nullable(),
});

function showForm(fields: Record<string, string>, cover?: string): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (cover) form.append('cover_image', new Blob([readFileSync(cover)]), path.basename(cover));
  return form;
}

async function createShow(fields: Record<string, string>, cover?: string): Promise<z.infer<typeof ZShow>> {
  const res = await fetch(`${api.baseUrl}/api/podcasts/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${a.token}` },
    body: showForm(fields, cover),
  });
  const text = await res.text();
  expect(res.status, text).toBe(201);
  return ZShow.parse(JSON.parse(text));
}

const checkOf = async (id: string, token = a.token) => {
  const res = await api.request('GET', `/api/podcasts/${id}/feed-check`, { token });
  return { status: res.status, check: res.status === 200 ? ZFeedCheck.parse(res.body) : null };
};
const codes = (check: TFeedCheck | null, severity: 'error' | 'warning') =>
  (check?.items ?? []).filter((i) => i.severity === severity).map((i) => i.code);
const runJob = (episodeId: string) =>
  servicesFor(orm, config).publishRunner.run({ episode_id: episodeId, publish_at: null, go_live: false }, { final: false });

beforeAll(async () => {
  storage = tempDir('ppp-feedcheck-storage-');
  files = tempDir('ppp-feedcheck-files-');
  store = new LocalStorage(storage.dir);
  ({ orm, api, config } = await startApiBed({ STORAGE_DIR: storage.dir }));
  const users = await twoUsers(api);
  a = { token: users.admin.token, id: users.admin.id };
  b = users.user;
});
afterAll(async () => {
  await closeApiBed({ api, orm, storage });
  files?.remove();
});

describe('creating a show with what the feed check asks', () => {
  it('stores language, author and primary category from the REST form and the tRPC FormData', async () => {
    const rest = await createShow({ name: 'Form Made Show', language: 'de', author_name: 'Ada', category: 'Arts > Books' });
    expect(rest).toMatchObject({ language: 'de', author_name: 'Ada', category_id: 'Arts > Books' });
    const viaTrpc = await api
      .trpc(a.token)
      .podcasts.create.mutate(
        createPodcastForm(
          { name: 'Procedure Show', language: 'pt-br', author_name: 'Bea', category: { category: 'Technology', subcategory: null } },
          null,
        ),
      );
    expect(viaTrpc).toMatchObject({ language: 'pt-br', author_name: 'Bea', category_id: 'Technology' });
    // A category that is not Apple's is refused with its field, and no show is made.
    const before = await orm.em.fork().count(PodcastSchema, { user: a.id });
    const res = await fetch(`${api.baseUrl}/api/podcasts/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${a.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Bad Category Show', category: { category: 'Cooking' } }),
    });
    expect(res.status).toBe(422);
    expect(await orm.em.fork().count(PodcastSchema, { user: a.id })).toBe(before);
  });
});

describe('GET /api/podcasts/{id}/feed-check', () => {
  it('lists what a bare show lacks, each with where it is fixed; B gets 404', async () => {
    const bare = await createShow({ name: 'Bare Show' });
    const { status, check } = await checkOf(bare.id);
    expect(status).toBe(200);
    expect(check).toMatchObject({ podcast_id: bare.id, host: 'builtin', ready: false });
    expect(codes(check, 'error')).toEqual(['show_description', 'show_category', 'show_artwork_missing']);
    // A new show's owner email is the account's (issue 36): only the author is left to add.
    expect(codes(check, 'warning')).toEqual(['show_author']);
    expect(check?.items.find((i) => i.code === 'show_category')).toMatchObject({
      message: PODCAST_MESSAGES.categoryRequired,
      fix: 'show_details',
    });
    expect(check?.items.find((i) => i.code === 'show_artwork_missing')?.fix).toBe('show_cover');
    expect(feedFixPath(bare.id, 'show_cover')).toBe(`/dashboard/podcasts?edit=${bare.id}&field=cover`);

    expect((await checkOf(bare.id, b.token)).status).toBe(404);
    const other = await api
      .trpc(b.token)
      .podcasts.feedCheck.query({ id: bare.id })
      .catch((e: unknown) => e);
    expect(other instanceof TRPCClientError ? (other.data as { httpStatus?: number }).httpStatus : null).toBe(404);
  });

  it('flags a cover under 1400 px, and is ready once the show is complete', async () => {
    const fields = { name: 'Small Cover Show', description: 'About covers.', category: 'Technology', author_name: 'Ada' };
    const small = await createShow(fields, coverPng(files.dir, 1000));
    const { check } = await checkOf(small.id);
    expect(codes(check, 'error')).toEqual(['show_artwork_too_small']);
    expect(check?.items[0]).toMatchObject({ message: 'Cover art must be at least 1400x1400; this one is 1000x1000.', fix: 'show_cover' });

    const full = await createShow(fields, coverPng(files.dir, 1400));
    const ready = (await checkOf(full.id)).check;
    expect(ready).toMatchObject({ ready: true });
    expect(codes(ready, 'error')).toEqual([]);
  });

  it('leaves a Spreaker show to Spreaker', async () => {
    const show = await createShow({ name: 'Spreaker Linked Show' });
    await orm.em.fork().nativeUpdate(PodcastSchema, { id: show.id }, { hostKind: 'spreaker', spreakerShowId: '123456' });
    expect((await checkOf(show.id)).check).toEqual({ podcast_id: show.id, host: 'spreaker', ready: true, items: [] });
  });
});

describe('the publish job applies the same check', () => {
  it('refuses a show without a category with the check’s words, and publishes once it is fixed', async () => {
    const fields = { name: 'Job Checked Show', description: 'About jobs.', author_name: 'Ada' };
    const show = await createShow(fields, coverPng(files.dir, 1400, 'job-cover.png'));
    const { check } = await checkOf(show.id);
    expect(check?.ready).toBe(false);
    const episode = await seedAssembledEpisode(orm, store, files.dir, { userId: a.id, podcastId: show.id });
    expect((await api.request('POST', `/api/episodes/${episode.id}/publish`, { token: a.token, json: { mode: 'now' } })).status).toBe(200);
    await runJob(episode.id);
    const refused = z
      .object({ status: z.string(), last_error: z.string().nullable() })
      .parse((await api.request('GET', `/api/episodes/${episode.id}/publish/status`, { token: a.token })).body);
    const errors = (check?.items ?? []).filter((i) => i.severity === 'error').map((i) => i.message);
    expect(errors).toEqual([PODCAST_MESSAGES.categoryRequired]);
    expect(refused).toMatchObject({ status: 'processed', last_error: errors.join(' ') });

    const put = await api.request('PUT', `/api/podcasts/${show.id}`, {
      token: a.token,
      json: { ...fields, category: { category: 'Technology', subcategory: null } },
    });
    expect(put.status, put.text).toBe(200);
    expect((await checkOf(show.id)).check?.ready).toBe(true);
    expect((await api.request('POST', `/api/episodes/${episode.id}/republish`, { token: a.token })).status).toBe(200);
    await runJob(episode.id);
    const published = await api.request('GET', `/api/episodes/${episode.id}/publish/status`, { token: a.token });
    expect(published.body).toMatchObject({ status: 'published', last_error: null });
  });
});

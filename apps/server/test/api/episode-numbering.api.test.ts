/**
 * The Episode Creator's calls that need no upload (issue 7), with two users: the last season and
 * episode numbers of a show (REST and tRPC, 404 for another user's show) and assemble's required
 * template, title and audio file in the spec's words.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { ASSEMBLY_MESSAGES } from '@ppp/contracts';
import { EpisodeSchema } from '../../src/domain/episodes/episode.entity.ts';
import { PodcastSchema } from '../../src/domain/podcasts/podcast.entity.ts';
import { closeApiBed, startApiBed } from '../support/api-bed.ts';
import { errorOf, twoUsers, type HttpResult, type TestServer } from '../support/http.ts';

let orm: MikroORM;
let api: TestServer;
let a: { token: string; id: string };
let b: { token: string; id: string };

const post = (token: string, url: string, json: unknown): Promise<HttpResult> => api.request('POST', url, { token, json });

beforeAll(async () => {
  ({ orm, api } = await startApiBed());
  ({ admin: a, user: b } = await twoUsers(api));
});
afterAll(() => closeApiBed({ api, orm }));

describe('last numbering', () => {
  it('answers the highest season and the highest episode number in it, null and null for a new show, 404 for another user’s show', async () => {
    const em = orm.em.fork();
    const show = em.create(PodcastSchema, { user: a.id, name: 'Numbered show' });
    const empty = em.create(PodcastSchema, { user: a.id, name: 'New show' });
    for (const [season, episodeNumber] of [
      [1, 9],
      [2, 3],
      [2, 4],
      [2, null],
      [null, 12],
    ] as const) {
      em.create(EpisodeSchema, {
        user: a.id,
        podcast: show,
        title: `S${season} E${episodeNumber}`,
        status: 'processed',
        season,
        episodeNumber,
      });
    }
    await em.flush();
    const res = await api.request('GET', `/api/episodes/last/numbering?podcast_id=${show.id}`, { token: a.token });
    expect(res.body).toEqual({ season_number: 2, episode_number: 4 });
    expect((await api.request('GET', `/api/episodes/last/numbering?podcast_id=${empty.id}`, { token: a.token })).body).toEqual({
      season_number: null,
      episode_number: null,
    });
    expect(await api.trpc(a.token).episodeCreator.lastNumbering.query({ podcast_id: show.id })).toEqual({
      season_number: 2,
      episode_number: 4,
    });
    expect(errorOf(await api.request('GET', `/api/episodes/last/numbering?podcast_id=${show.id}`, { token: b.token })).status).toBe(404);
    expect(errorOf(await api.request('GET', '/api/episodes/last/numbering', { token: a.token })).status).toBe(422);
  });
});

describe('assemble', () => {
  it('requires a template, a title and an audio file in the spec’s words', async () => {
    const details = { title: 'An episode', episodeNumber: 1 };
    expect(
      errorOf(await post(a.token, '/api/episodes/assemble', { main_content_filename: 'x.wav', episode_details: details })),
    ).toMatchObject({ status: 422, detail: ASSEMBLY_MESSAGES.required });
    expect(
      errorOf(await post(a.token, '/api/episodes/assemble', { template_id: 'some-template', episode_details: details })),
    ).toMatchObject({ status: 422, detail: ASSEMBLY_MESSAGES.required });
    expect(
      errorOf(
        await post(a.token, '/api/episodes/assemble', {
          template_id: 'some-template',
          main_content_filename: 'x.wav',
          episode_details: {},
        }),
      ),
    ).toMatchObject({ status: 422, detail: ASSEMBLY_MESSAGES.required });
  });
});

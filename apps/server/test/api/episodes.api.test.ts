/**
 * Episode History over REST and tRPC with two users (spec 001 §4, §5, §7): paging, the edit rules
 * in the spec's words, delete, the retry rule, covers and audio behind signed URLs, the edit
 * context, the Flubber review, and isolation (B gets 404 for everything of A's and changes nothing).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { EPISODE_MESSAGES, type TDetectionResult } from '@ppp/contracts';
import { EpisodeSchema, type Episode } from '../../src/domain/episodes/episode.entity.ts';
import { PodcastSchema } from '../../src/domain/podcasts/podcast.entity.ts';
import { MediaItemSchema } from '../../src/domain/media/media-item.entity.ts';
import { TemplateSchema } from '../../src/domain/templates/template.entity.ts';
import { LocalStorage } from '../../src/domain/storage/local-storage.ts';
import { openTestOrm } from '../support/database.ts';
import { errorOf, startTestServer, twoUsers, type TestServer } from '../support/http.ts';
import { pngFile, tempDir, toneFile } from '../support/audio-files.ts';

const ZEpisodeJson = z
  .object({
    id: z.string(),
    podcast_id: z.string(),
    title: z.string(),
    description: z.string(),
    tags: z.array(z.string()),
    is_explicit: z.boolean(),
    season_number: z.number().nullable(),
    episode_number: z.number().nullable(),
    template_id: z.string().nullable(),
    status: z.string(),
    cover_url: z.string().nullable(),
    playback_url: z.string().nullable(),
    retry_available: z.boolean(),
    editable: z.boolean(),
    image_crop: z.record(z.string(), z.number()).nullable(),
  })
  .passthrough();
const ZPageJson = z.object({ items: z.array(ZEpisodeJson), total: z.number() });

let orm: MikroORM;
let api: TestServer;
let files: { dir: string; remove: () => void };
let storageDir: { dir: string; remove: () => void };
let storage: LocalStorage;
let a: { token: string; id: string };
let b: { token: string; id: string };
let showA: string;
let showB: string;

async function seedShow(userId: string, name: string): Promise<string> {
  const em = orm.em.fork();
  const show = em.create(PodcastSchema, { user: userId, name, description: '' });
  await em.flush();
  return show.id;
}

async function seedEpisode(userId: string, podcastId: string, fields: Partial<Episode> = {}): Promise<Episode> {
  const em = orm.em.fork();
  const episode = em.create(EpisodeSchema, { user: userId, podcast: podcastId, title: 'An episode', status: 'processed', ...fields });
  await em.flush();
  return episode;
}

async function stored(id: string): Promise<Episode> {
  return orm.em.fork().findOneOrFail(EpisodeSchema, { id });
}

beforeAll(async () => {
  files = tempDir();
  storageDir = tempDir('ppp-storage-test-');
  storage = new LocalStorage(storageDir.dir);
  const db = await openTestOrm();
  orm = db.orm;
  api = await startTestServer(orm, db.databaseUrl, { STORAGE_DIR: storageDir.dir });
  const users = await twoUsers(api);
  a = { token: users.admin.token, id: users.admin.id };
  b = { token: users.user.token, id: users.user.id };
  showA = await seedShow(a.id, 'Show of A');
  showB = await seedShow(b.id, 'Show of B');
});
afterAll(async () => {
  await api?.close();
  await orm?.close();
  files?.remove();
  storageDir?.remove();
});

describe('listing', () => {
  it('pages A’s episodes newest first with the total, as items or an array, and never shows them to B', async () => {
    const em = orm.em.fork();
    const base = Date.now() - 60_000;
    for (let i = 0; i < 7; i += 1) {
      em.create(EpisodeSchema, {
        user: a.id,
        podcast: showA,
        title: `Paged ${i}`,
        status: 'processed',
        createdAt: new Date(base + i * 1000),
      });
    }
    await em.flush();
    const first = ZPageJson.parse((await api.request('GET', '/api/episodes/?limit=5&offset=0', { token: a.token })).body);
    const second = ZPageJson.parse((await api.request('GET', '/api/episodes/?limit=5&offset=5', { token: a.token })).body);
    expect(first.total).toBe(second.total);
    expect(first.items).toHaveLength(5);
    const titles = [...first.items, ...second.items].map((e) => e.title).filter((t) => t.startsWith('Paged'));
    expect(titles).toEqual(['Paged 6', 'Paged 5', 'Paged 4', 'Paged 3', 'Paged 2', 'Paged 1', 'Paged 0']);

    const array = z.array(ZEpisodeJson).parse((await api.request('GET', '/api/episodes', { token: a.token })).body);
    expect(array.length).toBe(first.total);
    const viaTrpc = await api.trpc(a.token).episodes.page.query({ limit: 500 });
    expect(viaTrpc.total).toBe(first.total);
    expect(viaTrpc.items[0]?.created_at).toBeInstanceOf(Date);

    const forB = ZPageJson.parse((await api.request('GET', '/api/episodes/', { token: b.token })).body);
    expect(forB.items.some((e) => e.podcast_id === showA)).toBe(false);
    const one = first.items[0]!;
    expect(errorOf(await api.request('GET', `/api/episodes/${one.id}`, { token: b.token })).status).toBe(404);
    expect((await api.request('GET', `/api/episodes/${one.id}`, { token: a.token })).status).toBe(200);
    expect(errorOf(await api.request('GET', '/api/episodes/not-a-uuid', { token: a.token })).status).toBe(404);
    expect((await api.request('GET', '/api/episodes/')).status).toBe(401);
    expect(errorOf(await api.request('GET', '/api/episodes/?limit=501', { token: a.token })).status).toBe(422);
  });
});

describe('PATCH /api/episodes/{id}', () => {
  it('trims the title, applies the tag rules and the number rules, and blocks a duplicate season/episode with the spec’s words', async () => {
    const taken = await seedEpisode(a.id, showA, { season: 2, episodeNumber: 5 });
    const episode = await seedEpisode(a.id, showA, { title: 'Before' });
    const longTag = 'x'.repeat(40);
    const manyTags = Array.from({ length: 25 }, (_, i) => `tag${i}`).join(', ');
    const res = await api.request('PATCH', `/api/episodes/${episode.id}`, {
      token: a.token,
      json: {
        title: '  After edit  ',
        description: 'Notes',
        tags: `Alpha, alpha , , Beta, ${longTag}, ${manyTags}`,
        is_explicit: true,
        season_number: '',
        episode_number: 0,
      },
    });
    expect(res.status).toBe(200);
    const body = ZEpisodeJson.parse(res.body);
    expect(body.title).toBe('After edit');
    expect(body.tags).toHaveLength(20);
    expect(body.tags.slice(0, 3)).toEqual(['Alpha', 'Beta', 'x'.repeat(30)]);
    expect(body).toMatchObject({ description: 'Notes', is_explicit: true, season_number: null, episode_number: 0 });

    const negative = errorOf(await api.request('PATCH', `/api/episodes/${episode.id}`, { token: a.token, json: { season_number: -1 } }));
    expect(negative).toMatchObject({ status: 422, detail: EPISODE_MESSAGES.notNumber });
    const fraction = errorOf(
      await api.request('PATCH', `/api/episodes/${episode.id}`, { token: a.token, json: { episode_number: '1.5' } }),
    );
    expect(fraction.status).toBe(422);

    const duplicate = errorOf(
      await api.request('PATCH', `/api/episodes/${episode.id}`, {
        token: a.token,
        json: { title: 'Dup', season_number: 2, episode_number: 5 },
      }),
    );
    expect(duplicate).toMatchObject({ status: 409, detail: 'Duplicate season/episode for this podcast' });
    expect((await stored(episode.id)).title).toBe('After edit');
    // The same pair in another show, and the episode keeping its own pair, are fine.
    const other = await seedEpisode(b.id, showB, { season: 2, episodeNumber: 6 });
    expect(
      (await api.request('PATCH', `/api/episodes/${episode.id}`, { token: a.token, json: { season_number: 2, episode_number: 6 } })).status,
    ).toBe(200);
    expect(
      (
        await api.request('PATCH', `/api/episodes/${taken.id}`, {
          token: a.token,
          json: { season_number: 2, episode_number: 5, title: 'Kept' },
        })
      ).status,
    ).toBe(200);
    await expect(api.trpc(a.token).episodes.update.mutate({ id: episode.id, season_number: 2, episode_number: 5 })).rejects.toThrow(
      'Duplicate season/episode for this podcast',
    );

    // B can neither read nor change A's episode; A's stays as it was.
    expect(errorOf(await api.request('PATCH', `/api/episodes/${episode.id}`, { token: b.token, json: { title: 'Hijacked' } })).status).toBe(
      404,
    );
    await expect(api.trpc(b.token).episodes.update.mutate({ id: episode.id, title: 'Hijacked' })).rejects.toThrow(/not found/i);
    expect((await stored(episode.id)).title).toBe('After edit');
    expect((await stored(other.id)).episodeNumber).toBe(6);
  });

  it('links only the caller’s own templates', async () => {
    const em = orm.em.fork();
    const mine = em.create(TemplateSchema, {
      user: a.id,
      name: 'Mine',
      segments: [],
      backgroundMusicRules: [],
      timing: {},
      aiSettings: {},
      automationSettings: {},
    } as never);
    const theirs = em.create(TemplateSchema, {
      user: b.id,
      name: 'Theirs',
      segments: [],
      backgroundMusicRules: [],
      timing: {},
      aiSettings: {},
      automationSettings: {},
    } as never);
    await em.flush();
    const episode = await seedEpisode(a.id, showA);
    const linked = await api.request('PATCH', `/api/episodes/${episode.id}`, { token: a.token, json: { template_id: mine.id } });
    expect(ZEpisodeJson.parse(linked.body).template_id).toBe(mine.id);
    const refused = errorOf(
      await api.request('PATCH', `/api/episodes/${episode.id}`, { token: a.token, json: { template_id: theirs.id } }),
    );
    expect(refused).toMatchObject({ status: 404, detail: EPISODE_MESSAGES.templateNotFound });
    expect((await stored(episode.id)).templateId).toBe(mine.id);
  });

  it('takes an uploaded cover and its crop, serves it by signed URL or bearer, and 404s for B', async () => {
    const form = new FormData();
    form.append('file', new Blob([readFileSync(pngFile(files.dir, 'episode-cover.png'))]), 'episode-cover.png');
    const upload = await fetch(`${api.baseUrl}/api/media/upload/cover_art`, {
      method: 'POST',
      headers: { authorization: `Bearer ${a.token}` },
      body: form,
    });
    const { path: coverPath } = z.object({ path: z.string() }).parse(await upload.json());
    const episode = await seedEpisode(a.id, showA);
    const res = await api.request('PATCH', `/api/episodes/${episode.id}`, {
      token: a.token,
      json: { cover_image_path: coverPath, image_crop: { x: 0, y: 0, size: 64 } },
    });
    const body = ZEpisodeJson.parse(res.body);
    expect(body.image_crop).toEqual({ x: 0, y: 0, size: 64 });
    const signedUrl = body.cover_url!;
    expect(signedUrl).toMatch(/^\/api\/episodes\/.+\/cover\?expires=\d+&sig=/);
    const anonymous = await fetch(`${api.baseUrl}${signedUrl}`);
    expect(anonymous.status).toBe(200);
    expect(anonymous.headers.get('content-type')).toBe('image/png');
    expect(
      Buffer.from(await anonymous.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
    expect((await api.request('GET', `/api/episodes/${episode.id}/cover`, { token: a.token })).status).toBe(200);
    expect((await api.request('GET', `/api/episodes/${episode.id}/cover`, { token: b.token })).status).toBe(404);
    expect((await api.request('GET', `/api/episodes/${episode.id}/cover?expires=9999999999&sig=forged`)).status).toBe(404);
    expect((await api.request('GET', `/api/episodes/${episode.id}/cover`)).status).toBe(404);
    const other = errorOf(
      await api.request('PATCH', `/api/episodes/${episode.id}`, {
        token: a.token,
        json: { cover_image_path: '/static/media/missing.png' },
      }),
    );
    expect(other).toMatchObject({ status: 404, detail: EPISODE_MESSAGES.coverNotFound });
  });
});

describe('DELETE /api/episodes/{id}', () => {
  it('deletes A’s episode and its files for A only', async () => {
    const audio = toneFile(files.dir, 'to-delete.mp3', 1);
    const episode = await seedEpisode(a.id, showA);
    const key = `users/${a.id}/episodes/${episode.id}/final.mp3`;
    await storage.putBytes(key, readFileSync(audio));
    const em = orm.em.fork();
    await em.nativeUpdate(EpisodeSchema, { id: episode.id }, { finalAudioKey: key });
    expect(errorOf(await api.request('DELETE', `/api/episodes/${episode.id}`, { token: b.token })).status).toBe(404);
    expect(existsSync(path.join(storageDir.dir, key))).toBe(true);
    expect((await api.request('DELETE', `/api/episodes/${episode.id}`, { token: a.token })).status).toBe(204);
    expect(await orm.em.fork().findOne(EpisodeSchema, { id: episode.id })).toBeNull();
    expect(existsSync(path.join(storageDir.dir, key))).toBe(false);
    expect(errorOf(await api.request('DELETE', `/api/episodes/${episode.id}`, { token: a.token })).status).toBe(404);
  });
});

describe('POST /api/episodes/{id}/retry', () => {
  it('is refused for processed episodes and for processing ones inside 1.25x their duration (or 15 minutes)', async () => {
    const now = Date.now();
    const processed = await seedEpisode(a.id, showA, { status: 'processed' });
    const fresh = await seedEpisode(a.id, showA, { status: 'processing', durationMs: 600_000, createdAt: new Date(now - 700_000) });
    const freshUnknown = await seedEpisode(a.id, showA, { status: 'processing', createdAt: new Date(now - 14 * 60_000) });
    for (const episode of [processed, fresh, freshUnknown]) {
      const res = errorOf(await api.request('POST', `/api/episodes/${episode.id}/retry`, { token: a.token, json: {} }));
      expect(res).toMatchObject({ status: 409, detail: EPISODE_MESSAGES.notRetryable });
      expect((await stored(episode.id)).status).toBe(episode.status);
    }
    const list = ZPageJson.parse((await api.request('GET', '/api/episodes/', { token: a.token })).body).items;
    const stuck = await seedEpisode(a.id, showA, { status: 'processing', durationMs: 600_000, createdAt: new Date(now - 760_000) });
    const stuckUnknown = await seedEpisode(a.id, showA, { status: 'processing', createdAt: new Date(now - 16 * 60_000) });
    const failed = await seedEpisode(a.id, showA, { status: 'error', errorMessage: 'ffmpeg failed' });
    const after = ZPageJson.parse((await api.request('GET', '/api/episodes/', { token: a.token })).body).items;
    const offered = (id: string) => after.find((e) => e.id === id)?.retry_available;
    expect(list.find((e) => e.id === fresh.id)?.retry_available).toBe(false);
    expect([offered(stuck.id), offered(stuckUnknown.id), offered(failed.id)]).toEqual([true, true, true]);
    expect(errorOf(await api.request('POST', `/api/episodes/${failed.id}/retry`, { token: b.token, json: {} })).status).toBe(404);
    expect((await stored(failed.id)).status).toBe('error');
  });
});

describe('retrying an assembly', () => {
  it('queues audio.assemble again for a failed episode and sets it processing; B cannot', async () => {
    const failed = await seedEpisode(a.id, showA, { status: 'error', errorMessage: 'ffmpeg failed' });
    const recipe = { version: 1, template: { id: 't', name: 'T', segments: [], background_music_rules: [], timing: {} }, media_id: 'm' };
    await orm.em
      .fork()
      .getConnection()
      .execute('update episodes set assembly = ?::jsonb where id = ?', [JSON.stringify(recipe), failed.id]);
    expect(errorOf(await api.request('POST', `/api/episodes/${failed.id}/retry`, { token: b.token, json: {} })).status).toBe(404);
    const res = await api.request('POST', `/api/episodes/${failed.id}/retry`, { token: a.token, json: {} });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: failed.id, status: 'processing' });
    const row = await stored(failed.id);
    expect([row.status, row.errorMessage]).toEqual(['processing', null]);
    const jobs = await orm.em
      .fork()
      .getConnection()
      .execute<{ n: string }[]>("select count(*) as n from pgboss.job where name = 'audio.assemble' and data->>'episode_id' = ?", [
        failed.id,
      ]);
    expect(Number(jobs[0]?.n)).toBe(1);
    // Retried once, it is no longer offered until it fails or stalls again.
    expect(errorOf(await api.request('POST', `/api/episodes/${failed.id}/retry`, { token: a.token, json: {} })).status).toBe(409);
  });
});

describe('audio and the manual editor’s context', () => {
  it('serves the finished audio by signed URL with ranges, and gives the edit context to the owner only', async () => {
    const audio = toneFile(files.dir, 'final.mp3', 3);
    const episode = await seedEpisode(a.id, showA, { durationMs: 3000 });
    const key = `users/${a.id}/episodes/${episode.id}/final.mp3`;
    await storage.putBytes(key, readFileSync(audio));
    const edl = {
      duration_ms: 3000,
      content: {
        cuts: [
          { start_ms: 100, end_ms: 400, reasons: ['manual'] },
          { start_ms: 900, end_ms: 1000, reasons: ['filler'] },
        ],
      },
    };
    await orm.em.fork().nativeUpdate(EpisodeSchema, { id: episode.id }, { finalAudioKey: key, edl: edl as never });

    const dto = ZEpisodeJson.parse((await api.request('GET', `/api/episodes/${episode.id}`, { token: a.token })).body);
    expect(dto.editable).toBe(true);
    const ranged = await fetch(`${api.baseUrl}${dto.playback_url}`, { headers: { range: 'bytes=0-99' } });
    expect(ranged.status).toBe(206);
    expect((await ranged.arrayBuffer()).byteLength).toBe(100);
    expect(
      (await fetch(`${api.baseUrl}/api/episodes/${episode.id}/audio`, { headers: { authorization: `Bearer ${b.token}` } })).status,
    ).toBe(404);

    const context = await api.request('GET', `/api/episodes/${episode.id}/edit-context`, { token: a.token });
    expect(context.status).toBe(200);
    const body = z
      .object({
        duration_ms: z.number(),
        existing_cuts: z.array(z.object({ start_ms: z.number(), end_ms: z.number() })),
        audio_url: z.string(),
      })
      .parse(context.body);
    expect(body.duration_ms).toBe(3000);
    expect(body.existing_cuts).toEqual([{ start_ms: 100, end_ms: 400 }]);
    expect((await fetch(`${api.baseUrl}${body.audio_url}`)).status).toBe(200);
    expect(errorOf(await api.request('GET', `/api/episodes/${episode.id}/edit-context`, { token: b.token })).status).toBe(404);
    expect(
      errorOf(
        await api.request('POST', `/api/episodes/${episode.id}/manual-edit/commit`, {
          token: b.token,
          json: { cuts: [{ start_ms: 0, end_ms: 500 }] },
        }),
      ).status,
    ).toBe(404);

    const tooShort = errorOf(
      await api.request('POST', `/api/episodes/${episode.id}/manual-edit/commit`, {
        token: a.token,
        json: { cuts: [{ start_ms: 100, end_ms: 119 }] },
      }),
    );
    expect(tooShort).toMatchObject({ status: 422, detail: EPISODE_MESSAGES.noCuts });
    const outside = errorOf(
      await api.request('POST', `/api/episodes/${episode.id}/manual-edit/commit`, {
        token: a.token,
        json: { cuts: [{ start_ms: 3100, end_ms: 3500 }] },
      }),
    );
    expect(outside).toMatchObject({ status: 422, detail: EPISODE_MESSAGES.cutOutside });

    // With intro (0-1 s), content (1-2.5 s) and outro: a cut in the intro removes nothing of the recording and is refused.
    const file = { path: 'x', format: 'mp3', duration_ms: 1500 };
    const segment = (id: string, source: string, start_ms: number, duration_ms: number) => ({
      id,
      segment_type: id,
      source,
      title: id,
      file,
      start_ms,
      duration_ms,
    });
    const shaped = {
      ...edl,
      segments: [segment('intro', 'static', 0, 1000), segment('content', 'content', 1000, 1500), segment('outro', 'static', 2500, 500)],
      content: { ...edl.content, segment_id: 'content', pieces: [{ type: 'source', start_ms: 0, end_ms: 1500 }], mutes: [] },
      inserts: [],
    };
    await orm.em.fork().nativeUpdate(EpisodeSchema, { id: episode.id }, { edl: shaped as never });
    const inIntro = errorOf(
      await api.request('POST', `/api/episodes/${episode.id}/manual-edit/commit`, {
        token: a.token,
        json: { cuts: [{ start_ms: 200, end_ms: 600 }] },
      }),
    );
    expect(inIntro).toMatchObject({ status: 422, detail: EPISODE_MESSAGES.cutOutsideContent });
    // One in the content gets past that check (this seeded episode has no recipe to render again: 409).
    const inContent = errorOf(
      await api.request('POST', `/api/episodes/${episode.id}/manual-edit/commit`, {
        token: a.token,
        json: { cuts: [{ start_ms: 1200, end_ms: 1500 }] },
      }),
    );
    expect(inContent.status).toBe(409);
    await orm.em.fork().nativeUpdate(EpisodeSchema, { id: episode.id }, { edl: edl as never });

    await orm.em.fork().nativeUpdate(EpisodeSchema, { id: episode.id }, { assemblyStatus: 'queued' });
    const busy = errorOf(await api.request('GET', `/api/episodes/${episode.id}/edit-context`, { token: a.token }));
    expect(busy).toMatchObject({ status: 409, detail: EPISODE_MESSAGES.busyRendering });
    expect(ZEpisodeJson.parse((await api.request('GET', `/api/episodes/${episode.id}`, { token: a.token })).body).editable).toBe(false);

    const unassembled = await seedEpisode(a.id, showA);
    expect(errorOf(await api.request('GET', `/api/episodes/${unassembled.id}/edit-context`, { token: a.token })).status).toBe(425);
  });
});

describe('manual Flubber review', () => {
  it('lists the source upload’s retakes with snippets after prepare, refuses an empty apply, and 404s for B', async () => {
    const source = toneFile(files.dir, 'source.wav', 8);
    const em = orm.em.fork();
    const detection: TDetectionResult = {
      flubber: {
        count: 1,
        matches: [
          {
            flubber_index: 0,
            word_index: 3,
            word_count: 1,
            text: 'flubber',
            start_s: 4,
            end_s: 4.4,
            score: 1,
            flubber_time_s: 4,
            flubber_end_s: 4.4,
            // A retake was matched: the cut starts where the flubbed take began.
            cut_start_s: 2.6,
            cut_end_s: 4.9,
            retake_found: true,
            retake_text: 'so we went',
          },
        ],
      },
      intern: { count: 0, matches: [] },
      sfx: { count: 0, matches: [] },
      fillers: { count: 0, matches: [] },
      pauses: { count: 0, matches: [] },
      censored: { count: 0, matches: [] },
    };
    const media = em.create(MediaItemSchema, {
      user: a.id,
      category: 'main_content',
      friendlyName: 'Source',
      originalName: 'source.wav',
      filename: 'source.wav',
      storageKey: `users/${a.id}/media/source/source.wav`,
      contentType: 'audio/wav',
      sizeBytes: 1,
      durationSeconds: 8,
      transcriptReady: true,
      detection,
      flubberCount: 1,
    } as never);
    await em.flush();
    await storage.putBytes(`users/${a.id}/media/source/source.wav`, readFileSync(source));
    const episode = await seedEpisode(a.id, showA, { sourceMedia: media.id as never });

    const before = await api.trpc(a.token).episodes.flubberContexts.query({ id: episode.id });
    expect(before.contexts).toHaveLength(1);
    expect(before.contexts[0]?.url).toBeNull();
    const prepared = await api.request('POST', `/api/flubber/prepare/${episode.id}`, { token: a.token });
    expect(prepared.status).toBe(200);
    const contexts = z
      .object({
        contexts: z.array(
          z.object({
            flubber_time_s: z.number(),
            url: z.string().nullable(),
            relative_flubber_ms: z.number(),
            snippet_start_s: z.number(),
            applied: z.boolean(),
          }),
        ),
      })
      .parse((await api.request('GET', `/api/flubber/contexts/${episode.id}`, { token: a.token })).body).contexts;
    // The snippet shows the whole proposed cut with 2 s either side: from 0.6 s, the marker 3.4 s in.
    expect(contexts[0]).toMatchObject({ flubber_time_s: 4, snippet_start_s: 0.6, relative_flubber_ms: 3400, applied: false });
    expect(before.contexts[0]).toMatchObject({ cut_start_s: 2.6, cut_end_s: 4.9, retake_found: true, retake_text: 'so we went' });
    const snippet = await fetch(`${api.baseUrl}${contexts[0]?.url}`);
    expect(snippet.status).toBe(200);
    expect(snippet.headers.get('content-type')).toBe('audio/mpeg');

    const none = errorOf(await api.request('POST', `/api/flubber/apply/${episode.id}`, { token: a.token, json: [] }));
    expect(none).toMatchObject({ status: 422, detail: 'No cuts selected' });
    expect(errorOf(await api.request('GET', `/api/flubber/contexts/${episode.id}`, { token: b.token })).status).toBe(404);
    expect(errorOf(await api.request('POST', `/api/flubber/prepare/${episode.id}`, { token: b.token })).status).toBe(404);
    expect(
      errorOf(await api.request('POST', `/api/flubber/apply/${episode.id}`, { token: b.token, json: [{ start_s: 3.25, end_s: 4.25 }] }))
        .status,
    ).toBe(404);
  });
});

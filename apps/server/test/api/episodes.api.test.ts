/**
 * Episode History over REST and tRPC with two users (spec 001 §4, §5, §7): paging, the edit rules
 * in the spec's words, covers behind signed URLs, delete, the retry rule, and isolation (B gets 404
 * for everything of A's and changes nothing). The manual editor's tests are in episodes-editor.api.test.ts.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EPISODE_MESSAGES } from '@ppp/contracts';
import { EpisodeSchema } from '../../src/domain/episodes/episode.entity.ts';
import { emptyTemplateRow } from '../support/episodes.ts';
import { errorOf } from '../support/http.ts';
import { pngFile, toneFile } from '../support/audio-files.ts';
import { episodesBed, ZEpisodeJson, ZPageJson } from './episodes-bed.ts';

const bed = episodesBed();
/** PATCH /api/episodes/{id} as A unless another token is given. */
const patch = (id: string, json: unknown, token = bed.a.token) => bed.api.request('PATCH', `/api/episodes/${id}`, { token, json });

describe('listing', () => {
  it('pages A’s episodes newest first with the total, as items or an array, and never shows them to B', async () => {
    const em = bed.orm.em.fork();
    const base = Date.now() - 60_000;
    for (let i = 0; i < 7; i += 1) {
      em.create(EpisodeSchema, {
        user: bed.a.id,
        podcast: bed.showA,
        title: `Paged ${i}`,
        status: 'processed',
        createdAt: new Date(base + i * 1000),
      });
    }
    await em.flush();
    const first = ZPageJson.parse((await bed.api.request('GET', '/api/episodes/?limit=5&offset=0', { token: bed.a.token })).body);
    const second = ZPageJson.parse((await bed.api.request('GET', '/api/episodes/?limit=5&offset=5', { token: bed.a.token })).body);
    expect(first.total).toBe(second.total);
    expect(first.items).toHaveLength(5);
    const titles = [...first.items, ...second.items].map((e) => e.title).filter((t) => t.startsWith('Paged'));
    expect(titles).toEqual(['Paged 6', 'Paged 5', 'Paged 4', 'Paged 3', 'Paged 2', 'Paged 1', 'Paged 0']);

    const array = z.array(ZEpisodeJson).parse((await bed.api.request('GET', '/api/episodes', { token: bed.a.token })).body);
    expect(array.length).toBe(first.total);
    const viaTrpc = await bed.api.trpc(bed.a.token).episodes.page.query({ limit: 500 });
    expect(viaTrpc.total).toBe(first.total);
    expect(viaTrpc.items[0]?.created_at).toBeInstanceOf(Date);

    const forB = ZPageJson.parse((await bed.api.request('GET', '/api/episodes/', { token: bed.b.token })).body);
    expect(forB.items.some((e) => e.podcast_id === bed.showA)).toBe(false);
    const one = first.items[0]!;
    expect(errorOf(await bed.api.request('GET', `/api/episodes/${one.id}`, { token: bed.b.token })).status).toBe(404);
    expect((await bed.api.request('GET', `/api/episodes/${one.id}`, { token: bed.a.token })).status).toBe(200);
    expect(errorOf(await bed.api.request('GET', '/api/episodes/not-a-uuid', { token: bed.a.token })).status).toBe(404);
    expect((await bed.api.request('GET', '/api/episodes/')).status).toBe(401);
    expect(errorOf(await bed.api.request('GET', '/api/episodes/?limit=501', { token: bed.a.token })).status).toBe(422);
  });
});

describe('PATCH /api/episodes/{id}', () => {
  it('trims the title, applies the tag rules and the number rules, and blocks a duplicate season/episode with the spec’s words', async () => {
    const taken = await bed.seedEpisode(bed.a.id, bed.showA, { season: 2, episodeNumber: 5 });
    const episode = await bed.seedEpisode(bed.a.id, bed.showA, { title: 'Before' });
    const longTag = 'x'.repeat(40);
    const manyTags = Array.from({ length: 25 }, (_, i) => `tag${i}`).join(', ');
    const res = await patch(episode.id, {
      title: '  After edit  ',
      description: 'Notes',
      tags: `Alpha, alpha , , Beta, ${longTag}, ${manyTags}`,
      is_explicit: true,
      season_number: '',
      episode_number: 0,
    });
    expect(res.status).toBe(200);
    const body = ZEpisodeJson.parse(res.body);
    expect(body.title).toBe('After edit');
    expect(body.tags).toHaveLength(20);
    expect(body.tags.slice(0, 3)).toEqual(['Alpha', 'Beta', 'x'.repeat(30)]);
    expect(body).toMatchObject({ description: 'Notes', is_explicit: true, season_number: null, episode_number: 0 });

    const negative = errorOf(await patch(episode.id, { season_number: -1 }));
    expect(negative).toMatchObject({ status: 422, detail: EPISODE_MESSAGES.notNumber });
    const fraction = errorOf(await patch(episode.id, { episode_number: '1.5' }));
    expect(fraction.status).toBe(422);

    const duplicate = errorOf(await patch(episode.id, { title: 'Dup', season_number: 2, episode_number: 5 }));
    expect(duplicate).toMatchObject({ status: 409, detail: 'Duplicate season/episode for this podcast' });
    expect((await bed.stored(episode.id)).title).toBe('After edit');
    // The same pair in another show, and the episode keeping its own pair, are fine.
    const other = await bed.seedEpisode(bed.b.id, bed.showB, { season: 2, episodeNumber: 6 });
    expect((await patch(episode.id, { season_number: 2, episode_number: 6 })).status).toBe(200);
    expect((await patch(taken.id, { season_number: 2, episode_number: 5, title: 'Kept' })).status).toBe(200);
    await expect(bed.api.trpc(bed.a.token).episodes.update.mutate({ id: episode.id, season_number: 2, episode_number: 5 })).rejects.toThrow(
      'Duplicate season/episode for this podcast',
    );

    // B can neither read nor change A's episode; A's stays as it was.
    expect(errorOf(await patch(episode.id, { title: 'Hijacked' }, bed.b.token)).status).toBe(404);
    await expect(bed.api.trpc(bed.b.token).episodes.update.mutate({ id: episode.id, title: 'Hijacked' })).rejects.toThrow(/not found/i);
    expect((await bed.stored(episode.id)).title).toBe('After edit');
    expect((await bed.stored(other.id)).episodeNumber).toBe(6);
  });
});

describe('PATCH /api/episodes/{id}: templates', () => {
  it('links only the caller’s own templates', async () => {
    const em = bed.orm.em.fork();
    const mine = emptyTemplateRow(em, bed.a.id, 'Mine');
    const theirs = emptyTemplateRow(em, bed.b.id, 'Theirs');
    await em.flush();
    const episode = await bed.seedEpisode(bed.a.id, bed.showA);
    const linked = await patch(episode.id, { template_id: mine.id });
    expect(ZEpisodeJson.parse(linked.body).template_id).toBe(mine.id);
    const refused = errorOf(await patch(episode.id, { template_id: theirs.id }));
    expect(refused).toMatchObject({ status: 404, detail: EPISODE_MESSAGES.templateNotFound });
    expect((await bed.stored(episode.id)).templateId).toBe(mine.id);
  });
});

describe('PATCH /api/episodes/{id}: covers', () => {
  it('takes an uploaded cover and its crop, serves it by signed URL or bearer, and 404s for B', async () => {
    const form = new FormData();
    form.append('file', new Blob([readFileSync(pngFile(bed.files.dir, 'episode-cover.png'))]), 'episode-cover.png');
    const upload = await fetch(`${bed.api.baseUrl}/api/media/upload/cover_art`, {
      method: 'POST',
      headers: { authorization: `Bearer ${bed.a.token}` },
      body: form,
    });
    const { path: coverPath } = z.object({ path: z.string() }).parse(await upload.json());
    const episode = await bed.seedEpisode(bed.a.id, bed.showA);
    const res = await patch(episode.id, { cover_image_path: coverPath, image_crop: { x: 0, y: 0, size: 64 } });
    const body = ZEpisodeJson.parse(res.body);
    expect(body.image_crop).toEqual({ x: 0, y: 0, size: 64 });
    const signedUrl = body.cover_url!;
    expect(signedUrl).toMatch(/^\/api\/episodes\/.+\/cover\?expires=\d+&sig=/);
    const anonymous = await fetch(`${bed.api.baseUrl}${signedUrl}`);
    expect(anonymous.status).toBe(200);
    expect(anonymous.headers.get('content-type')).toBe('image/png');
    expect(
      Buffer.from(await anonymous.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
    expect((await bed.api.request('GET', `/api/episodes/${episode.id}/cover`, { token: bed.a.token })).status).toBe(200);
    expect((await bed.api.request('GET', `/api/episodes/${episode.id}/cover`, { token: bed.b.token })).status).toBe(404);
    expect((await bed.api.request('GET', `/api/episodes/${episode.id}/cover?expires=9999999999&sig=forged`)).status).toBe(404);
    expect((await bed.api.request('GET', `/api/episodes/${episode.id}/cover`)).status).toBe(404);
    const other = errorOf(await patch(episode.id, { cover_image_path: '/static/media/missing.png' }));
    expect(other).toMatchObject({ status: 404, detail: EPISODE_MESSAGES.coverNotFound });
  });
});

describe('DELETE /api/episodes/{id}', () => {
  it('deletes A’s episode and its files for A only', async () => {
    const audio = toneFile(bed.files.dir, 'to-delete.mp3', 1);
    const episode = await bed.seedEpisode(bed.a.id, bed.showA);
    const key = `users/${bed.a.id}/episodes/${episode.id}/final.mp3`;
    await bed.storage.putBytes(key, readFileSync(audio));
    const em = bed.orm.em.fork();
    await em.nativeUpdate(EpisodeSchema, { id: episode.id }, { finalAudioKey: key });
    expect(errorOf(await bed.api.request('DELETE', `/api/episodes/${episode.id}`, { token: bed.b.token })).status).toBe(404);
    expect(existsSync(path.join(bed.storageDir.dir, key))).toBe(true);
    expect((await bed.api.request('DELETE', `/api/episodes/${episode.id}`, { token: bed.a.token })).status).toBe(204);
    expect(await bed.orm.em.fork().findOne(EpisodeSchema, { id: episode.id })).toBeNull();
    expect(existsSync(path.join(bed.storageDir.dir, key))).toBe(false);
    expect(errorOf(await bed.api.request('DELETE', `/api/episodes/${episode.id}`, { token: bed.a.token })).status).toBe(404);
  });
});

describe('POST /api/episodes/{id}/retry', () => {
  it('is refused for processed episodes and for processing ones inside 1.25x their duration (or 15 minutes)', async () => {
    const now = Date.now();
    const processed = await bed.seedEpisode(bed.a.id, bed.showA, { status: 'processed' });
    const fresh = await bed.seedEpisode(bed.a.id, bed.showA, {
      status: 'processing',
      durationMs: 600_000,
      createdAt: new Date(now - 700_000),
    });
    const freshUnknown = await bed.seedEpisode(bed.a.id, bed.showA, { status: 'processing', createdAt: new Date(now - 14 * 60_000) });
    for (const episode of [processed, fresh, freshUnknown]) {
      const res = errorOf(await bed.api.request('POST', `/api/episodes/${episode.id}/retry`, { token: bed.a.token, json: {} }));
      expect(res).toMatchObject({ status: 409, detail: EPISODE_MESSAGES.notRetryable });
      expect((await bed.stored(episode.id)).status).toBe(episode.status);
    }
    const list = ZPageJson.parse((await bed.api.request('GET', '/api/episodes/', { token: bed.a.token })).body).items;
    const stuck = await bed.seedEpisode(bed.a.id, bed.showA, {
      status: 'processing',
      durationMs: 600_000,
      createdAt: new Date(now - 760_000),
    });
    const stuckUnknown = await bed.seedEpisode(bed.a.id, bed.showA, { status: 'processing', createdAt: new Date(now - 16 * 60_000) });
    const failed = await bed.seedEpisode(bed.a.id, bed.showA, { status: 'error', errorMessage: 'ffmpeg failed' });
    const after = ZPageJson.parse((await bed.api.request('GET', '/api/episodes/', { token: bed.a.token })).body).items;
    const offered = (id: string) => after.find((e) => e.id === id)?.retry_available;
    expect(list.find((e) => e.id === fresh.id)?.retry_available).toBe(false);
    expect([offered(stuck.id), offered(stuckUnknown.id), offered(failed.id)]).toEqual([true, true, true]);
    expect(errorOf(await bed.api.request('POST', `/api/episodes/${failed.id}/retry`, { token: bed.b.token, json: {} })).status).toBe(404);
    expect((await bed.stored(failed.id)).status).toBe('error');
  });
});

describe('retrying an assembly', () => {
  it('queues audio.assemble again for a failed episode and sets it processing; B cannot', async () => {
    const failed = await bed.seedEpisode(bed.a.id, bed.showA, { status: 'error', errorMessage: 'ffmpeg failed' });
    const recipe = { version: 1, template: { id: 't', name: 'T', segments: [], background_music_rules: [], timing: {} }, media_id: 'm' };
    await bed.orm.em
      .fork()
      .getConnection()
      .execute('update episodes set assembly = ?::jsonb where id = ?', [JSON.stringify(recipe), failed.id]);
    expect(errorOf(await bed.api.request('POST', `/api/episodes/${failed.id}/retry`, { token: bed.b.token, json: {} })).status).toBe(404);
    const res = await bed.api.request('POST', `/api/episodes/${failed.id}/retry`, { token: bed.a.token, json: {} });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: failed.id, status: 'processing' });
    const row = await bed.stored(failed.id);
    expect([row.status, row.errorMessage]).toEqual(['processing', null]);
    const jobs = await bed.orm.em
      .fork()
      .getConnection()
      .execute<{ n: string }[]>("select count(*) as n from pgboss.job where name = 'audio.assemble' and data->>'episode_id' = ?", [
        failed.id,
      ]);
    expect(Number(jobs[0]?.n)).toBe(1);
    // Retried once, it is no longer offered until it fails or stalls again.
    expect(errorOf(await bed.api.request('POST', `/api/episodes/${failed.id}/retry`, { token: bed.a.token, json: {} })).status).toBe(409);
  });
});

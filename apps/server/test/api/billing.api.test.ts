/**
 * Processing minutes, the episode quota, the tier table and starting an assembly over REST and tRPC,
 * with two users (spec 000 §7-9, spec 002 §3, §7 and §9). No worker runs here: jobs stay queued;
 * the worker's suite renders them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { z } from 'zod';
import {
  ASSEMBLY_MESSAGES,
  BILLING_MESSAGES,
  PUBLISH_MESSAGES,
  TTS_MESSAGES,
  ZTierConfig,
  ZUsage,
  type TAssembleEpisodeRequestInput,
} from '@ppp/contracts';
import { closeApiBed, createTemplate, type Creator, startApiBed, twoCreators } from '../support/api-bed.ts';
import { tempDir, toneFile } from '../support/audio-files.ts';
import { LocalStorage } from '../../src/domain/storage/local-storage.ts';
import { errorOf, type TestServer } from '../support/http.ts';
import { PodcastSchema } from '../../src/domain/podcasts/podcast.entity.ts';
import { MediaItemSchema } from '../../src/domain/media/media-item.entity.ts';
import { EpisodeSchema } from '../../src/domain/episodes/episode.entity.ts';
import { TtsClipSchema } from '../../src/domain/speech/tts-clip.entity.ts';

let orm: MikroORM;
let api: TestServer;
let a: Creator;
let b: Creator;
const storage = tempDir('ppp-billing-storage-');
const files = tempDir('ppp-billing-files-');

const none = { count: 0, matches: [] };
const detection = { flubber: none, intern: none, sfx: none, fillers: none, pauses: none, censored: none };

/** A show, a library intro of 10 s, a Ready upload of 125.4 s and a template (static intro, content, AI-voice outro of 25 words). */
async function creator(token: string, id: string, label: string): Promise<Creator> {
  const em = orm.em.fork();
  const show = em.create(PodcastSchema, { user: id, name: `Show ${label}` });
  const item = (category: string, filename: string, seconds: number, extra: object = {}) =>
    em.create(MediaItemSchema, {
      user: id,
      category,
      friendlyName: filename,
      originalName: filename,
      filename,
      storageKey: `users/${id}/media/${filename}`,
      contentType: 'audio/wav',
      sizeBytes: 1000,
      durationSeconds: seconds,
      ...extra,
    });
  item('intro', `intro-${label}.wav`, 10);
  // The intro is a real file in storage: a template naming a file the creator does not have is refused (issue 19).
  await new LocalStorage(storage.dir).putFile(`users/${id}/media/intro-${label}.wav`, toneFile(files.dir, `intro-${label}.wav`, 10));
  const upload = item('main_content', `episode-${label}.wav`, 125.4, { status: 'ready', transcriptReady: true, detection });
  item('main_content', `busy-${label}.wav`, 30, { status: 'processing', transcriptReady: false });
  await em.flush();
  const template = await createTemplate(api, token, {
    name: `Template ${label}`,
    podcast_id: show.id,
    segments: [
      { id: 'intro', segment_type: 'intro', source: { source_type: 'static', filename: `intro-${label}.wav` } },
      { id: 'content', segment_type: 'content', source: { source_type: 'static', filename: '' } },
      {
        id: 'outro',
        segment_type: 'outro',
        source: { source_type: 'tts', text_prompt: Array.from({ length: 25 }, () => 'word').join(' '), voice_id: 'espeak:en-us' },
      },
    ],
  });
  return { token, id, show: show.id, template, upload: upload.filename };
}

const usageOf = async (who: Creator) => ZUsage.parse((await api.request('GET', '/api/billing/usage', { token: who.token })).body);
const precheck = (who: Creator, over: object = {}) =>
  api.request('POST', '/api/episodes/precheck/minutes', {
    token: who.token,
    json: { template_id: who.template, main_content_filename: who.upload, ...over },
  });
const assembleBody = (who: Creator, over: Partial<TAssembleEpisodeRequestInput> = {}): TAssembleEpisodeRequestInput => ({
  template_id: who.template,
  main_content_filename: who.upload,
  episode_details: { title: 'Episode one', description: 'About things', tags: 'one, two', episodeNumber: 1 },
  ...over,
});
const assemble = (who: Creator, over: Partial<TAssembleEpisodeRequestInput> = {}) =>
  api.request('POST', '/api/episodes/assemble', { token: who.token, json: assembleBody(who, over) });
const setFree = (values: Record<string, number | null>) =>
  api.request('PUT', '/api/admin/tiers', {
    token: a.token,
    json: { features: Object.entries(values).map(([key, value]) => ({ key, values: { free: value } })) },
  });

const nextMonth = () => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString().slice(0, 10);
};

beforeAll(async () => {
  ({ orm, api } = await startApiBed({ STORAGE_DIR: storage.dir }));
  [a, b] = await twoCreators(api, creator);
});
afterAll(async () => {
  await closeApiBed({ api, orm });
  storage.remove();
  files.remove();
});

describe('tier table', () => {
  it('is seeded from the plan table, editable by admins only, with unlimited (null) allowed', async () => {
    const res = await api.request('GET', '/api/admin/tiers', { token: a.token });
    const config = ZTierConfig.parse(res.body);
    expect(config.tiers).toEqual(['free', 'starter', 'creator', 'pro', 'enterprise']);
    const minutes = config.features.find((f) => f.key === 'max_processing_minutes_month');
    expect(minutes).toMatchObject({ type: 'number', values: { free: 60, starter: 120, creator: 600, pro: 1500, enterprise: 3600 } });
    expect(config.features.find((f) => f.key === 'flubber')).toMatchObject({ type: 'boolean', values: { starter: false, creator: true } });

    expect((await api.request('GET', '/api/admin/tiers', { token: b.token })).status).toBe(403);
    expect((await api.request('PUT', '/api/admin/tiers', { token: b.token, json: { features: [] } })).status).toBe(403);
    expect(
      errorOf(
        await api.request('PUT', '/api/admin/tiers', { token: a.token, json: { features: [{ key: 'flubber', values: { free: 3 } }] } }),
      ),
    ).toMatchObject({ status: 422 });
    expect(
      errorOf(
        await api.request('PUT', '/api/admin/tiers', { token: a.token, json: { features: [{ key: 'bogus', values: { free: 1 } }] } }),
      ),
    ).toMatchObject({ status: 422 });
    expect(
      errorOf(
        await api.request('PUT', '/api/admin/tiers', {
          token: a.token,
          json: { features: [{ key: 'flubber', values: { unlimited: false } }] },
        }),
      ),
    ).toMatchObject({ status: 422 });

    const updated = ZTierConfig.parse(
      (
        await api.request('PUT', '/api/admin/tiers', {
          token: a.token,
          json: { features: [{ key: 'max_episodes_month', values: { pro: null, creator: 12 } }] },
        })
      ).body,
    );
    expect(updated.features.find((f) => f.key === 'max_episodes_month')?.values).toMatchObject({ pro: null, creator: 12, free: 4 });
    const viaTrpc = await api.trpc(a.token).billing.tiers.query();
    expect(viaTrpc.features.find((f) => f.key === 'max_episodes_month')?.values.creator).toBe(12);
  });
});

describe('usage and the minutes precheck', () => {
  it('starts each user at the tier maximum, renewing on the first of next month', async () => {
    expect(await usageOf(b)).toMatchObject({
      tier: 'free',
      processing_minutes_used_this_month: 0,
      minutes_used: 0,
      minutes_left: 60,
      max_processing_minutes_month: 60,
      episodes_remaining_this_month: 4,
      max_episodes_month: 4,
      renewal_date: nextMonth(),
    });
  });

  it('counts the template clips, AI-voice scripts and the upload; rounded-up minutes', async () => {
    const res = await precheck(b);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      allowed: true,
      minutes_required: 3,
      minutes_remaining: 60,
      renewal_date: nextMonth(),
      total_seconds: 145.4,
      static_seconds: 20,
      main_seconds: 125.4,
      message: null,
    });
    // A shorter script for this episode shortens the estimate.
    expect(await precheck(b, { tts_values: { outro: 'thanks' } })).toMatchObject({ body: { static_seconds: 10.4, minutes_required: 3 } });
  });

  it('answers 402 INSUFFICIENT_MINUTES with the numbers when the minutes would not fit, and refuses the assembly', async () => {
    expect((await setFree({ max_processing_minutes_month: 2 })).status).toBe(200);
    const res = await precheck(b);
    expect(res.status).toBe(402);
    expect(res.body).toMatchObject({
      code: 'INSUFFICIENT_MINUTES',
      detail: BILLING_MESSAGES.insufficientMinutes,
      allowed: false,
      minutes_required: 3,
      minutes_remaining: 2,
      renewal_date: nextMonth(),
    });
    expect(
      await api.trpc(b.token).billing.precheckMinutes.mutate({ template_id: b.template, main_content_filename: b.upload }),
    ).toMatchObject({ allowed: false, minutes_required: 3 });

    const refused = await assemble(b);
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({ code: 'INSUFFICIENT_MINUTES', minutes_required: 3, minutes_remaining: 2 });
    expect(await orm.em.fork().count(EpisodeSchema, { user: b.id })).toBe(0);
    expect((await usageOf(b)).minutes_used).toBe(0);
    expect((await setFree({ max_processing_minutes_month: 60 })).status).toBe(200);
  });

  it("refuses another user's template and upload as missing", async () => {
    expect(errorOf(await precheck(b, { template_id: a.template }))).toMatchObject({ status: 404 });
    expect(errorOf(await precheck(b, { main_content_filename: a.upload }))).toMatchObject({ status: 404 });
    expect(errorOf(await assemble(b, { template_id: a.template }))).toMatchObject({ status: 404 });
    expect(errorOf(await assemble(b, { main_content_filename: a.upload }))).toMatchObject({ status: 404 });
  });
});

describe('assemble', () => {
  let jobId = '';
  let episodeId = '';

  it('validates the request in the spec wording', async () => {
    expect(errorOf(await assemble(b, { episode_details: { title: '', episodeNumber: 1 } }))).toMatchObject({
      status: 422,
      detail: ASSEMBLY_MESSAGES.titleRequired,
    });
    expect(errorOf(await assemble(b, { main_content_filename: 'busy-b.wav' }))).toMatchObject({
      status: 425,
      detail: ASSEMBLY_MESSAGES.uploadNotReady,
    });
    const soon = new Date(Date.now() + 5 * 60_000).toISOString();
    expect(errorOf(await assemble(b, { publish: { mode: 'schedule', publish_at: soon } }))).toMatchObject({
      status: 422,
      detail: ASSEMBLY_MESSAGES.scheduleTooSoon,
    });
    // Off the 5-minute grid (…:09:17): refused before any charge instead of becoming a draft after the render.
    const grid = 5 * 60_000;
    const offGrid = new Date(Math.ceil((Date.now() + 2 * 3_600_000) / grid) * grid + 4 * 60_000 + 17_000).toISOString();
    expect(errorOf(await assemble(b, { publish: { mode: 'schedule', publish_at: offGrid } }))).toMatchObject({
      status: 422,
      detail: PUBLISH_MESSAGES.scheduleStep,
    });
    // A 'Change voice' choice no engine has is refused before any charge, not failed by the render.
    expect(errorOf(await assemble(b, { tts_voices: { outro: 'espeak:no-such-voice' } }))).toMatchObject({
      status: 422,
      detail: TTS_MESSAGES.voiceUnavailable,
    });
    expect(await usageOf(b)).toMatchObject({ minutes_used: 0, episodes_used_this_month: 0 });
    expect(await orm.em.fork().count(EpisodeSchema, { user: b.id })).toBe(0);
  });

  it('charges the minutes when the job is queued (202) and shows the job to its owner only', async () => {
    const res = await assemble(b, { intents: { flubber: 'no' }, publish: { mode: 'now', visibility: 'public' } });
    expect(res.status).toBe(202);
    const body = z
      .object({ job_id: z.string(), episode_id: z.string(), status: z.literal('queued'), minutes_charged: z.literal(3) })
      .parse(res.body);
    [jobId, episodeId] = [body.job_id, body.episode_id];
    expect(await usageOf(b)).toMatchObject({
      minutes_used: 3,
      minutes_left: 57,
      episodes_used_this_month: 1,
      episodes_remaining_this_month: 3,
    });

    const status = await api.request('GET', `/api/episodes/status/${jobId}`, { token: b.token });
    expect(status.body).toMatchObject({
      job_id: jobId,
      episode_id: episodeId,
      status: 'queued',
      error: null,
      episode: { title: 'Episode one', status: 'pending', final_audio_url: null, publish_mode: 'now' },
    });
    expect(errorOf(await api.request('GET', `/api/episodes/status/${jobId}`, { token: a.token }))).toMatchObject({
      status: 404,
      detail: ASSEMBLY_MESSAGES.jobNotFound,
    });
    expect((await api.trpc(b.token).assembly.status.query({ job_id: jobId })).episode_id).toBe(episodeId);

    const row = await orm.em.fork().findOneOrFail(EpisodeSchema, { id: episodeId });
    expect(row).toMatchObject({
      tags: ['one', 'two'],
      episodeNumber: 1,
      templateId: b.template,
      assemblyStatus: 'queued',
      assemblyJobId: jobId,
    });
    expect(row.assembly?.template.segments.map((s) => s.id)).toEqual(['intro', 'content', 'outro']);
  });

  it('counts long AI-voice clips and rounds the remaining minutes up', async () => {
    const em = orm.em.fork();
    const clip = (normalizedText: string, freeOverride: boolean) =>
      em.create(TtsClipSchema, {
        user: b.id,
        category: 'intro',
        normalizedText,
        characters: 1,
        voiceId: 'espeak:en-us',
        provider: 'espeak',
        speakingRate: 1,
        durationSeconds: 90,
        billableSeconds: 90,
        freeOverride,
      });
    clip('x', false);
    clip('y', true);
    await em.flush();
    expect(await usageOf(b)).toMatchObject({ minutes_used: 4.5, minutes_left: 56 });
  });

  it('enforces the monthly episode quota with a 402 of its own, and deleting an episode refunds nothing', async () => {
    expect((await setFree({ max_episodes_month: 2 })).status).toBe(200);
    expect((await assemble(b)).status).toBe(202);
    const third = await assemble(b);
    expect(third.status).toBe(402);
    expect(third.body).toMatchObject({ code: 'PAYMENT_REQUIRED', detail: BILLING_MESSAGES.episodeQuotaReached });

    const em = orm.em.fork();
    await em.nativeDelete(EpisodeSchema, { user: b.id });
    expect(await usageOf(b)).toMatchObject({ minutes_used: 7.5, episodes_used_this_month: 2, episodes_remaining_this_month: 0 });
    expect((await assemble(b)).status).toBe(402);
    expect((await setFree({ max_episodes_month: 4 })).status).toBe(200);
    // The other user's month is untouched.
    expect(await usageOf(a)).toMatchObject({ minutes_used: 0, episodes_used_this_month: 0 });
  });

  it('lets an unlimited tier assemble without a maximum', async () => {
    expect((await api.request('PATCH', `/api/admin/users/${a.id}`, { token: a.token, json: { tier: 'unlimited' } })).status).toBe(200);
    expect(await usageOf(a)).toMatchObject({ minutes_left: null, max_processing_minutes_month: null, episodes_remaining_this_month: null });
    expect((await precheck(a)).body).toMatchObject({ allowed: true, minutes_remaining: null, minutes_required: 3 });
    expect((await assemble(a)).status).toBe(202);
    expect(await usageOf(a)).toMatchObject({ minutes_used: 3, minutes_left: null });
  });

  it('lets only one of two assemblies at once spend the last minutes', async () => {
    expect((await setFree({ max_processing_minutes_month: 12 })).status).toBe(200);
    expect(await usageOf(b)).toMatchObject({ minutes_used: 7.5, minutes_left: 5 });
    const both = await Promise.all([assemble(b), assemble(b)]);
    expect(both.map((res) => res.status).sort()).toEqual([202, 402]);
    expect(await usageOf(b)).toMatchObject({ minutes_used: 10.5, minutes_left: 2, episodes_used_this_month: 3 });
    expect((await setFree({ max_processing_minutes_month: 60 })).status).toBe(200);
  });

  it('re-renders only assembled episodes of the owner, and peaks need a rendered file', async () => {
    const rerender = await api.request('POST', `/api/templates/${b.template}/rerender`, { token: b.token });
    expect(rerender.body).toEqual({ template_id: b.template, queued: [], skipped: 1 });
    expect(errorOf(await api.request('POST', `/api/templates/${b.template}/rerender`, { token: a.token }))).toMatchObject({ status: 404 });
    const [episode] = await orm.em.fork().find(EpisodeSchema, { user: a.id });
    expect(errorOf(await api.request('GET', `/api/episodes/${episode?.id}/peaks`, { token: a.token }))).toMatchObject({
      status: 404,
      detail: ASSEMBLY_MESSAGES.noAudio,
    });
    expect(errorOf(await api.request('GET', `/api/episodes/${episode?.id}/peaks`, { token: b.token }))).toMatchObject({
      status: 404,
      detail: ASSEMBLY_MESSAGES.episodeNotFound,
    });
  });
});

/**
 * What POST /api/episodes/assemble refuses before anything is charged (spec 000 §5 and §8, issue 7),
 * over REST and tRPC with two users: step 3's blank AI-voice script ('Please provide the script for
 * this AI segment before continuing.', naming the segment), step 5's blank title and missing episode
 * number, a schedule without a time ('Pick date & time for scheduling'), and the monthly episode quota
 * (the usage the wizard reads for 'Quota exceeded – upgrade or wait for reset.', and the 402 the call
 * answers). Each refusal leaves the user's minutes, episode count and episode rows as they were; the
 * same request made whole is accepted, so the refusal was for the one thing named. No worker runs.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { z } from 'zod';
import {
  ASSEMBLY_MESSAGES,
  BILLING_MESSAGES,
  EPISODE_CREATOR_MESSAGES,
  PUBLISH_MESSAGES,
  TEMPLATE,
  ZUsage,
  episodeQuotaExceeded,
  type TAssembleEpisodeRequestInput,
} from '@ppp/contracts';
import { closeApiBed, createTemplate, type Creator, startApiBed, twoCreators } from '../support/api-bed.ts';
import { pngFile, tempDir, toneFile, uploadForm } from '../support/audio-files.ts';
import { errorOf, type HttpResult, type TestServer } from '../support/http.ts';
import { seedReadyUpload } from '../support/episodes.ts';
import { MediaItemSchema } from '../../src/domain/media/media-item.entity.ts';
import { EpisodeSchema } from '../../src/domain/episodes/episode.entity.ts';

let orm: MikroORM;
let api: TestServer;
let a: Creator;
let b: Creator;
const files = tempDir('ppp-assemble-validation-');

/** A show, a Ready upload of 60 s, and a template whose AI-voice intro has no script of its own (the creator writes it on step 3). */
async function creator(token: string, id: string, label: string): Promise<Creator> {
  const em = orm.em.fork();
  const { show, upload } = seedReadyUpload(em, id, label);
  await em.flush();
  const template = await createTemplate(api, token, {
    name: `Template ${label}`,
    podcast_id: show.id,
    segments: [
      { id: 'intro', segment_type: 'intro', name: 'Welcome', source: { source_type: 'tts', text_prompt: '', voice_id: 'espeak:en-us' } },
      { id: 'content', segment_type: 'content', source: { source_type: 'static', filename: '' } },
      {
        id: 'outro',
        segment_type: 'outro',
        name: 'Goodbye',
        source: { source_type: 'tts', text_prompt: 'Thanks for listening.', voice_id: 'espeak:en-us' },
      },
    ],
  });
  return { token, id, show: show.id, template, upload: upload.filename };
}

/** The wizard's request once every step is filled: the intro's script written on step 3, a title and a number on step 5. */
const whole = (who: Creator): TAssembleEpisodeRequestInput => ({
  template_id: who.template,
  main_content_filename: who.upload,
  output_filename: 'talk.mp3',
  tts_values: { intro: 'Welcome to the show.' },
  episode_details: { title: 'A talk', description: 'About talking', episodeNumber: 3 },
});
const assemble = (who: Creator, body: unknown): Promise<HttpResult> =>
  api.request('POST', '/api/episodes/assemble', { token: who.token, json: body });
const usageOf = async (who: Creator) => ZUsage.parse((await api.request('GET', '/api/billing/usage', { token: who.token })).body);

/** Nothing of the user's changed: no minutes or episodes used this month, no episode row. */
async function expectUntouched(who: Creator): Promise<void> {
  expect(await usageOf(who)).toMatchObject({ minutes_used: 0, episodes_used_this_month: 0 });
  expect(await orm.em.fork().count(EpisodeSchema, { user: who.id })).toBe(0);
}

beforeAll(async () => {
  ({ orm, api } = await startApiBed());
  [a, b] = await twoCreators(api, creator);
});
afterAll(async () => {
  await closeApiBed({ api, orm });
  files.remove();
});

describe('step 3: an AI-voice segment without a script', () => {
  it('is refused 422 with the field message, naming the segment, before any charge', async () => {
    const { tts_values: _written, ...unwritten } = whole(b);
    const blank = errorOf(await assemble(b, unwritten));
    expect(blank).toMatchObject({ status: 422, code: 'VALIDATION', detail: EPISODE_CREATOR_MESSAGES.scriptRequired });
    expect((await assemble(b, unwritten)).body).toMatchObject({
      errors: [{ path: ['tts_values', 'intro'], message: EPISODE_CREATOR_MESSAGES.scriptRequired }],
    });
    // Spaces are blank too, and this episode's script replaces the template's: a blanked outro is refused as well.
    expect(errorOf(await assemble(b, { ...whole(b), tts_values: { intro: '   \n' } }))).toMatchObject({
      status: 422,
      detail: EPISODE_CREATOR_MESSAGES.scriptRequired,
    });
    const outro = await assemble(b, { ...whole(b), tts_values: { intro: 'Welcome.', outro: ' ' } });
    expect(outro.body).toMatchObject({ detail: EPISODE_CREATOR_MESSAGES.scriptRequired, errors: [{ path: ['tts_values', 'outro'] }] });
    await expect(api.trpc(b.token).assembly.assemble.mutate(unwritten)).rejects.toThrow(EPISODE_CREATOR_MESSAGES.scriptRequired);
    await expectUntouched(b);
  });
});

describe('step 5: title and episode number', () => {
  it("refuses a blank title with 'Enter a title to continue.', and a request without one with the call's own message", async () => {
    const body = whole(b);
    expect(errorOf(await assemble(b, { ...body, episode_details: { ...body.episode_details, title: '  ' } }))).toMatchObject({
      status: 422,
      detail: EPISODE_CREATOR_MESSAGES.titleRequired,
    });
    const { title: _title, ...untitled } = body.episode_details;
    expect(errorOf(await assemble(b, { ...body, episode_details: untitled }))).toMatchObject({
      status: 422,
      detail: ASSEMBLY_MESSAGES.required,
    });
    await expect(
      api.trpc(b.token).assembly.assemble.mutate({ ...body, episode_details: { ...body.episode_details, title: '' } }),
    ).rejects.toThrow(EPISODE_CREATOR_MESSAGES.titleRequired);
    await expectUntouched(b);
  });

  it("refuses a missing, empty or non-whole episode number with 'Enter an episode number to continue.'", async () => {
    const body = whole(b);
    const { episodeNumber: _number, ...unnumbered } = body.episode_details;
    for (const details of [
      unnumbered,
      { ...unnumbered, episodeNumber: null },
      { ...unnumbered, episodeNumber: '' },
      { ...unnumbered, episodeNumber: 'two' },
      { ...unnumbered, episodeNumber: 2.5 },
    ]) {
      expect(errorOf(await assemble(b, { ...body, episode_details: details })), JSON.stringify(details)).toMatchObject({
        status: 422,
        detail: EPISODE_CREATOR_MESSAGES.episodeNumberRequired,
      });
    }
    await expectUntouched(b);
  });
});

describe('step 5: scheduling for assembly', () => {
  it("refuses a schedule without a date and time with 'Pick date & time for scheduling'", async () => {
    for (const publish of [{ mode: 'schedule' }, { mode: 'schedule', publish_at: null }]) {
      expect(errorOf(await assemble(b, { ...whole(b), publish }))).toMatchObject({
        status: 422,
        detail: ASSEMBLY_MESSAGES.scheduleRequired,
      });
    }
    await expectUntouched(b);
  });

  it('refuses a time off the 5-minute grid with a 422 instead of making a quiet draft', async () => {
    const step = 5 * 60_000;
    const offGrid = new Date(Math.ceil((Date.now() + 3_600_000) / step) * step + 17_000);
    expect(errorOf(await assemble(b, { ...whole(b), publish: { mode: 'schedule', publish_at: offGrid.toISOString() } }))).toMatchObject({
      status: 422,
      detail: PUBLISH_MESSAGES.scheduleStep,
    });
    await expectUntouched(b);
  });
});

/** One real file uploaded to the user's library or covers; its id, stored filename and public path when a cover. */
async function uploadFile(token: string, category: 'outro' | 'cover_art', name: string) {
  const form = category === 'cover_art' ? new FormData() : uploadForm([toneFile(files.dir, name, 1)]);
  if (category === 'cover_art') form.append('file', new Blob([readFileSync(pngFile(files.dir, name))]), name);
  const res = await fetch(`${api.baseUrl}/api/media/upload/${category}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(res.status).toBe(201);
  const json: unknown = await res.json();
  return z.object({ id: z.string(), filename: z.string(), path: z.string().optional() }).parse(Array.isArray(json) ? json[0] : json);
}

describe('the files the template and the cover name (issue 19)', () => {
  it("refuses a clip deleted since the template was saved, and another user's cover, with a 422 naming the file, before any charge", async () => {
    const outro = await uploadFile(b.token, 'outro', 'goodbye-b.mp3');
    const show = z
      .object({ podcast_id: z.string() })
      .parse((await api.request('GET', `/api/templates/${b.template}`, { token: b.token })).body);
    const created = await api.request('POST', '/api/templates/', {
      token: b.token,
      json: {
        name: 'Clip outro',
        podcast_id: show.podcast_id,
        segments: [
          { id: 'content', segment_type: 'content', source: { source_type: 'static', filename: '' } },
          { id: 'outro', segment_type: 'outro', source: { source_type: 'static', filename: outro.filename } },
        ],
      },
    });
    expect(created.status, created.text).toBe(201);
    const template = z.object({ id: z.string() }).parse(created.body).id;
    expect((await api.request('DELETE', `/api/media/${outro.id}`, { token: b.token })).status).toBeLessThan(300);
    const { tts_values: _none, ...withoutScripts } = whole(b);
    expect(errorOf(await assemble(b, { ...withoutScripts, template_id: template }))).toMatchObject({
      status: 422,
      detail: ASSEMBLY_MESSAGES.staticMissing(outro.filename),
    });

    const theirs = await uploadFile(a.token, 'cover_art', 'cover-a.png');
    const details = { ...whole(b).episode_details, cover_image_path: theirs.path };
    const refused = errorOf(await assemble(b, { ...whole(b), episode_details: details }));
    expect(refused).toMatchObject({ status: 422, detail: ASSEMBLY_MESSAGES.coverMissing(theirs.filename) });
    await expect(api.trpc(b.token).assembly.assemble.mutate({ ...whole(b), episode_details: details })).rejects.toThrow(
      ASSEMBLY_MESSAGES.coverMissing(theirs.filename),
    );
    await expectUntouched(b);
  });
});

describe('a commercial segment (spec 000 §6, issue 19)', () => {
  it('is refused at assemble too, for a template stored with one before the API refused it, before any charge', async () => {
    const copy = await api.request('POST', '/api/templates/', {
      token: b.token,
      json: {
        ...z
          .object({ podcast_id: z.string(), segments: z.array(z.unknown()) })
          .parse((await api.request('GET', `/api/templates/${b.template}`, { token: b.token })).body),
        name: 'With an ad',
      },
    });
    expect(copy.status, copy.text).toBe(201);
    const id = z.object({ id: z.string() }).parse(copy.body).id;
    const ad = { id: 'ad', segment_type: 'commercial', source: { source_type: 'tts', text_prompt: 'Buy now.', voice_id: 'espeak:en-us' } };
    const [row] = await orm.em.getConnection().execute<{ segments: unknown[] }[]>('select segments from templates where id = ?', [id]);
    await orm.em
      .getConnection()
      .execute('update templates set segments = ?::jsonb where id = ?', [JSON.stringify([...(row?.segments ?? []), ad]), id]);
    expect(errorOf(await assemble(b, { ...whole(b), template_id: id }))).toMatchObject({
      status: 422,
      detail: TEMPLATE.messages.commercialUnavailable,
    });
    await expectUntouched(b);
  });
});

describe('step 5: the monthly episode quota', () => {
  it("is used up for B only: B's usage reads as 'Quota exceeded', B's assemble is a 402 that changes nothing, A still assembles", async () => {
    // A moves to a tier of its own; the free tier B is on allows no episodes this month.
    expect((await api.request('PATCH', `/api/admin/users/${a.id}`, { token: a.token, json: { tier: 'pro' } })).status).toBe(200);
    const free = await api.request('PUT', '/api/admin/tiers', {
      token: a.token,
      json: { features: [{ key: 'max_episodes_month', values: { free: 0 } }] },
    });
    expect(free.status, free.text).toBe(200);

    const usage = await usageOf(b);
    expect(usage).toMatchObject({ episodes_remaining_this_month: 0, max_episodes_month: 0 });
    // What step 5 shows for it, from the same usage.
    expect(episodeQuotaExceeded(usage)).toBe(true);
    expect(EPISODE_CREATOR_MESSAGES.quotaExceeded).toBe('Quota exceeded – upgrade or wait for reset.');
    const refused = await assemble(b, whole(b));
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({
      code: 'PAYMENT_REQUIRED',
      detail: BILLING_MESSAGES.episodeQuotaReached,
      episodes_remaining_this_month: 0,
    });
    await expectUntouched(b);

    expect(episodeQuotaExceeded(await usageOf(a))).toBe(false);
    const accepted = await assemble(a, whole(a));
    expect(accepted.status, accepted.text).toBe(202);
    expect(await orm.em.fork().count(EpisodeSchema, { user: a.id })).toBe(1);
    expect((await usageOf(a)).episodes_used_this_month).toBe(1);
    await expectUntouched(b);
  });
});

describe('the upload and the download name', () => {
  it('takes the upload by its stored filename and keeps output_filename for the finished file', async () => {
    const [episode] = await orm.em.fork().find(EpisodeSchema, { user: a.id });
    expect(episode?.assembly).toMatchObject({ output_filename: 'talk.mp3', tts_values: { intro: 'Welcome to the show.' } });
    const [upload] = await orm.em.fork().find(MediaItemSchema, { user: a.id, filename: a.upload });
    expect(episode?.assembly?.media_id).toBe(upload?.id);
  });
});

describe('the visibility a draft keeps', () => {
  it('stores a draft and a schedule as public (the visibility they go live with); only a publish now may choose private', async () => {
    const [draft] = await orm.em.fork().find(EpisodeSchema, { user: a.id });
    expect(draft?.publishMode).toBe('draft');
    expect(draft?.visibility).toBe('public');
    const privately = await assemble(a, { ...whole(a), publish: { mode: 'now', visibility: 'unpublished' } });
    expect(privately.status, privately.text).toBe(202);
    const { episode_id } = z.object({ episode_id: z.string() }).parse(privately.body);
    expect((await orm.em.fork().findOneOrFail(EpisodeSchema, { id: episode_id })).visibility).toBe('unpublished');
  });
});

/**
 * Issue 32, items 3 and 4: an upload the offline fallback (pocketsphinx) transcribed says so, and its
 * creator re-transcribes it with the engine in use now (here an OpenAI-compatible endpoint), through
 * REST and tRPC; another creator gets 404, a processing upload 425, corrected words need a yes, the
 * per-upload limit holds; the admin starts the run over every fallback upload once. No worker runs
 * here: the queued jobs are read from pg-boss (the worker's job test runs them).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { RETRANSCRIBE, RETRANSCRIBE_MESSAGES, ZMediaItem, ZRetranscribeFallbackState, ZRetranscribeRun } from '@ppp/contracts';
import { closeApiBed, startApiBed } from '../support/api-bed.ts';
import { errorOf, twoUsers, type TestServer, type TestUser } from '../support/http.ts';
import { transcriptionEnv } from '../support/transcription-stand-in.ts';
import { uploadWithTranscript } from '../support/transcripts.ts';
import { EpisodeSchema } from '../../src/domain/episodes/episode.entity.ts';
import { MediaItemSchema } from '../../src/domain/media/media-item.entity.ts';
import { PodcastSchema } from '../../src/domain/podcasts/podcast.entity.ts';
import { TranscriptSchema } from '../../src/domain/transcripts/transcript.entity.ts';

const TAKE = ['Welcome to the garden show. Today we sow tomatoes.', 'Flubber. Today we sow tomatoes in small pots.'];
const ZListed = z.array(ZMediaItem.extend({ created_at: z.string() }));
const ZItemJson = ZMediaItem.extend({ created_at: z.string() });

let orm: MikroORM;
let api: TestServer;
let admin: TestUser;
let owner: TestUser;

/** An upload of the owner's that pocketsphinx transcribed (as the worker stores it: engine and model on both rows). */
async function fallbackUpload(name: string, extra: { processing?: boolean; corrections?: Record<string, string> } = {}): Promise<string> {
  const id = await uploadWithTranscript(orm, owner.id, name, TAKE, { detect: true });
  const em = orm.em.fork();
  const item = await em.findOneOrFail(MediaItemSchema, { id });
  Object.assign(item, { transcriptionEngine: 'pocketsphinx', transcriptionModel: 'en-us' });
  if (extra.processing) Object.assign(item, { status: 'processing', transcriptReady: false });
  const transcript = await em.findOneOrFail(TranscriptSchema, { media: id });
  Object.assign(transcript, { engine: 'pocketsphinx', model: 'en-us', corrections: extra.corrections ?? null });
  await em.flush();
  return id;
}

const queuedTranscriptions = async (mediaId: string) =>
  orm.em
    .getConnection()
    .execute<{ priority: number }[]>(`select priority from pgboss.job where name = 'audio.transcribe' and data->>'media_id' = ?`, [
      mediaId,
    ]);

const retranscribe = (token: string, id: string, json: object = {}) =>
  api.request('POST', `/api/media/${id}/retranscribe`, { token, json });

beforeAll(async () => {
  // The engine in use now is an OpenAI-compatible endpoint (never called here: nothing consumes the queue).
  ({ orm, api } = await startApiBed(transcriptionEnv({ baseUrl: 'http://127.0.0.1:9/v1' })));
  ({ admin, user: owner } = await twoUsers(api));
});
afterAll(() => closeApiBed({ api, orm }));

describe('a transcript of the offline fallback', () => {
  it('says which engine and model made it, and that it was the fallback, in the upload list and the transcript view', async () => {
    const id = await fallbackUpload('garden-said.mp3');
    const item = ZListed.parse((await api.request('GET', '/api/media/main-content', { token: owner.token })).body).find((i) => i.id === id);
    expect(item).toMatchObject({ transcription_engine: 'pocketsphinx', transcription_model: 'en-us', transcription_fallback: true });
    const view = await api.trpc(owner.token).transcripts.view.query({ media_id: id });
    expect(view).toMatchObject({ engine: 'pocketsphinx', model: 'en-us', fallback: true });
    // An upload transcribed before models were recorded reads null, and whisper.cpp is no fallback.
    const older = await uploadWithTranscript(orm, owner.id, 'garden-older.mp3', TAKE);
    expect(await api.trpc(owner.token).transcripts.view.query({ media_id: older })).toMatchObject({ model: null, fallback: false });
    expect(await api.trpc(owner.token).retranscribe.engineNow.query({})).toEqual({
      engine: 'openai-compatible',
      model: 'whisper-1',
      fallback: false,
    });
  });
});

describe('re-transcribe', () => {
  it('queues the owner’s upload with the engine in use now and shows it Processing; the other user gets 404', async () => {
    const id = await fallbackUpload('garden-owner.mp3');
    const other = await retranscribe(admin.token, id);
    expect(errorOf(other)).toMatchObject({ status: 404, detail: 'Upload not found' });
    await expect(api.trpc(admin.token).retranscribe.retranscribe.mutate({ media_id: id })).rejects.toThrow('Upload not found');

    const res = await retranscribe(owner.token, id);
    expect(res.status).toBe(200);
    expect(ZItemJson.parse(res.body)).toMatchObject({
      id,
      status: 'processing',
      transcript_ready: false,
      transcription_engine: 'pocketsphinx',
    });
    // One job: the other user's two attempts queued nothing.
    expect(await queuedTranscriptions(id)).toEqual([{ priority: 0 }]);
    // The old words stay until the new ones are stored.
    expect(await orm.em.fork().findOne(TranscriptSchema, { media: id })).toMatchObject({ engine: 'pocketsphinx' });
    // Now it is processing: a second click is the spec's 425.
    const again = await retranscribe(owner.token, id);
    expect(errorOf(again)).toMatchObject({ status: 425, code: 'TRANSCRIPT_NOT_READY', detail: RETRANSCRIBE_MESSAGES.stillProcessing });
    expect(await queuedTranscriptions(id)).toHaveLength(1);
  });

  it('refuses a processing upload (425), and re-transcribes an episode’s content upload through tRPC', async () => {
    const processing = await fallbackUpload('garden-processing.mp3', { processing: true });
    expect(errorOf(await retranscribe(owner.token, processing))).toMatchObject({ status: 425, code: 'TRANSCRIPT_NOT_READY' });

    const source = await fallbackUpload('garden-episode.mp3');
    const em = orm.em.fork();
    const podcast = em.create(PodcastSchema, { user: owner.id, name: 'The Garden Show' });
    const episode = em.create(EpisodeSchema, { user: owner.id, podcast, sourceMedia: source, title: 'Tomatoes', status: 'processed' });
    await em.flush();
    await expect(api.trpc(admin.token).retranscribe.retranscribe.mutate({ episode_id: episode.id })).rejects.toThrow('Upload not found');
    const queued = await api.trpc(owner.token).retranscribe.retranscribe.mutate({ episode_id: episode.id });
    expect(queued).toMatchObject({ id: source, status: 'processing' });
    expect(await queuedTranscriptions(source)).toHaveLength(1);
  });

  it('asks before corrected words are lost, and stops at the per-upload limit', async () => {
    const id = await fallbackUpload('garden-corrected.mp3', { corrections: { '5': 'tomato' } });
    const unconfirmed = await retranscribe(owner.token, id);
    expect(errorOf(unconfirmed)).toMatchObject({ status: 409, detail: RETRANSCRIBE_MESSAGES.correctionsWouldBeLost(1) });
    expect(await queuedTranscriptions(id)).toHaveLength(0);
    expect((await retranscribe(owner.token, id, { discard_corrections: true })).status).toBe(200);

    // Each finished run makes it Ready again; the limit counts the creator's runs.
    await orm.em
      .getConnection()
      .execute(`update media_items set status = 'ready', transcript_ready = true, retranscribe_count = ? where id = ?`, [
        RETRANSCRIBE.maxPerUpload,
        id,
      ]);
    expect(errorOf(await retranscribe(owner.token, id, { discard_corrections: true }))).toMatchObject({
      status: 429,
      detail: RETRANSCRIBE_MESSAGES.limitReached,
    });
  });

  it('refuses when the engine in use now already made the transcript, naming it', async () => {
    const id = await fallbackUpload('garden-same.mp3');
    await orm.em
      .getConnection()
      .execute(`update media_items set transcription_engine = 'openai-compatible', transcription_model = 'whisper-1' where id = ?`, [id]);
    expect(errorOf(await retranscribe(owner.token, id))).toMatchObject({
      status: 409,
      detail: RETRANSCRIBE_MESSAGES.sameEngine('openai-compatible (whisper-1)'),
    });
  });
});

describe('the admin’s re-transcription of every fallback upload', () => {
  it('is the admin’s alone, starts one run with the fallback uploads counted, and refuses a second while it runs', async () => {
    expect((await api.request('GET', '/api/admin/retranscribe-fallback', { token: owner.token })).status).toBe(403);
    expect((await api.request('POST', '/api/admin/retranscribe-fallback', { token: owner.token })).status).toBe(403);
    const before = ZRetranscribeFallbackState.parse(
      (await api.request('GET', '/api/admin/retranscribe-fallback', { token: admin.token })).body,
    );
    expect(before.engine_now).toEqual({ engine: 'openai-compatible', model: 'whisper-1', fallback: false });
    expect(before.fallback_uploads).toBeGreaterThan(0);

    const started = await api.request('POST', '/api/admin/retranscribe-fallback', { token: admin.token });
    expect(started.status).toBe(200);
    const run = ZRetranscribeRun.extend({ started_at: z.string(), finished_at: z.string().nullable() }).parse(started.body);
    expect(run).toMatchObject({ status: 'running', engine: 'openai-compatible', total: before.fallback_uploads, done: 0, failed: 0 });
    const steps = await orm.em
      .getConnection()
      .execute(`select data from pgboss.job where name = 'transcripts.retranscribe-fallback' and data->>'run_id' = ?`, [run.id]);
    expect(steps).toEqual([{ data: { run_id: run.id, step: 0 } }]);

    const second = await api.request('POST', '/api/admin/retranscribe-fallback', { token: admin.token });
    expect(errorOf(second)).toMatchObject({ status: 409, detail: RETRANSCRIBE_MESSAGES.bulkAlreadyRunning });
    const state = await api.trpc(admin.token).retranscribe.fallbackState.query({});
    expect(state.run).toMatchObject({ id: run.id, status: 'running' });
  });
});

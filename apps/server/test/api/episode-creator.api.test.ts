/**
 * The Episode Creator's calls (issue 7) over REST and tRPC with two users, on a real upload (espeak-ng
 * speech in 3-second slots, stored through the upload API) whose words are supplied: the retake scan
 * at two fuzzy thresholds with snippets cut from the audio, the Intern commands with their snippets,
 * answers voiced by the speech port (probed), the end-mark rules, regenerate and its limit, the
 * creator's own answer, two execute calls at once for one command (one answer, voiced once); 425
 * before the transcript, 409 when it failed, 404 for the other user. The last numbering and assemble's
 * required fields are in episode-numbering.api.test.ts.
 */
import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { detectIntents } from '@ppp/audio';
import {
  DEFAULT_AUDIO_CLEANUP_SETTINGS,
  EPISODE_CREATOR,
  EPISODE_CREATOR_MESSAGES,
  ZFlubberPrepareByFileResponse,
  ZInternExecuteResponse,
  ZInternPrepareByFileResponse,
  type TInternExecuteRequest,
} from '@ppp/contracts';
import { closeApiBed, startApiBed } from '../support/api-bed.ts';
import { errorOf, startTestServer, twoUsers, type HttpResult, type TestServer } from '../support/http.ts';
import { startProviderServer, type ProviderServer } from '../support/provider-server.ts';
import { tempDir, uploadForm } from '../support/audio-files.ts';
import { decodedMs, spokenSlots } from '../support/spoken-slots.ts';
import { servicesFor, testConfig } from '../support/fixtures.ts';

let orm: MikroORM;
let api: TestServer;
/** The same database behind a server whose text AI is an OpenAI-compatible chat model (the stand-in below). */
let chatApi: TestServer;
let chat: ProviderServer;
let databaseUrl: string;
let files: { dir: string; remove: () => void };
let storageDir: { dir: string; remove: () => void };
let a: { token: string; id: string };
let b: { token: string; id: string };
let speech: ReturnType<typeof spokenSlots>;

const ENV = () => ({ STORAGE_DIR: storageDir.dir, TTS_ENGINES: 'espeak' });
const SLOT = 3;
/**
 * A retake ('flubber'), an Intern command ending in 'stop', and a near miss ('flober') found only below 0.8,
 * said alone as a spoken marker is (inside a sentence a near miss is no marker, issue 33).
 */
const PHRASES = [
  'welcome to the show',
  'this take went wrong',
  'flubber',
  'this is the better take',
  'intern what is the capital of france stop',
  'flober',
  'thanks for listening',
];
const ZUploaded = z.array(z.object({ id: z.string(), filename: z.string(), original_name: z.string().optional() }).passthrough());

/** The audio behind a signed URL (no bearer token), written to a file and decoded. */
async function fetchedSeconds(url: string, name: string): Promise<number> {
  const res = await fetch(`${api.baseUrl}${url}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('audio/mpeg');
  const file = path.join(files.dir, name);
  writeFileSync(file, Buffer.from(await res.arrayBuffer()));
  return decodedMs(file) / 1000;
}

/** A main-content upload through the API: Processing until completeTranscript. */
async function uploadSpeech(token: string, name: string): Promise<{ id: string; filename: string }> {
  const copy = path.join(files.dir, name);
  execFileSync('cp', [speech.wav, copy]);
  const res = await fetch(`${api.baseUrl}/api/media/upload/main_content`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: uploadForm([copy], { friendly_names: JSON.stringify([name]) }),
  });
  expect(res.status).toBe(201);
  const [item] = ZUploaded.parse(await res.json());
  if (!item) throw new Error('not uploaded');
  return item;
}

/** What the transcribe job does with a supplied transcript: the words stored, the detection made, Ready. */
async function completeTranscript(id: string): Promise<void> {
  const services = servicesFor(orm, testConfig(databaseUrl, ENV()));
  const item = await services.transcripts.begin(id);
  if (!item) throw new Error('no upload');
  const transcript = { words: speech.words, language: 'en', duration_s: speech.seconds };
  const detection = detectIntents(transcript, DEFAULT_AUDIO_CLEANUP_SETTINGS);
  await services.transcripts.complete(item, { transcript, engine: 'supplied', realtimeFactor: null, detection });
}

const post = (token: string, url: string, json: unknown): Promise<HttpResult> => api.request('POST', url, { token, json });
/** A call answered where a chat model answers questions. */
const postWithModel = (token: string, url: string, json: unknown): Promise<HttpResult> => chatApi.request('POST', url, { token, json });
const modelAnswers = () => chat.received.filter((r) => r.path === '/v1/chat/completions').length;

/** An OpenAI-compatible /v1/chat/completions answering each question with a numbered sentence. */
async function startChatModel(): Promise<ProviderServer> {
  let asked = 0;
  return startProviderServer((req, res) => {
    if (req.method !== 'POST' || req.path !== '/v1/chat/completions') return res.json(404, { error: { message: 'not found' } });
    asked += 1;
    const content = `Paris is the capital of France, answer number ${asked}.`;
    return res.json(200, {
      id: `chatcmpl-${asked}`,
      object: 'chat.completion',
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    });
  });
}
/** The Intern execute request for the first command of `upload` (12 s to 14 s, no voice or words of its own), with `over` changed. */
const internCommand = (upload: { id: string }, over: Partial<TInternExecuteRequest> = {}) => ({
  filename: upload.id,
  command_id: `${upload.id}:intern:0`,
  start_s: 12,
  end_s: 14,
  voice_id: null,
  override_text: null,
  regenerate: false,
  ...over,
});
const clipCount = async () =>
  Number((await orm.em.getConnection().execute<{ n: string }[]>('select count(*) as n from tts_clips'))[0]?.n ?? 0);

beforeAll(async () => {
  files = tempDir();
  storageDir = tempDir('ppp-storage-creator-');
  ({ orm, api, databaseUrl } = await startApiBed(ENV()));
  chat = await startChatModel();
  chatApi = await startTestServer(orm, databaseUrl, {
    ...ENV(),
    OPENAI_CHAT_MODEL: 'llama3.1',
    OPENAI_CHAT_BASE_URL: `${chat.baseUrl}/v1`,
  });
  ({ admin: a, user: b } = await twoUsers(api));
  speech = spokenSlots({ dir: files.dir, name: 'episode', phrases: PHRASES, slotSeconds: SLOT, sampleRate: 44100 });
}, 60_000);
afterAll(async () => {
  await chatApi?.close();
  await closeApiBed({ api, orm });
  await chat?.close();
  files?.remove();
  storageDir?.remove();
});

describe('the Episode Creator on an upload', () => {
  let upload: { id: string; filename: string };

  it('answers 425 TRANSCRIPT_NOT_READY while the upload is transcribed, 404 for unknown names', async () => {
    upload = await uploadSpeech(a.token, 'retakes.wav');
    const notReady = { status: 425, code: 'TRANSCRIPT_NOT_READY' };
    expect(
      errorOf(await post(a.token, '/api/flubber/prepare-by-file', { filename: upload.id, intents: { flubber: 'yes' } })),
    ).toMatchObject(notReady);
    expect(errorOf(await post(a.token, '/api/intern/prepare-by-file', { filename: upload.filename, voice_id: null }))).toMatchObject(
      notReady,
    );
    const execute = internCommand(upload);
    expect(errorOf(await post(a.token, '/api/intern/execute', execute))).toMatchObject(notReady);
    expect(errorOf(await post(a.token, '/api/flubber/prepare-by-file', { filename: 'no-such-upload.wav' })).status).toBe(404);
    await completeTranscript(upload.id);
  });

  it('finds the retake at 0.8 and the near miss too at 0.7, each with a snippet cut from the upload', async () => {
    const res = await post(a.token, '/api/flubber/prepare-by-file', { filename: 'retakes.wav', intents: { flubber: 'yes' } });
    expect(res.status).toBe(200);
    const { contexts } = ZFlubberPrepareByFileResponse.parse(res.body);
    expect(contexts).toEqual([
      expect.objectContaining({
        flubber_index: 0,
        flubber_time_s: 6,
        flubber_end_s: 6.25,
        computed_end_s: 6.25,
        snippet_start_s: 3.25,
        snippet_end_s: 8.25,
        relative_flubber_ms: 2750,
        applied: false,
        // 'this take went wrong' is not said again ('this is the better take'): the spec's cut.
        cut_start_s: 5.25,
        cut_end_s: 6.25,
        retake_found: false,
        retake_text: '',
      }),
    ]);
    const first = contexts[0];
    if (!first?.url) throw new Error('no snippet url');
    expect(Math.abs((await fetchedSeconds(first.url, 'flubber-0.mp3')) - 5)).toBeLessThan(0.08);

    const looser = ZFlubberPrepareByFileResponse.parse(
      (await post(a.token, '/api/flubber/prepare-by-file', { filename: upload.id, fuzzy_threshold: 0.7 })).body,
    ).contexts;
    expect(looser.map((c) => c.flubber_time_s)).toEqual([6, 15]);
    expect(looser[1]).toMatchObject({ flubber_index: 1, snippet_start_s: 12.25, snippet_end_s: 17.25 });
    expect(Math.abs((await fetchedSeconds(looser[1]?.url ?? '', 'flubber-1.mp3')) - 5)).toBeLessThan(0.08);

    // The same through tRPC; the threshold stays within the slider's range.
    const viaTrpc = await api.trpc(a.token).episodeCreator.flubberPrepareByFile.mutate({ filename: upload.id, fuzzy_threshold: 0.95 });
    expect(viaTrpc.contexts.map((c) => c.flubber_index)).toEqual([0]);
    expect(errorOf(await post(a.token, '/api/flubber/prepare-by-file', { filename: upload.id, fuzzy_threshold: 0.3 })).status).toBe(422);
    // No retake review: nothing to review, neither unmarked repeats nor fillers (they are shown in that review).
    expect((await post(a.token, '/api/flubber/prepare-by-file', { filename: upload.id, intents: { flubber: 'no' } })).body).toEqual({
      contexts: [],
      suggestions: [],
      fillers: [],
    });
    const forged = first.url.replace(/sig=[^&]+/, 'sig=AAAA');
    expect((await fetch(`${api.baseUrl}${forged}`)).status).toBe(404);
  });

  it('lists the Intern command with its prompt, default end mark (the spoken stop) and a real snippet', async () => {
    const res = await post(a.token, '/api/intern/prepare-by-file', { filename: upload.filename, voice_id: null });
    const { contexts } = ZInternPrepareByFileResponse.parse(res.body);
    expect(contexts).toHaveLength(1);
    const command = contexts[0];
    expect(command).toMatchObject({
      command_id: `${upload.id}:intern:0`,
      id: `${upload.id}:intern:0`,
      intern_index: 0,
      start_s: 12,
      snippet_start_s: 12,
      snippet_end_s: 18,
      max_duration_s: EPISODE_CREATOR.internMaxDurationS,
      default_end_s: 14.35,
      prompt_text: 'what is the capital of france',
    });
    expect(Math.abs((await fetchedSeconds(command?.audio_url ?? '', 'intern-0.mp3')) - 6)).toBeLessThan(0.08);
  });

  it('answers the command in a voiced clip, returns it again unchanged, and validates the end mark', async () => {
    const base = internCommand(upload, { end_s: 14.35 });
    expect(errorOf(await post(a.token, '/api/intern/execute', { ...base, end_s: 12.1 }))).toMatchObject({
      status: 400,
      detail: EPISODE_CREATOR_MESSAGES.internEndTooSoon,
    });
    expect(errorOf(await post(a.token, '/api/intern/execute', { ...base, end_s: 42.5 }))).toMatchObject({
      status: 400,
      detail: EPISODE_CREATOR_MESSAGES.internEndTooLate,
    });
    // The window is the command's own: a start_s moved later does not widen what is asked.
    expect(errorOf(await post(a.token, '/api/intern/execute', { ...base, start_s: 40, end_s: 60 }))).toMatchObject({
      status: 400,
      detail: EPISODE_CREATOR_MESSAGES.internEndTooLate,
    });
    expect(errorOf(await post(a.token, '/api/intern/execute', { ...base, command_id: `${upload.id}:intern:7` }))).toMatchObject({
      status: 404,
      detail: EPISODE_CREATOR_MESSAGES.internCommandNotFound,
    });

    const before = await clipCount();
    // No chat model here: the Intern does not quote the creator's transcript back as an 'answer' (issue 18).
    const asked = modelAnswers();
    const noModel = await post(a.token, '/api/intern/execute', base);
    expect(errorOf(noModel)).toMatchObject({ status: 501, detail: EPISODE_CREATOR_MESSAGES.internNoModel });
    expect(JSON.stringify(noModel.body).toLowerCase()).not.toContain('welcome to the show');
    const noModelTrpc = api.trpc(a.token).episodeCreator.internExecute.mutate(base);
    await expect(noModelTrpc).rejects.toThrow(EPISODE_CREATOR_MESSAGES.internNoModel);
    expect(await clipCount()).toBe(before);

    // Where a chat model is configured, the answer is the model's, asked with the command.
    const first = ZInternExecuteResponse.parse((await postWithModel(a.token, '/api/intern/execute', base)).body);
    expect(first).toMatchObject({
      command_id: base.command_id,
      start_s: 12,
      end_s: 14.35,
      prompt_text: 'what is the capital of france',
      response_text: 'Paris is the capital of France, answer number 1.',
      regenerate_count: 0,
      quoted: false,
    });
    expect(modelAnswers()).toBe(asked + 1);
    expect(chat.received.at(-1)?.body).toContain('what is the capital of france');
    expect(first.media_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await fetchedSeconds(first.audio_url ?? '', 'answer-0.mp3')).toBeGreaterThan(0.5);
    expect(await clipCount()).toBe(before + 1);
    // An internal clip: not in the library, and 404 through the media routes.
    expect((await api.request('GET', `/api/media/${first.media_id}`, { token: a.token })).status).toBe(404);

    const again = ZInternExecuteResponse.parse((await post(a.token, '/api/intern/execute', base)).body);
    expect(again).toMatchObject({ media_id: first.media_id, response_text: first.response_text, regenerate_count: 0 });
    expect(await clipCount()).toBe(before + 1);

    const shorter = ZInternExecuteResponse.parse((await postWithModel(a.token, '/api/intern/execute', { ...base, end_s: 13 })).body);
    expect(shorter).toMatchObject({ prompt_text: 'what is the', end_s: 13, regenerate_count: 0 });
    expect(shorter.media_id).not.toBe(first.media_id);
  });

  it('regenerates twice, then refuses; the creator’s own words are voiced as written', async () => {
    const base = internCommand(upload, { end_s: 13, voice_id: 'espeak:en-us', regenerate: true });
    // Asking again without a chat model is refused too, and changes nothing.
    expect(errorOf(await post(a.token, '/api/intern/execute', base))).toMatchObject({
      status: 501,
      detail: EPISODE_CREATOR_MESSAGES.internNoModel,
    });
    const one = ZInternExecuteResponse.parse((await postWithModel(a.token, '/api/intern/execute', base)).body);
    const two = ZInternExecuteResponse.parse((await postWithModel(a.token, '/api/intern/execute', base)).body);
    expect([one.regenerate_count, two.regenerate_count]).toEqual([1, 2]);
    expect(two.media_id).not.toBe(one.media_id);
    expect(two.response_text).not.toBe(one.response_text);
    const refused = await postWithModel(a.token, '/api/intern/execute', base);
    expect(errorOf(refused)).toMatchObject({ status: 429, detail: EPISODE_CREATOR_MESSAGES.internRegenerateLimit });

    const own = 'Paris is the capital of France, and it has been for a long time.';
    const mine = ZInternExecuteResponse.parse(
      (await post(a.token, '/api/intern/execute', { ...base, regenerate: false, override_text: own })).body,
    );
    expect(mine).toMatchObject({ response_text: own, quoted: false, regenerate_count: 2 });
    expect(await fetchedSeconds(mine.audio_url ?? '', 'answer-own.mp3')).toBeGreaterThan(2);
    const viaTrpc = await api.trpc(a.token).episodeCreator.internExecute.mutate({ ...base, regenerate: false, override_text: own });
    expect(viaTrpc.media_id).toBe(mine.media_id);
  });

  it('user B gets 404 for A’s upload and changes nothing; a failed transcription is 409', async () => {
    const before = await clipCount();
    expect(errorOf(await post(b.token, '/api/flubber/prepare-by-file', { filename: upload.id })).status).toBe(404);
    expect(errorOf(await post(b.token, '/api/intern/prepare-by-file', { filename: upload.filename })).status).toBe(404);
    const execute = internCommand(upload, { override_text: 'Mine now' });
    expect(errorOf(await post(b.token, '/api/intern/execute', execute)).status).toBe(404);
    expect(await clipCount()).toBe(before);

    const failed = await uploadSpeech(b.token, 'broken.wav');
    await orm.em
      .getConnection()
      .execute(`update media_items set status = 'error', transcription_error = 'No transcription engine is configured' where id = ?`, [
        failed.id,
      ]);
    expect(errorOf(await post(b.token, '/api/flubber/prepare-by-file', { filename: failed.id }))).toMatchObject({
      status: 409,
      detail: 'No transcription engine is configured',
    });
    expect(errorOf(await post(b.token, '/api/intern/prepare-by-file', { filename: failed.id })).status).toBe(409);
  });
});

describe('two execute calls for one command at the same moment', () => {
  it('both answer 200 with the same stored answer, voiced once', async () => {
    const fresh = await uploadSpeech(a.token, 'twice.wav');
    await completeTranscript(fresh.id);
    const base = {
      filename: fresh.id,
      command_id: `${fresh.id}:intern:0`,
      start_s: 12,
      end_s: 14.35,
      voice_id: null,
      override_text: null,
      regenerate: false,
    };
    const before = await clipCount();
    const [one, two] = await Promise.all([
      postWithModel(a.token, '/api/intern/execute', base),
      postWithModel(a.token, '/api/intern/execute', base),
    ]);
    expect([one.status, two.status]).toEqual([200, 200]);
    const [first, second] = [ZInternExecuteResponse.parse(one.body), ZInternExecuteResponse.parse(two.body)];
    expect(second).toMatchObject({
      command_id: base.command_id,
      media_id: first.media_id,
      response_text: first.response_text,
      regenerate_count: 0,
    });
    expect(await clipCount()).toBe(before + 1);
    const rows = await orm.em
      .getConnection()
      .execute<{ n: string }[]>('select count(*) as n from intern_answers where upload_id = ?', [fresh.id]);
    expect(Number(rows[0]?.n)).toBe(1);
  });
});

describe('an upload whose audio is gone', () => {
  it('still lists the retakes, with no snippet URL where none could be cut', async () => {
    const gone = await uploadSpeech(a.token, 'gone.wav');
    await completeTranscript(gone.id);
    const [row] = await orm.em
      .getConnection()
      .execute<{ storage_key: string }[]>('select storage_key from media_items where id = ?', [gone.id]);
    rmSync(path.join(storageDir.dir, ...(row?.storage_key ?? '').split('/')));
    const { contexts } = ZFlubberPrepareByFileResponse.parse(
      (await post(a.token, '/api/flubber/prepare-by-file', { filename: gone.id })).body,
    );
    expect(contexts).toEqual([expect.objectContaining({ flubber_time_s: 6, url: null })]);
    const intern = ZInternPrepareByFileResponse.parse((await post(a.token, '/api/intern/prepare-by-file', { filename: gone.id })).body);
    expect(intern.contexts).toEqual([expect.objectContaining({ start_s: 12, audio_url: null })]);
  });
});

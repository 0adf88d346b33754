/**
 * The /ab workspace's helper endpoints (spec 002 §7, issue 22) over REST and tRPC with two users: a
 * finished upload becomes a draft (the show's only active template chosen), the checklist's fields and
 * template link with the spec's refusals, the transcript status, intro/outro sections saved with the
 * spec's validation ('Please fix before saving:') as 'Intro n' / 'Outro n', suggestions locked until
 * five finished episodes, publishing through the assemble call and then the publishing service (the
 * episode in the built-in host's feed), and deleting a draft with its upload. The other user gets 404
 * for each and changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import {
  AB_MESSAGES,
  ASSEMBLY_MESSAGES,
  TTS_MESSAGES,
  type TAbSaveSectionsRequest,
  ZAbDraft,
  ZAbDraftList,
  ZAbDraftStatus,
  ZAbPublishResponse,
  ZAbSaveSectionsResponse,
} from '@ppp/contracts';
import { EpisodeSchema } from '../../src/domain/episodes/episode.entity.ts';
import { MediaItemSchema } from '../../src/domain/media/media-item.entity.ts';
import { AbDraftSchema } from '../../src/domain/ab-workspace/ab-draft.entity.ts';
import { LocalStorage } from '../../src/domain/storage/local-storage.ts';
import { closeApiBed, createTemplate, type Creator, startApiBed, twoCreators } from '../support/api-bed.ts';
import { servicesFor, testConfig } from '../support/fixtures.ts';
import type { TConfig } from '../../src/config.ts';
import { tempDir } from '../support/audio-files.ts';
import { coverPng, seedAssembledEpisode, seedShow } from '../support/episodes.ts';
import { uploadWithTranscript } from '../support/transcripts.ts';
import { errorOf, type TestServer } from '../support/http.ts';

let orm: MikroORM;
let api: TestServer;
let store: LocalStorage;
let config: TConfig;
let storage: { dir: string; remove: () => void };
let files: { dir: string; remove: () => void };
let a: Creator;
let b: Creator;

const WORDS = ['Welcome to the garden hour. Today we plant tomatoes and talk about compost.'];

/** A template of `show` with an AI-voice intro without a script of its own (the creator writes it). */
const template = (token: string, show: string, name: string): Promise<string> =>
  createTemplate(api, token, {
    name,
    podcast_id: show,
    segments: [
      { id: 'intro', segment_type: 'intro', name: 'Welcome', source: { source_type: 'tts', text_prompt: '', voice_id: 'espeak:en-us' } },
      { id: 'content', segment_type: 'content', source: { source_type: 'static', filename: '' } },
    ],
  });

async function creator(token: string, id: string, label: string): Promise<Creator> {
  const show = await seedShow(orm, store, id, `Garden ${label}`, coverPng(files.dir));
  const upload = await uploadWithTranscript(orm, id, `talk-${label}.wav`, WORDS);
  await orm.em.fork().nativeUpdate(MediaItemSchema, { id: upload }, { durationSeconds: 20 });
  return { token, id, show, template: await template(token, show, `Template ${label}`), upload };
}

const draftOf = async (who: Creator, mediaId = who.upload) => {
  const res = await api.request('POST', '/ab/upload', { token: who.token, json: { media_id: mediaId, podcast_id: who.show } });
  expect(res.status, res.text).toBe(201);
  return ZAbDraft.parse(res.body);
};

beforeAll(async () => {
  storage = tempDir('ppp-ab-storage-');
  files = tempDir('ppp-ab-files-');
  store = new LocalStorage(storage.dir);
  const env = { STORAGE_DIR: storage.dir, TTS_ENGINES: 'espeak' };
  let databaseUrl: string;
  ({ orm, api, databaseUrl } = await startApiBed(env));
  config = testConfig(databaseUrl, env);
  [a, b] = await twoCreators(api, creator);
});
afterAll(async () => {
  await closeApiBed({ api, orm });
  storage?.remove();
  files?.remove();
});

describe('drafts', () => {
  it('makes one draft per upload with the only active template chosen, visible to its owner alone', async () => {
    const draft = await draftOf(a);
    expect(draft).toMatchObject({
      media_id: a.upload,
      podcast_id: a.show,
      transcript: 'ready',
      template: a.template,
      introoutro_status: 'none',
    });
    expect(Date.parse(draft.expires_at) - Date.parse(draft.created_at)).toBe(14 * 86_400_000);
    expect((await draftOf(a)).id).toBe(draft.id);
    expect(errorOf(await api.request('POST', '/ab/upload', { token: b.token, json: { media_id: a.upload } }))).toMatchObject({
      status: 404,
    });
    const mine = ZAbDraftList.parse((await api.request('GET', '/ab/drafts', { token: b.token })).body);
    expect(mine.items.map((d) => d.id)).not.toContain(draft.id);
    expect((await api.trpc(a.token).abWorkspace.drafts.query({})).items.map((d) => d.id)).toContain(draft.id);
  });

  it('keeps the checklist fields and refuses another user’s or an inactive template, changing nothing', async () => {
    const draft = await draftOf(a);
    const patched = await api.request('PATCH', `/ab/drafts/${draft.id}`, {
      token: a.token,
      json: { title: 'Tomatoes', description: 'Planting tomatoes.', tags: 'garden, tomatoes' },
    });
    expect(ZAbDraft.parse(patched.body)).toMatchObject({ title: 'Tomatoes', tags: 'garden, tomatoes', template: a.template });
    const foreign = await api.request('PATCH', `/ab/drafts/${draft.id}`, { token: a.token, json: { template_id: b.template, title: 'X' } });
    expect(errorOf(foreign)).toMatchObject({ status: 404, detail: AB_MESSAGES.templateNotFound });
    const spare = await template(a.token, a.show, 'Spare');
    await api.trpc(a.token).templates.setActive.mutate({ id: spare, is_active: false });
    const inactive = await api.request('PATCH', `/ab/drafts/${draft.id}`, { token: a.token, json: { template_id: spare } });
    expect(errorOf(inactive)).toMatchObject({ status: 422, detail: AB_MESSAGES.templateUnavailable });
    expect(errorOf(await api.request('PATCH', `/ab/drafts/${draft.id}`, { token: b.token, json: { title: 'Mine' } })).status).toBe(404);
    const stored = await orm.em.fork().findOneOrFail(AbDraftSchema, { id: draft.id });
    expect(stored).toMatchObject({ title: 'Tomatoes', templateId: a.template });
  });

  it('reports the transcript as Pending until ready, to its owner alone', async () => {
    const pending = await uploadWithTranscript(orm, a.id, 'later.wav', null);
    const draft = await draftOf(a, pending);
    const status = ZAbDraftStatus.parse((await api.request('GET', `/ab/drafts/${draft.id}/status`, { token: a.token })).body);
    expect(status).toMatchObject({ transcript: 'processing', episode: null });
    await orm.em.fork().nativeUpdate(MediaItemSchema, { id: pending }, { transcriptReady: true, status: 'ready' });
    expect(await api.trpc(a.token).abWorkspace.status.query({ id: draft.id })).toMatchObject({ transcript: 'ready' });
    expect(errorOf(await api.request('GET', `/ab/drafts/${draft.id}/status`, { token: b.token })).status).toBe(404);
  });
});

describe('intro/outro sections', () => {
  it('lists every problem after "Please fix before saving:" and saves nothing', async () => {
    const draft = await draftOf(a);
    const res = await api.request('POST', '/api/ab/sections', {
      token: a.token,
      json: {
        draft_id: draft.id,
        segments: [
          { segment_id: 'intro', section_type: 'intro', source_type: 'tts', script: '  ' },
          { segment_id: 'outro', section_type: 'outro', source_type: 'ai_generated', prompt: '' },
          { segment_id: 'x', section_type: 'outro', source_type: 'static', filename: '' },
          { segment_id: 'y', section_type: 'intro', source_type: 'static', filename: 'nowhere.mp3' },
        ],
      },
    });
    expect(errorOf(res)).toMatchObject({
      status: 422,
      detail: `${AB_MESSAGES.fixBeforeSaving} intro: AI voice script is required; AI prompt is required; choose a static file; selected file not found in library`,
    });
    expect((await api.request('GET', '/api/ab/sections', { token: a.token })).body).toEqual({ items: [] });
    expect((await orm.em.fork().findOneOrFail(AbDraftSchema, { id: draft.id })).introoutroStatus).toBe('none');
  });

  it("saves 'Intro n' / 'Outro n' to the draft, for its owner alone", async () => {
    const draft = await draftOf(a);
    const body: TAbSaveSectionsRequest = {
      draft_id: draft.id,
      segments: [
        { segment_id: 'intro', section_type: 'intro', source_type: 'tts', script: 'Welcome to the garden hour.' },
        { segment_id: 'outro', section_type: 'outro', source_type: 'ai_generated', prompt: 'A warm goodbye' },
      ],
    };
    const first = ZAbSaveSectionsResponse.parse((await api.request('POST', '/api/ab/sections', { token: a.token, json: body })).body);
    expect(first.sections.map((s) => s.tag)).toEqual(['Intro 1', 'Outro 1']);
    expect(first.draft).toMatchObject({ introoutro: true, introoutro_status: 'manual' });
    // The AI prompt's outro gets a script written by the text AI from the upload, closing with the show.
    expect(first.draft.segment_overrides[1]).toMatchObject({
      prompt: 'A warm goodbye',
      script: expect.stringMatching(/Thanks for listening to Garden a\.$/),
    });
    expect(first.draft.segment_overrides[0]?.script).toBe('Welcome to the garden hour.');
    const second = await api.trpc(a.token).abWorkspace.saveSections.mutate({ ...body, status: 'ai' });
    expect(second.sections.map((s) => s.tag)).toEqual(['Intro 2', 'Outro 2']);
    expect(second.draft.introoutro_status).toBe('ai');
    expect(errorOf(await api.request('POST', '/api/ab/sections', { token: b.token, json: body })).status).toBe(404);
    expect((await api.trpc(b.token).abWorkspace.sections.query({})).items).toEqual([]);
    expect((await api.trpc(a.token).abWorkspace.sections.query({})).items).toHaveLength(4);
  });

  it("keeps a library file by its id for the draft's owner, and refuses another user's file at save and at assemble", async () => {
    const em = orm.em.fork();
    const file = em.create(MediaItemSchema, {
      user: a.id,
      category: 'intro',
      friendlyName: 'Jingle',
      originalName: 'jingle.mp3',
      filename: 'jingle-a.mp3',
      storageKey: `users/${a.id}/media/jingle-a.mp3`,
      contentType: 'audio/mpeg',
      sizeBytes: 1000,
      status: 'ready',
      durationSeconds: 2,
    });
    await em.flush();
    const segment = { segment_id: 'intro', section_type: 'intro', source_type: 'static', filename: 'jingle-a.mp3' } as const;
    const mine = await api.trpc(a.token).abWorkspace.saveSections.mutate({ draft_id: (await draftOf(a)).id, segments: [segment] });
    expect(mine.draft.segment_overrides[0]).toMatchObject({ filename: 'jingle-a.mp3', media_id: file.id });

    const theirs = await draftOf(b);
    const json = { draft_id: theirs.id, segments: [{ ...segment, media_id: file.id }] };
    const refused = await api.request('POST', '/api/ab/sections', { token: b.token, json });
    expect(errorOf(refused)).toMatchObject({ status: 422, detail: `${AB_MESSAGES.fixBeforeSaving} ${AB_MESSAGES.staticNotFound}` });
    expect(await orm.em.fork().findOneOrFail(AbDraftSchema, { id: theirs.id })).toMatchObject({
      introoutroStatus: 'none',
      segmentOverrides: [],
    });
    const assemble = await api.request('POST', '/api/episodes/assemble', {
      token: b.token,
      json: {
        template_id: b.template,
        media_id: b.upload,
        tts_values: { intro: 'Hello.' },
        segment_sources: { intro: { source_type: 'static', media_id: file.id } },
        episode_details: { title: 'Not mine', episodeNumber: 1 },
      },
    });
    expect(errorOf(assemble)).toMatchObject({ status: 422, detail: ASSEMBLY_MESSAGES.segmentFileNotFound });
    expect(await orm.em.fork().count(EpisodeSchema, { user: b.id })).toBe(0);
    // An AI voice of the episode's own is one the user's engines have, checked before anything is charged.
    const ready = await uploadWithTranscript(orm, a.id, 'voices.wav', WORDS, { detect: true });
    await orm.em.fork().nativeUpdate(MediaItemSchema, { id: ready }, { durationSeconds: 20 });
    const unknownVoice = await api.request('POST', '/api/episodes/assemble', {
      token: a.token,
      json: {
        template_id: a.template,
        media_id: ready,
        segment_sources: { intro: { source_type: 'tts', text_prompt: 'Hello.', voice_id: 'espeak:no-such-voice' } },
        episode_details: { title: 'Unknown voice', episodeNumber: 1 },
      },
    });
    expect(errorOf(unknownVoice)).toMatchObject({ status: 422, detail: TTS_MESSAGES.voiceUnavailable });
    expect(await orm.em.fork().count(EpisodeSchema, { user: a.id, title: 'Unknown voice' })).toBe(0);
  });

  it('suggests a section only once the show has five finished episodes, opening as the saved ones do', async () => {
    const draft = await draftOf(a);
    const locked = await api.request('POST', '/api/ab/sections/suggest', {
      token: a.token,
      json: { draft_id: draft.id, section_type: 'intro' },
    });
    expect(errorOf(locked)).toMatchObject({ status: 409, detail: AB_MESSAGES.suggestionsLocked(5) });
    for (let i = 0; i < 5; i += 1) {
      await seedAssembledEpisode(orm, store, files.dir, { userId: a.id, podcastId: a.show }, { title: `Old ${i}`, withAudio: false });
    }
    const { script } = await api.trpc(a.token).abWorkspace.suggestSection.mutate({ draft_id: draft.id, section_type: 'intro' });
    expect(script.startsWith('Welcome to the garden hour.')).toBe(true);
    expect(script.length).toBeGreaterThan('Welcome to the garden hour.'.length);
    // The episode's own title is its topic once the creator gave one; the show's name alone is never one.
    await api.request('PATCH', `/ab/drafts/${draft.id}`, { token: a.token, json: { title: 'Tomatoes in the sun' } });
    const titled = await api.trpc(a.token).abWorkspace.suggestSection.mutate({ draft_id: draft.id, section_type: 'outro' });
    expect(titled.script).toMatch(/^That was Tomatoes in the sun\. /);
    expect(titled.script).not.toContain('That was Garden a');
    const other = await api.request('POST', '/api/ab/sections/suggest', {
      token: b.token,
      json: { draft_id: draft.id, section_type: 'intro' },
    });
    expect(errorOf(other).status).toBe(404);
  });
});

describe('publish to the host', () => {
  it('refuses a missing show or file in the spec’s words, and another user’s draft', async () => {
    const draft = await draftOf(a);
    const base = { draft_id: draft.id, show_id: a.show, title: 'Tomatoes', filename: draft.filename, visibility: 'draft' };
    const noShow = await api.request('POST', '/api/ab/publish', { token: a.token, json: { ...base, show_id: b.show } });
    expect(errorOf(noShow)).toMatchObject({ status: 422, detail: AB_MESSAGES.chooseShow });
    const noFile = await api.request('POST', '/api/ab/publish', { token: a.token, json: { ...base, filename: 'other.wav' } });
    expect(errorOf(noFile)).toMatchObject({ status: 422, detail: AB_MESSAGES.fileNotAvailable });
    expect(errorOf(await api.request('POST', '/api/ab/publish', { token: b.token, json: base })).status).toBe(404);
    expect(await orm.em.fork().count(EpisodeSchema, { user: a.id, title: 'Tomatoes' })).toBe(0);
  });

  it("assembles a draft ('Saved'), then publishes the assembled episode to the built-in feed", async () => {
    const draft = await draftOf(a, await uploadWithTranscript(orm, a.id, 'publish.wav', WORDS, { detect: true }));
    await orm.em.fork().nativeUpdate(MediaItemSchema, { filename: 'publish.wav' }, { durationSeconds: 20 });
    const json = {
      draft_id: draft.id,
      show_id: a.show,
      title: 'Tomatoes',
      description: 'Planting.',
      filename: draft.filename,
      visibility: 'draft',
    };
    // The template's AI-voice intro has no script: the draft's saved one goes to assembly.
    const blank = await api.request('POST', '/api/ab/publish', { token: a.token, json });
    expect(errorOf(blank)).toMatchObject({ status: 422, detail: 'Please provide the script for this AI segment before continuing.' });
    const intro = { segment_id: 'intro', section_type: 'intro', source_type: 'tts', script: 'Welcome to the garden hour.' } as const;
    await api.trpc(a.token).abWorkspace.saveSections.mutate({ draft_id: draft.id, segments: [intro] });
    const res = await api.request('POST', '/api/ab/publish', { token: a.token, json });
    expect(res.status, res.text).toBe(200);
    const saved = ZAbPublishResponse.parse(res.body);
    expect(saved).toMatchObject({ outcome: 'draft', message: AB_MESSAGES.saved });
    const row = await orm.em.fork().findOneOrFail(EpisodeSchema, { id: saved.episode_id });
    expect(row).toMatchObject({ title: 'Tomatoes', publishMode: 'draft' });
    // What the assembly job leaves: the rendered episode (the render itself is the worker's, tested there).
    const rendered = await seedAssembledEpisode(orm, store, files.dir, { userId: a.id, podcastId: a.show }, { title: 'Tomatoes' });
    await orm.em.fork().nativeUpdate(AbDraftSchema, { id: draft.id }, { episodeId: rendered.id });
    const published = await api.trpc(a.token).abWorkspace.publish.mutate({ ...json, visibility: 'publish' });
    expect(published).toMatchObject({ outcome: 'published', message: AB_MESSAGES.published, episode_id: rendered.id });
    expect((await api.trpc(a.token).abWorkspace.status.query({ id: draft.id })).episode).toMatchObject({ publish_state: 'queued' });
    // What the worker's publish.episode job does, on this test's database.
    await servicesFor(orm, config).publishRunner.run({ episode_id: rendered.id, publish_at: null, go_live: false }, { final: false });
    const status = await api.trpc(a.token).abWorkspace.status.query({ id: draft.id });
    expect(status.episode).toMatchObject({ id: rendered.id, status: 'published' });
    expect(await (await fetch(`${api.baseUrl}/feeds/${a.show}.xml`)).text()).toContain('Tomatoes');
  });
});

/** A draft of A's whose upload is transcribed (with its commands found) and whose intro script is saved. */
async function readyDraft(name: string) {
  const upload = await uploadWithTranscript(orm, a.id, name, WORDS, { detect: true });
  await orm.em.fork().nativeUpdate(MediaItemSchema, { id: upload }, { durationSeconds: 20 });
  const draft = await draftOf(a, upload);
  const intro = { segment_id: 'intro', section_type: 'intro', source_type: 'tts', script: 'Welcome.' } as const;
  await api.trpc(a.token).abWorkspace.saveSections.mutate({ draft_id: draft.id, segments: [intro] });
  return { draft_id: draft.id, show_id: a.show, title: name, filename: draft.filename, visibility: 'publish' as const };
}

describe('scheduling', () => {
  it("schedules a valid date ('Scheduled for Spreaker.') and publishes now when the date is not valid", async () => {
    const at = new Date(Math.ceil((Date.now() + 30 * 60_000) / 300_000) * 300_000);
    const scheduled = await api
      .trpc(a.token)
      .abWorkspace.publish.mutate({ ...(await readyDraft('later.mp3')), auto_published_at: at.toISOString() });
    expect(scheduled).toMatchObject({ outcome: 'scheduled', message: AB_MESSAGES.scheduled });
    expect(await orm.em.fork().findOneOrFail(EpisodeSchema, { id: scheduled.episode_id })).toMatchObject({
      publishMode: 'schedule',
      publishAt: at,
    });
    const now = await api.trpc(a.token).abWorkspace.publish.mutate({ ...(await readyDraft('now.mp3')), auto_published_at: 'next tuesday' });
    expect(now).toMatchObject({ outcome: 'published', message: AB_MESSAGES.published });
    expect(await orm.em.fork().findOneOrFail(EpisodeSchema, { id: now.episode_id })).toMatchObject({ publishMode: 'now', publishAt: null });
  });
});

describe('deleting an upload', () => {
  it('removes its draft; another user gets 404 and nothing goes', async () => {
    const upload = await uploadWithTranscript(orm, b.id, 'gone.wav', WORDS);
    const draft = await draftOf(b, upload);
    expect(errorOf(await api.request('DELETE', `/ab/drafts/${draft.id}`, { token: a.token })).status).toBe(404);
    expect(await orm.em.fork().count(AbDraftSchema, { id: draft.id })).toBe(1);
    expect((await api.request('DELETE', `/ab/drafts/${draft.id}`, { token: b.token })).status).toBe(204);
    expect(await orm.em.fork().count(AbDraftSchema, { id: draft.id })).toBe(0);
    expect(await orm.em.fork().count(MediaItemSchema, { id: upload })).toBe(0);
  });
});

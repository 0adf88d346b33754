/**
 * The /ab draft's saved intro and outro reach the one assembly path (issue 22): a library file chosen
 * for each replaces the template's segment for that episode only, through the assemble call's
 * segment_sources. Real PostgreSQL, pg-boss, ffmpeg and files: the rendered MP3 is as long as the chosen
 * intro + the upload + the chosen outro, while the template keeps its own AI-voice intro and outro
 * clip, and a template re-render keeps them. Another user's library file is refused at save and at
 * assemble, and nothing changes.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  AB_MESSAGES,
  ASSEMBLY_MESSAGES,
  ZAbSaveSectionsRequest,
  ZAssembleEpisodeRequest,
  ZTemplateBody,
  type TEpisodeJobStatus,
  type TMediaItem,
} from '@ppp/contracts';
import type { User } from '@ppp/server/domain';
import { abWorkspaceOf } from '../../server/src/domain/ab-workspace/ab-workspace-services.ts';
import { AbDraftSchema } from '../../server/src/domain/ab-workspace/ab-draft.entity.ts';
import { EpisodeSchema } from '../../server/src/domain/episodes/episode.entity.ts';
import { PodcastSchema } from '../../server/src/domain/podcasts/podcast.entity.ts';
import { decodedMs as measure } from './support/spoken-slots.ts';
import { workerBed } from './support/worker-bed.ts';

const bed = workerBed({ name: 'ppp-ab-files', env: () => ({ TTS_ENGINES: 'espeak' }) });
const { services, sql, logs } = bed;

interface Creator {
  id: string;
  show: string;
  template: string;
  upload: TMediaItem;
}
let a: Creator;
let b: Creator;
let intro: TMediaItem;
let outro: TMediaItem;

const INTRO_S = 2;
const OUTRO_S = 3;
const UPLOAD_S = 6;

const ffmpeg = (args: string[]) => execFileSync('ffmpeg', ['-v', 'error', '-y', ...args]);
const stored = (key: string) => path.join(bed.storage.dir, ...key.split('/'));

const userOf = (who: Creator): Promise<User> => services().users.getById(who.id);

/** A tone of an exact length, as a 44.1 kHz mono WAV. */
function tone(name: string, seconds: number, frequency: number): string {
  const file = path.join(bed.files.dir, `${name}.wav`);
  ffmpeg(['-f', 'lavfi', '-i', `sine=frequency=${frequency}:duration=${seconds}`, '-ar', '44100', '-ac', '1', file]);
  return file;
}

/** Words every half second from start to end: no pause for cleanup to shorten, no filler or command. */
function transcriptFor(name: string, seconds: number): string {
  const words = Array.from({ length: seconds * 2 }, (_, i) => ({ text: `word${i}`, start: i / 2, end: i / 2 + 0.45, confidence: 0.9 }));
  const file = path.join(bed.files.dir, `${name}.json`);
  writeFileSync(file, JSON.stringify({ words, language: 'en', duration_s: seconds }));
  return file;
}

async function accept(user: User, file: string, category: 'main_content' | 'intro' | 'outro', transcript?: string): Promise<TMediaItem> {
  const copy = path.join(bed.files.dir, `upload-${Date.now()}-${path.basename(file)}`);
  execFileSync('cp', [file, copy]);
  const size = Number(execFileSync('stat', ['-c', '%s', copy]).toString());
  const [item] = await services().uploads.acceptMany(
    user,
    [{ path: copy, name: path.basename(file), size }],
    [path.basename(file, '.wav')],
    { category },
    transcript ? { path: transcript, name: 'episode.json', size: 0 } : undefined,
  );
  if (!item) throw new Error('not stored');
  for (let i = 0; i < 240 && category === 'main_content'; i++) {
    const now = await services().media.getDto(user, item.id);
    if (now.status !== 'processing') return now;
    await new Promise((r) => setTimeout(r, 250));
  }
  return item;
}

async function creator(label: string): Promise<Creator> {
  const user = await bed.newUser(`ab-files-${label}`, 'pro');
  const id = user.id;
  const em = bed.orm.em.fork();
  const show = em.create(PodcastSchema, { user: id, name: `Garden ${label}` }).id;
  await em.flush();
  const templateOutro = await accept(user, tone(`template-outro-${label}`, 1, 330), 'outro');
  // The template's own intro is an AI voice and its outro a one-second clip: the draft replaces both.
  const body = ZTemplateBody.parse({
    name: `Template ${label}`,
    podcast_id: show,
    segments: [
      {
        id: 'intro',
        segment_type: 'intro',
        source: { source_type: 'tts', text_prompt: 'Welcome to the template.', voice_id: 'espeak:en-us' },
      },
      { id: 'content', segment_type: 'content', source: { source_type: 'static', filename: '' } },
      {
        id: 'outro',
        segment_type: 'outro',
        source: { source_type: 'static', filename: templateOutro.filename, media_id: templateOutro.id },
      },
    ],
  });
  const template = (await services().templates.create(user, body)).id;
  const upload = await accept(user, tone(`talk-${label}`, UPLOAD_S, 220), 'main_content', transcriptFor(`talk-${label}`, UPLOAD_S));
  expect(upload).toMatchObject({ status: 'ready' });
  return { id, show, template, upload };
}

const waitForJob = (user: User, jobId: string): Promise<TEpisodeJobStatus> =>
  bed.waitFor(
    () => services().assembly.status(user, jobId),
    (s) => s.status === 'processed' || s.status === 'error',
  );

const fileSegments = (intro: TMediaItem, outro: TMediaItem) => [
  { segment_id: 'intro', section_type: 'intro', source_type: 'static', filename: intro.filename, media_id: intro.id },
  { segment_id: 'outro', section_type: 'outro', source_type: 'static', filename: outro.filename },
];

beforeAll(async () => {
  a = await creator('a');
  b = await creator('b');
  const user = await userOf(a);
  intro = await accept(user, tone('chosen-intro', INTRO_S, 440), 'intro');
  outro = await accept(user, tone('chosen-outro', OUTRO_S, 550), 'outro');
}, 180_000);

describe('an /ab draft with library files for its intro and outro', () => {
  it('assembles the chosen intro, the upload and the chosen outro: the episode is as long as the three', async () => {
    const user = await userOf(a);
    const ab = abWorkspaceOf(services());
    const draft = await ab.abDrafts.register(user, { media_id: a.upload.id, podcast_id: a.show });
    expect(draft.template).toBe(a.template);
    // The outro is named by its filename alone, as a draft saved before ids were kept: the save finds its id.
    const saved = await ab.abSections.save(
      user,
      ZAbSaveSectionsRequest.parse({ draft_id: draft.id, segments: fileSegments(intro, outro) }),
    );
    expect(saved.draft.segment_overrides.map((s) => [s.segment_id, s.media_id])).toEqual([
      ['intro', intro.id],
      ['outro', outro.id],
    ]);

    const publish = abWorkspaceOf(services()).abPublish;
    const answer = await publish.publish(user, {
      draft_id: draft.id,
      show_id: a.show,
      title: 'Chosen files',
      description: 'Intro and outro from the library.',
      filename: a.upload.filename,
      visibility: 'draft',
    });
    expect(answer).toMatchObject({ outcome: 'draft', message: AB_MESSAGES.saved });
    const status = await waitForJob(user, answer.job_id ?? '');
    expect(status, logs.join('\n')).toMatchObject({ status: 'processed', error: null });

    const row = await bed.orm.em.fork().findOneOrFail(EpisodeSchema, { id: answer.episode_id });
    const edl = row.edl;
    if (!edl || !row.finalAudioKey) throw new Error('no render');
    expect(edl.segments.map((s) => [s.id, s.source, s.file.path])).toEqual([
      ['intro', 'static', expect.stringContaining(intro.id)],
      ['content', 'content', expect.stringContaining(a.upload.id)],
      ['outro', 'static', expect.stringContaining(outro.id)],
    ]);
    expect(edl.content.cuts).toEqual([]);
    const expected =
      measure(stored(edl.segments[0]!.file.path)) +
      measure(stored(edl.segments[1]!.file.path)) +
      measure(stored(edl.segments[2]!.file.path));
    expect(Math.abs(expected - (INTRO_S + UPLOAD_S + OUTRO_S) * 1000)).toBeLessThanOrEqual(50);
    const measured = measure(stored(row.finalAudioKey));
    console.log(`chosen intro + upload + outro: ${expected} ms; rendered ${measured} ms`);
    expect(Math.abs(measured - expected)).toBeLessThanOrEqual(50);
    // For this episode only: the template still has its AI-voice intro and its own outro clip, and no voice was rendered.
    const template = await services().templates.getOwned(user, a.template);
    expect(template.segments.map((s) => s.source.source_type)).toEqual(['tts', 'static', 'static']);
    expect(await sql("select id from media_items where user_id = ? and category = 'voice_render'", [a.id])).toEqual([]);

    // 'Re-render episodes made with this template' plans again from the template as it is now and keeps the episode's own files.
    const rerender = await services().assembly.rerenderTemplate(user, a.template);
    expect(rerender.queued.map((q) => q.episode_id)).toEqual([answer.episode_id]);
    expect((await waitForJob(user, rerender.queued[0]?.job_id ?? '')).status).toBe('processed');
    const again = await bed.orm.em.fork().findOneOrFail(EpisodeSchema, { id: answer.episode_id });
    expect(again.edl?.segments.map((s) => s.file.path)).toEqual(edl.segments.map((s) => s.file.path));
    expect(Math.abs(measure(stored(again.finalAudioKey ?? '')) - expected)).toBeLessThanOrEqual(50);
  }, 240_000);

  it("refuses another user's library file when saving and when assembling, and nothing changes", async () => {
    const user = await userOf(b);
    const ab = abWorkspaceOf(services());
    const draft = await ab.abDrafts.register(user, { media_id: b.upload.id, podcast_id: b.show });
    const foreign = ZAbSaveSectionsRequest.parse({ draft_id: draft.id, segments: fileSegments(intro, outro).slice(0, 1) });
    await expect(ab.abSections.save(user, foreign)).rejects.toMatchObject({
      code: 'VALIDATION',
      message: `${AB_MESSAGES.fixBeforeSaving} ${AB_MESSAGES.staticNotFound}`,
    });
    const kept = await bed.orm.em.fork().findOneOrFail(AbDraftSchema, { id: draft.id });
    expect(kept).toMatchObject({ introoutroStatus: 'none', segmentOverrides: [] });

    const request = (sources: Record<string, unknown>) =>
      ZAssembleEpisodeRequest.parse({
        template_id: b.template,
        media_id: b.upload.id,
        segment_sources: sources,
        episode_details: { title: 'Not mine', episodeNumber: 1 },
      });
    await expect(
      services().assembly.assemble(user, request({ outro: { source_type: 'static', media_id: outro.id } })),
    ).rejects.toMatchObject({ code: 'VALIDATION', message: ASSEMBLY_MESSAGES.segmentFileNotFound });
    await expect(
      services().assembly.assemble(user, request({ content: { source_type: 'static', media_id: outro.id } })),
    ).rejects.toMatchObject({ code: 'VALIDATION', message: ASSEMBLY_MESSAGES.segmentUnknown('content') });
    expect(await sql('select id from episodes where user_id = ?', [b.id])).toEqual([]);
    expect(await sql('select id from usage_charges where user_id = ?', [b.id])).toEqual([]);
  }, 60_000);
});

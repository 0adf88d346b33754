import { ZAssembleEpisodeRequest } from '@ppp/contracts';
/**
 * audio.assemble through pg-boss on a real PostgreSQL, real ffmpeg and real files, measured on the
 * output: an espeak-ng intro spoken through the speech port, a static outro clip, content with a
 * supplied transcript holding a Flubber marker, and a music bed. The MP3's length equals the planned
 * EDL's within 50 ms; a template re-render and manual cuts plan again from the stored recipe; a
 * worker stopped mid-render leaves no file and the retry writes the same audio.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import {
  ASSEMBLY,
  ASSEMBLY_MESSAGES,
  minutesNeeded,
  scaleToDb,
  type TEpisodeJobStatus,
  type TMediaItem,
  type TTemplateBodyInput,
  ZTemplateBody,
} from '@ppp/contracts';
import { openTestOrm, tempDir, testConfig, uniqueEmail, registerAccount } from '@ppp/server/test-support';
import { createServices, LocalStorage, outboxOnlyTransport, PgBossJobQueue, type SharedDeps, type User } from '@ppp/server/domain';
import { EpisodeSchema } from '../../server/src/domain/episodes/episode.entity.ts';
import { PodcastSchema } from '../../server/src/domain/podcasts/podcast.entity.ts';
import { MediaItemSchema } from '../../server/src/domain/media/media-item.entity.ts';
import { startWorker, type Worker } from '../src/worker.ts';

let orm: MikroORM;
let databaseUrl: string;
let worker: Worker | null = null;
let storage: { dir: string; remove: () => void };
let files: { dir: string; remove: () => void };
const logs: string[] = [];
let userId = '';
let templateId = '';
let showId = '';
let outro: TMediaItem;
let music: TMediaItem;

// The jobs' work folders go under SCRATCH_DIR: here a folder of the test's own, so it can be checked.
const scratchRoot = () => path.join(storage.dir, '..', `${path.basename(storage.dir)}-scratch`);
const config = () => testConfig(databaseUrl, { STORAGE_DIR: storage.dir, SCRATCH_DIR: scratchRoot(), TTS_ENGINES: 'espeak' });

async function runWorker(): Promise<Worker> {
  worker = await startWorker({
    orm,
    shared: { config: config(), mailTransport: outboxOnlyTransport },
    databaseUrl,
    concurrency: 1,
    log: (m) => logs.push(m),
  });
  return worker;
}

function services() {
  if (!worker) throw new Error('no worker');
  const shared: SharedDeps = {
    config: config(),
    mailTransport: outboxOnlyTransport,
    storage: new LocalStorage(storage.dir),
    jobs: new PgBossJobQueue({ boss: worker.boss }),
  };
  return createServices(orm.em.fork(), shared);
}

const user = (): Promise<User> => services().users.getById(userId);
const sql = <T extends object>(query: string, params: unknown[] = []) => orm.em.getConnection().execute<T[]>(query, params);
const ffmpeg = (args: string[]) => execFileSync('ffmpeg', ['-v', 'error', '-y', ...args]);
const stored = (key: string) => path.join(storage.dir, ...key.split('/'));
const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
/** The decoded audio's hash: equal PCM means equal sound whatever the container says. */
const pcmHash = (file: string) =>
  createHash('sha256')
    .update(
      execFileSync('ffmpeg', ['-v', 'error', '-i', file, '-f', 's16le', '-ac', '2', '-ar', '44100', '-'], { maxBuffer: 512 * 1024 * 1024 }),
    )
    .digest('hex');

async function episodeRow(id: string) {
  return orm.em.fork().findOneOrFail(EpisodeSchema, { id });
}

async function waitForJob(jobId: string, timeoutMs = 120_000): Promise<TEpisodeJobStatus> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await services().assembly.status(await user(), jobId);
    if (status.status === 'processed' || status.status === 'error') return status;
    if (Date.now() > deadline) throw new Error(`still ${status.status}: ${JSON.stringify(status)}\n${logs.join('\n')}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function waitForUpload(id: string): Promise<TMediaItem> {
  for (let i = 0; i < 240; i++) {
    const item = await services().media.getDto(await user(), id);
    if (item.status !== 'processing') return item;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`upload ${id} still processing\n${logs.join('\n')}`);
}

async function accept(file: string, category: 'main_content' | 'outro' | 'music', name: string, transcript?: string): Promise<TMediaItem> {
  const copy = path.join(files.dir, `upload-${Date.now()}-${path.basename(file)}`);
  execFileSync('cp', [file, copy]);
  const size = Number(execFileSync('stat', ['-c', '%s', copy]).toString());
  const [item] = await services().uploads.acceptMany(
    await user(),
    [{ path: copy, name: path.basename(file), size }],
    [name],
    { category },
    transcript ? { path: transcript, name: 'episode.json', size: 0 } : undefined,
  );
  if (!item) throw new Error('not stored');
  return category === 'main_content' ? waitForUpload(item.id) : item;
}

/** Phrases in 3-second slots (espeak-ng), then tailSeconds of quiet room tone; the words as a supplied transcript. */
const SLOT = 3;
const PHRASES = ['welcome to the show', 'this take went wrong', 'flubber', 'this is the better take', 'thanks for listening'];
function content(name: string, tailSeconds: number): { wav: string; transcript: string } {
  const slots = PHRASES.map((text, i) => {
    const spoken = path.join(files.dir, `${name}-phrase-${i}.wav`);
    execFileSync('espeak-ng', ['-s', '190', '-w', spoken, text]);
    const slot = path.join(files.dir, `${name}-slot-${i}.wav`);
    ffmpeg(['-i', spoken, '-af', `apad=whole_dur=${SLOT}`, '-t', String(SLOT), '-ar', '44100', '-ac', '1', slot]);
    return slot;
  });
  const wav = path.join(files.dir, `${name}.wav`);
  const tail =
    tailSeconds > 0 ? ['-f', 'lavfi', '-t', String(tailSeconds), '-i', 'anoisesrc=color=pink:amplitude=0.01:sample_rate=44100'] : [];
  const n = slots.length + (tailSeconds > 0 ? 1 : 0);
  const graph = `${Array.from({ length: n }, (_, i) => `[${i}:a]aformat=sample_rates=44100:channel_layouts=mono[a${i}]`).join(';')};${Array.from({ length: n }, (_, i) => `[a${i}]`).join('')}concat=n=${n}:v=0:a=1`;
  ffmpeg([...slots.flatMap((s) => ['-i', s]), ...tail, '-filter_complex', graph, wav]);
  const words = PHRASES.flatMap((text, i) =>
    text.split(' ').map((word, j) => ({ text: word, start: i * SLOT + j * 0.3, end: i * SLOT + j * 0.3 + 0.25, confidence: 0.9 })),
  );
  const transcript = path.join(files.dir, `${name}.json`);
  writeFileSync(transcript, JSON.stringify({ words, language: 'en', duration_s: PHRASES.length * SLOT + tailSeconds }));
  return { wav, transcript };
}

function templateBody(over: Partial<TTemplateBodyInput> = {}): TTemplateBodyInput {
  return {
    name: 'Assembly test',
    podcast_id: showId,
    segments: [
      {
        id: 'intro',
        segment_type: 'intro',
        name: 'Intro',
        source: { source_type: 'tts', text_prompt: 'Welcome to the assembly test show.', voice_id: 'espeak:en-us' },
      },
      { id: 'content', segment_type: 'content', source: { source_type: 'static', filename: '' } },
      {
        id: 'outro',
        segment_type: 'outro',
        name: 'Outro',
        source: { source_type: 'static', filename: outro.filename, media_id: outro.id },
      },
    ],
    background_music_rules: [
      {
        apply_to_segments: ['intro', 'content', 'outro'],
        music_filename: music.filename,
        media_id: music.id,
        volume_db: scaleToDb(3),
        fade_in_s: 1,
        fade_out_s: 1.5,
      },
    ],
    timing: { content_start_offset_s: -0.5, outro_start_offset_s: 0.5 },
    ...over,
  };
}

async function assemble(mediaId: string, title: string): Promise<string> {
  const queued = await services().assembly.assemble(
    await user(),
    ZAssembleEpisodeRequest.parse({
      template_id: templateId,
      media_id: mediaId,
      episode_details: { title, description: 'A generated episode', episodeNumber: 7 },
      intents: { flubber: 'yes' },
    }),
  );
  return queued.job_id;
}

/** Milliseconds the MP3 decodes to (ffprobe's MP3 durations include the encoder's padding). */
function measure(key: string): number {
  return measureFile(stored(key));
}

function measureFile(file: string): number {
  const progress = execFileSync('ffmpeg', ['-hide_banner', '-nostats', '-i', file, '-progress', 'pipe:1', '-f', 'null', '-'], {
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  const times = [...progress.matchAll(/out_time_us=(\d+)/g)].map((m) => Number(m[1]));
  return Math.round((times.at(-1) ?? 0) / 1000);
}

beforeAll(async () => {
  storage = tempDir('ppp-assemble-storage-');
  files = tempDir('ppp-assemble-files-');
  const db = await openTestOrm();
  orm = db.orm;
  databaseUrl = db.databaseUrl;
  await runWorker();
  const email = uniqueEmail('assembler');
  await registerAccount(services(), email);
  const [row] = await sql<{ id: string }>('select id from users where email = ?', [email]);
  userId = row?.id ?? '';
  await sql("update users set tier = 'pro' where id = ?", [userId]);
  const em = orm.em.fork();
  showId = em.create(PodcastSchema, { user: userId, name: 'The Assembly Show' }).id;
  await em.flush();

  const outroWav = path.join(files.dir, 'outro.wav');
  execFileSync('espeak-ng', ['-w', outroWav, 'Thanks for listening, see you next time.']);
  outro = await accept(outroWav, 'outro', 'Outro clip');
  const bed = path.join(files.dir, 'bed.mp3');
  ffmpeg([
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=220:duration=20',
    '-af',
    'aformat=channel_layouts=stereo',
    '-c:a',
    'libmp3lame',
    '-b:a',
    '128k',
    bed,
  ]);
  music = await accept(bed, 'music', 'Bed');
  templateId = (await services().templates.create(await user(), ZTemplateBody.parse(templateBody()))).id;
}, 120_000);

afterAll(async () => {
  await worker?.stop();
  await orm?.close();
  if (storage) rmSync(scratchRoot(), { recursive: true, force: true });
  storage?.remove();
  files?.remove();
});

describe('audio.assemble', () => {
  let episodeId = '';

  it('renders intro (espeak-ng via the speech port), content without the retake, outro and bed; the MP3 is as long as planned', async () => {
    const { wav, transcript } = content('short', 0);
    const upload = await accept(wav, 'main_content', 'Short episode', transcript);
    expect(upload).toMatchObject({ status: 'ready', transcription_engine: 'supplied' });
    expect(upload.intents?.flubber.count).toBe(1);

    const jobId = await assemble(upload.id, 'Generated episode');
    const status = await waitForJob(jobId);
    expect(status).toMatchObject({
      status: 'processed',
      error: null,
      progress: 100,
      episode: { status: 'processed', title: 'Generated episode' },
    });
    expect(status.episode?.final_audio_url).toMatch(/^\/api\/episodes\/[0-9a-f-]+\/audio\?expires=\d+&sig=/);
    episodeId = status.episode_id;

    const row = await episodeRow(episodeId);
    const edl = row.edl;
    if (!edl || !row.finalAudioKey) throw new Error('no render');
    // The Flubber retake is cut where detection put it.
    const marker = (await services().transcripts.intentHints(await user(), upload.id)).detection.flubber.matches[0];
    const flubberCut = edl.content.cuts.find((cut) => cut.reasons.includes('flubber'));
    expect(flubberCut?.start_ms).toBeLessThanOrEqual(Math.round((marker?.cut_start_s ?? 0) * 1000));
    expect(flubberCut?.end_ms).toBeGreaterThanOrEqual(Math.round((marker?.cut_end_s ?? 0) * 1000));
    expect(edl.segments.map((s) => [s.id, s.source])).toEqual([
      ['intro', 'tts'],
      ['content', 'content'],
      ['outro', 'static'],
    ]);
    expect(edl.music).toHaveLength(1);

    const measured = measure(row.finalAudioKey);
    expect(Math.abs(measured - edl.duration_ms)).toBeLessThanOrEqual(50);
    expect(row.durationMs).toBe(edl.duration_ms);
    expect(row.cleanupStats).toEqual(edl.cleanup_stats);
    expect(row.chapters?.map((c) => c.title)).toEqual(['Intro', 'Content', 'Outro']);
    expect(row.processedAt).toBeInstanceOf(Date);
    console.log(
      `assembled: planned ${edl.duration_ms} ms, written ${measured} ms, ${edl.content.cuts.length} cuts (${edl.content.cuts.map((c) => c.reasons.join('+')).join(', ')})`,
    );

    // The AI voice was rendered once and kept as media; minutes were charged for the estimate.
    const voices = await sql<{ id: string }>("select id from media_items where user_id = ? and category = 'voice_render'", [userId]);
    expect(voices).toHaveLength(1);
    const [charge] = await sql<{ minutes: number; seconds: number }>('select minutes, seconds from usage_charges where episode_id = ?', [
      episodeId,
    ]);
    expect(charge?.minutes).toBe(minutesNeeded(charge?.seconds ?? 0));

    // Peaks were computed once beside the file and answer the editor.
    const peaksKey = row.finalAudioKey.replace(/\.mp3$/, '.peaks.json');
    expect(existsSync(stored(peaksKey))).toBe(true);
    const peaks = await services().renders.peaks(await user(), episodeId);
    expect(peaks).toMatchObject({
      episode_id: episodeId,
      sample_rate: ASSEMBLY.peaksSampleRate,
      samples_per_pixel: ASSEMBLY.peaksSamplesPerPixel,
    });
    expect(Math.abs(peaks.length - (measured / 1000) * (ASSEMBLY.peaksSampleRate / ASSEMBLY.peaksSamplesPerPixel))).toBeLessThan(3);
    expect(Math.max(...peaks.data)).toBeGreaterThan(1000);
  }, 180_000);

  it("re-renders with the template's new timing and music, reusing the AI voice and replacing the old file", async () => {
    const before = await episodeRow(episodeId);
    const oldKey = before.finalAudioKey ?? '';
    await services().templates.update(await user(), templateId, { timing: { content_start_offset_s: 0, outro_start_offset_s: 2 } });
    const result = await services().assembly.rerenderTemplate(await user(), templateId);
    expect(result.queued.map((q) => q.episode_id)).toEqual([episodeId]);
    const status = await waitForJob(result.queued[0]?.job_id ?? '');
    expect(status.status).toBe('processed');
    const after = await episodeRow(episodeId);
    expect(after.edl?.duration_ms).toBe((before.edl?.duration_ms ?? 0) + 500 + 1500);
    expect(after.finalAudioKey).not.toBe(oldKey);
    expect(existsSync(stored(oldKey))).toBe(false);
    expect(Math.abs(measure(after.finalAudioKey ?? '') - (after.edl?.duration_ms ?? 0))).toBeLessThanOrEqual(50);
    expect(await sql("select id from media_items where user_id = ? and category = 'voice_render'", [userId])).toHaveLength(1);
  }, 120_000);

  it("re-renders with the template's new outro clip (longer by the clips' difference within 50 ms), keeping the episode's own choices; counted first; another user's template is 404", async () => {
    const before = await episodeRow(episodeId);
    const oldOutroWav = path.join(files.dir, 'outro.wav');
    const longWav = path.join(files.dir, 'outro-long.wav');
    execFileSync('espeak-ng', [
      '-w',
      longWav,
      'Thanks for listening to the assembly test show. Tell a friend, and see you next week for another episode.',
    ]);
    const longOutro = await accept(longWav, 'outro', 'Long outro clip');
    const segments = ZTemplateBody.parse(templateBody()).segments.map((s) =>
      s.id === 'outro' ? { ...s, source: { source_type: 'static' as const, filename: longOutro.filename, media_id: longOutro.id } } : s,
    );
    await services().templates.update(await user(), templateId, { segments });

    expect(await services().assembly.rerenderTemplatePreview(await user(), templateId)).toEqual({
      template_id: templateId,
      rerenderable: 1,
      skipped: 0,
      uses_minutes: false,
    });
    const other = uniqueEmail('other-assembler');
    await registerAccount(services(), other);
    const [otherRow] = await sql<{ id: string }>('select id from users where email = ?', [other]);
    const stranger = await services().users.getById(otherRow?.id ?? '');
    await expect(services().assembly.rerenderTemplatePreview(stranger, templateId)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(services().assembly.rerenderTemplate(stranger, templateId)).rejects.toMatchObject({ code: 'NOT_FOUND' });

    const charges = await sql('select id from usage_charges where user_id = ?', [userId]);
    // Measured now: the re-render replaces the file.
    const beforeMs = measure(before.finalAudioKey ?? '');
    const result = await services().assembly.rerenderTemplate(await user(), templateId);
    expect(result).toMatchObject({ queued: [{ episode_id: episodeId }], skipped: 0 });
    expect((await waitForJob(result.queued[0]?.job_id ?? '')).status).toBe('processed');
    const after = await episodeRow(episodeId);
    const outroOf = (edl: typeof after.edl) => edl?.segments.find((s) => s.id === 'outro');
    expect(outroOf(after.edl)?.file.duration_ms).toBeGreaterThan((outroOf(before.edl)?.file.duration_ms ?? 0) + 1500);
    const clipDelta = measureFile(longWav) - measureFile(oldOutroWav);
    const fileDelta = measure(after.finalAudioKey ?? '') - beforeMs;
    console.log(`outro swapped: clips differ by ${clipDelta} ms, the rendered files by ${fileDelta} ms`);
    expect(clipDelta).toBeGreaterThan(1500);
    expect(Math.abs(fileDelta - clipDelta)).toBeLessThanOrEqual(50);
    // The episode's own choices stay: the same cuts, the same spoken intro; no minutes charged.
    expect(after.edl?.content.cuts).toEqual(before.edl?.content.cuts);
    expect(after.edl?.segments.find((s) => s.id === 'intro')?.file.duration_ms).toBe(
      before.edl?.segments.find((s) => s.id === 'intro')?.file.duration_ms,
    );
    expect(await sql("select id from media_items where user_id = ? and category = 'voice_render'", [userId])).toHaveLength(1);
    expect(await sql('select id from usage_charges where user_id = ?', [userId])).toEqual(charges);
  }, 120_000);

  it('adds manual cuts drawn on the finished episode and renders it a second shorter', async () => {
    const before = await episodeRow(episodeId);
    const contentStart = before.edl?.segments.find((s) => s.source === 'content')?.start_ms ?? 0;
    const queued = await services().assembly.addCutsAndRerender(before, [{ start_ms: contentStart + 100, end_ms: contentStart + 1100 }]);
    expect(queued).toMatchObject({ status: 'queued', duration_ms: (before.edl?.duration_ms ?? 0) - 1000 });
    expect((await waitForJob(queued.job_id ?? '')).status).toBe('processed');
    const after = await episodeRow(episodeId);
    expect(after.edl?.content.cuts[0]).toMatchObject({ start_ms: 100, end_ms: 1100, reasons: ['manual'] });
    expect(after.edl?.duration_ms).toBe(queued.duration_ms);
    expect(Math.abs(measure(after.finalAudioKey ?? '') - queued.duration_ms)).toBeLessThanOrEqual(50);
    // A cut already made (here in the upload's time) changes nothing.
    expect(await services().assembly.addCutsAndRerender(after, [{ start_ms: 300, end_ms: 900 }], { timeBase: 'content' })).toMatchObject({
      status: 'done',
      job_id: null,
    });
  }, 120_000);

  it("re-renders a cut late in a long episode from the cut on, keeping the earlier render's frames before it", async () => {
    const { wav, transcript } = content('long', 90);
    const upload = await accept(wav, 'main_content', 'Long episode', transcript);
    const first = await waitForJob(await assemble(upload.id, 'Long episode'));
    expect(first.status).toBe('processed');
    const before = await episodeRow(first.episode_id);
    const earlier = path.join(files.dir, 'long-first.mp3');
    execFileSync('cp', [stored(before.finalAudioKey ?? ''), earlier]);
    const contentStart = before.edl?.segments.find((s) => s.source === 'content')?.start_ms ?? 0;
    const cutAt = contentStart + 95_000;
    const queued = await services().assembly.addCutsAndRerender(before, [{ start_ms: cutAt, end_ms: cutAt + 2_000 }]);
    expect((await waitForJob(queued.job_id ?? '')).status).toBe('processed');
    const after = await episodeRow(first.episode_id);
    expect(Math.abs(measure(after.finalAudioKey ?? '') - queued.duration_ms)).toBeLessThanOrEqual(50);
    const reused = logs.find((line) => line.includes(first.episode_id) && line.includes('reused'));
    expect(reused).toMatch(/the first (\d+\.\d) s reused/);
    const seconds = Number(/the first (\d+\.\d) s reused/.exec(reused ?? '')?.[1]);
    expect(seconds).toBeGreaterThan(60);
    expect(seconds * 1000).toBeLessThan(cutAt);
    // The first minute decodes to the same samples as the earlier render's (its frames were kept).
    const minute = (file: string) =>
      createHash('sha256')
        .update(execFileSync('ffmpeg', ['-v', 'error', '-i', file, '-t', '60', '-f', 's16le', '-'], { maxBuffer: 64 << 20 }))
        .digest('hex');
    expect(minute(stored(after.finalAudioKey ?? ''))).toBe(minute(earlier));
  }, 240_000);

  it('a worker stopped mid-render leaves no file; the retry completes and a rerun writes the same audio', async () => {
    const { wav, transcript } = content('long', 420);
    const upload = await accept(wav, 'main_content', 'Long episode', transcript);
    const jobId = await assemble(upload.id, 'Long episode');
    const deadline = Date.now() + 60_000;
    let progress = 0;
    while (progress < 5) {
      if (Date.now() > deadline) throw new Error(`render did not start\n${logs.join('\n')}`);
      await new Promise((r) => setTimeout(r, 100));
      progress = (await services().assembly.status(await user(), jobId)).progress ?? 0;
    }
    const { episode_id: id } = await services().assembly.status(await user(), jobId);
    expect(progress).toBeLessThan(100);
    await worker?.boss.stop({ graceful: true, timeout: 1000 });
    await new Promise((r) => setTimeout(r, 1500));
    const folder = stored(`users/${userId}/episodes/${id}`);
    expect(existsSync(folder) ? readdirSync(folder) : []).toEqual([]);
    // The stopped run's work folder (its partial render) went with it.
    expect(existsSync(scratchRoot()) ? readdirSync(scratchRoot()) : []).toEqual([]);
    expect((await episodeRow(id)).finalAudioKey).toBeNull();

    await runWorker();
    const status = await waitForJob(jobId, 180_000);
    expect(status.status).toBe('processed');
    const job = await worker?.boss.getJobById('audio.assemble', jobId);
    expect(job?.retryCount).toBeGreaterThanOrEqual(1);
    const first = await episodeRow(id);
    const key = first.finalAudioKey ?? '';
    expect(readdirSync(stored(`users/${userId}/episodes/${id}`)).sort()).toEqual(
      [
        path.basename(key),
        path.basename(key).replace(/\.mp3$/, '.peaks.json'),
        path.basename(key).replace(/\.mp3$/, '.render.json'),
      ].sort(),
    );
    const measured = measure(key);
    expect(Math.abs(measured - (first.edl?.duration_ms ?? 0))).toBeLessThanOrEqual(50);
    const fileHash = sha256(stored(key));
    const soundHash = pcmHash(stored(key));

    // The same recipe planned and rendered again: the same key, the same bytes, the same sound.
    const again = await services().assembly.requeueJob(first);
    expect((await waitForJob(again)).status).toBe('processed');
    const second = await episodeRow(id);
    expect(second.finalAudioKey).toBe(key);
    expect(second.durationMs).toBe(first.durationMs);
    expect(sha256(stored(key))).toBe(fileHash);
    expect(pcmHash(stored(key))).toBe(soundHash);
    console.log(
      `killed at ${progress}% and retried (retryCount ${job?.retryCount}): planned ${first.edl?.duration_ms} ms, decoded ${measured} ms, sha256 ${fileHash.slice(0, 12)} on both runs`,
    );
  }, 300_000);

  it("retries a render that failed (its upload's file gone from storage) on the same episode: charged once, credited minutes charged again once, another user's retry 404", async () => {
    const { wav, transcript } = content('retry', 0);
    const upload = await accept(wav, 'main_content', 'Retry episode', transcript);
    const file = stored((await orm.em.fork().findOneOrFail(MediaItemSchema, { id: upload.id })).storageKey);
    const charges = (id: string) =>
      sql<{ kind: string; minutes: number }>('select kind, minutes from usage_charges where episode_id = ? order by created_at', [id]);
    const usage = async () => {
      const u = await services().usage.usage(await user());
      return { minutes: u.minutes_used, episodes: u.episodes_used_this_month };
    };
    const before = await usage();

    /** Assembled while the upload's file is away: the render fails with its reason, charged as queued. */
    async function failed(title: string) {
      renameSync(file, `${file}.away`);
      const jobId = await assemble(upload.id, title);
      const status = await waitForJob(jobId);
      renameSync(`${file}.away`, file);
      expect(status).toMatchObject({ status: 'error', episode: { status: 'error', final_audio_url: null } });
      expect(status.error).toBe(ASSEMBLY_MESSAGES.renderFailed('one of its audio files could not be read'));
      expect(await services().assembly.episodeStatus(await user(), status.episode_id)).toMatchObject({ status: 'error', job_id: jobId });
      return { jobId, id: status.episode_id };
    }
    async function retried(id: string, oldJobId: string) {
      expect(await services().episodes.retry(await user(), id)).toEqual({ id, status: 'processing' });
      // A second click while it renders changes nothing.
      await expect(services().episodes.retry(await user(), id)).rejects.toMatchObject({ code: 'CONFLICT' });
      const deadline = Date.now() + 120_000;
      for (;;) {
        const status = await services().assembly.episodeStatus(await user(), id);
        if (status.status === 'processed') {
          expect(status.job_id).not.toBe(oldJobId);
          expect(status.episode?.final_audio_url).toBeTruthy();
          return;
        }
        if (status.status === 'error' || Date.now() > deadline) throw new Error(`${JSON.stringify(status)}\n${logs.join('\n')}`);
        await new Promise((r) => setTimeout(r, 250));
      }
    }

    const first = await failed('Retried once');
    const charged = await usage();
    expect(charged.episodes).toBe(before.episodes + 1);
    expect(charged.minutes).toBeGreaterThan(before.minutes);
    const email = uniqueEmail('stranger');
    await registerAccount(services(), email);
    const stranger = await services().users.getById(
      (await sql<{ id: string }>('select id from users where email = ?', [email]))[0]?.id ?? '',
    );
    await expect(services().episodes.retry(stranger, first.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(services().assembly.episodeStatus(stranger, first.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await retried(first.id, first.jobId);
    // The same episode, rendered; its charge stands and nothing more was charged.
    expect((await sql('select id from episodes where user_id = ? and title = ?', [userId, 'Retried once'])).length).toBe(1);
    expect(await usage()).toEqual(charged);
    expect((await charges(first.id)).map((c) => c.kind)).toEqual(['assembly']);
    await expect(services().episodes.retry(await user(), first.id)).rejects.toMatchObject({ code: 'CONFLICT' });

    // A failure the worker credited back (its own, no retry left): the retry charges those minutes again, once.
    const second = await failed('Retried after a credit');
    expect(await services().usage.creditFailedRender(second.id)).toBeGreaterThan(0);
    expect(await usage()).toEqual(charged);
    await retried(second.id, second.jobId);
    const after = await usage();
    expect(after.episodes).toBe(charged.episodes + 1);
    expect(after.minutes - charged.minutes).toBe(charged.minutes - before.minutes);
    expect((await charges(second.id)).map((c) => c.kind)).toEqual(['assembly', 'credit', 'assembly']);
  }, 240_000);

  it('records a clip deleted before its render ran as a readable error on the episode, without retrying', async () => {
    // The assemble call refuses a missing clip before any charge (issue 19), so here the clip goes while
    // the episode waits for its retry: the first render fails on its upload's file being away, the
    // episode's own outro clip is then deleted, and the retry's render meets it missing.
    const { wav, transcript } = content('orphan', 0);
    const upload = await accept(wav, 'main_content', 'Orphan episode', transcript);
    const doomed = await accept(path.join(files.dir, 'outro.wav'), 'outro', 'Doomed outro');
    const file = stored((await orm.em.fork().findOneOrFail(MediaItemSchema, { id: upload.id })).storageKey);
    renameSync(file, `${file}.away`);
    const queued = await services().assembly.assemble(
      await user(),
      ZAssembleEpisodeRequest.parse({
        template_id: templateId,
        media_id: upload.id,
        episode_details: { title: 'Orphan', description: 'A generated episode', episodeNumber: 7 },
        segment_sources: { outro: { source_type: 'static', media_id: doomed.id } },
      }),
    );
    expect((await waitForJob(queued.job_id)).status).toBe('error');
    renameSync(`${file}.away`, file);
    await services().media.delete(await user(), doomed.id);
    await services().episodes.retry(await user(), queued.episode_id);
    const deadline = Date.now() + 120_000;
    let status = await services().assembly.episodeStatus(await user(), queued.episode_id);
    while (status.job_id === queued.job_id || status.status !== 'error') {
      if (status.status === 'processed' || Date.now() > deadline) throw new Error(`${JSON.stringify(status)}\n${logs.join('\n')}`);
      await new Promise((r) => setTimeout(r, 250));
      status = await services().assembly.episodeStatus(await user(), queued.episode_id);
    }
    const jobId = status.job_id;
    await expect.poll(async () => (await worker?.boss.getJobById('audio.assemble', jobId))?.state, { timeout: 10_000 }).toBe('completed');
    expect((await worker?.boss.getJobById('audio.assemble', jobId))?.retryCount).toBe(0);
    expect(status).toMatchObject({ status: 'error', episode: { status: 'error', final_audio_url: null } });
    expect(status.error).toBe(ASSEMBLY_MESSAGES.staticMissing(doomed.filename));
  }, 180_000);
});

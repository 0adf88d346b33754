/**
 * What the audio.assemble job tests share: a real PostgreSQL, a worker running pg-boss with real
 * ffmpeg and files, a Pro user with a show, an outro clip, a music bed and a template (an espeak-ng
 * intro spoken through the speech port, the content, the outro, the bed under all three), and the
 * helpers that upload, assemble, wait and measure. assembleBed registers its own beforeAll and
 * afterAll; the bed is ready inside the tests.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import {
  scaleToDb,
  type TEpisodeJobStatus,
  type TMediaItem,
  type TTemplateBodyInput,
  ZAssembleEpisodeRequest,
  ZTemplateBody,
} from '@ppp/contracts';
import type { User } from '@ppp/server/domain';
import { EpisodeSchema } from '../../../server/src/domain/episodes/episode.entity.ts';
import { PodcastSchema } from '../../../server/src/domain/podcasts/podcast.entity.ts';
import { decodedMs } from './spoken-slots.ts';
import { workerBed } from './worker-bed.ts';

let bed: ReturnType<typeof workerBed>;
let userId = '';
let templateId = '';
let showId = '';
let outro: TMediaItem;
let music: TMediaItem;

// The jobs' work folders go under SCRATCH_DIR: here a folder of the test's own, so it can be checked.
const scratchOf = (storage: string) => path.join(storage, '..', `${path.basename(storage)}-scratch`);
const scratchRoot = () => scratchOf(bed.storage.dir);
const runWorker = () => bed.runWorker();
const services = () => bed.services();
const files = () => bed.files;

const user = (): Promise<User> => services().users.getById(userId);
const sql = <T extends object>(query: string, params: unknown[] = []) => bed.sql<T>(query, params);
const ffmpeg = (args: string[]) => execFileSync('ffmpeg', ['-v', 'error', '-y', ...args]);
const stored = (key: string) => path.join(bed.storage.dir, ...key.split('/'));
const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
/** The decoded audio's hash: equal PCM means equal sound whatever the container says. */
const pcmHash = (file: string) =>
  createHash('sha256')
    .update(
      execFileSync('ffmpeg', ['-v', 'error', '-i', file, '-f', 's16le', '-ac', '2', '-ar', '44100', '-'], { maxBuffer: 512 * 1024 * 1024 }),
    )
    .digest('hex');

async function episodeRow(id: string) {
  return bed.orm.em.fork().findOneOrFail(EpisodeSchema, { id });
}

const waitForJob = (jobId: string, timeoutMs = 120_000): Promise<TEpisodeJobStatus> =>
  bed.waitFor(
    () => services().assembly.status({ id: userId }, jobId),
    (status) => status.status === 'processed' || status.status === 'error',
    timeoutMs,
  );

const waitForUpload = (id: string): Promise<TMediaItem> =>
  bed.waitFor(
    () => services().media.getDto({ id: userId }, id),
    (item) => item.status !== 'processing',
    60_000,
  );

async function accept(file: string, category: 'main_content' | 'outro' | 'music', name: string, transcript?: string): Promise<TMediaItem> {
  const copy = path.join(files().dir, `upload-${Date.now()}-${path.basename(file)}`);
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
    const spoken = path.join(files().dir, `${name}-phrase-${i}.wav`);
    execFileSync('espeak-ng', ['-s', '190', '-w', spoken, text]);
    const slot = path.join(files().dir, `${name}-slot-${i}.wav`);
    ffmpeg(['-i', spoken, '-af', `apad=whole_dur=${SLOT}`, '-t', String(SLOT), '-ar', '44100', '-ac', '1', slot]);
    return slot;
  });
  const wav = path.join(files().dir, `${name}.wav`);
  const tail =
    tailSeconds > 0 ? ['-f', 'lavfi', '-t', String(tailSeconds), '-i', 'anoisesrc=color=pink:amplitude=0.01:sample_rate=44100'] : [];
  const n = slots.length + (tailSeconds > 0 ? 1 : 0);
  const graph = `${Array.from({ length: n }, (_, i) => `[${i}:a]aformat=sample_rates=44100:channel_layouts=mono[a${i}]`).join(';')};${Array.from({ length: n }, (_, i) => `[a${i}]`).join('')}concat=n=${n}:v=0:a=1`;
  ffmpeg([...slots.flatMap((s) => ['-i', s]), ...tail, '-filter_complex', graph, wav]);
  const words = PHRASES.flatMap((text, i) =>
    text.split(' ').map((word, j) => ({ text: word, start: i * SLOT + j * 0.3, end: i * SLOT + j * 0.3 + 0.25, confidence: 0.9 })),
  );
  const transcript = path.join(files().dir, `${name}.json`);
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

/** Milliseconds the stored MP3 decodes to (ffprobe's MP3 durations include the encoder's padding). */
const measure = (key: string): number => decodedMs(stored(key));
const measureFile = decodedMs;

async function setUp(): Promise<void> {
  userId = (await bed.newUser('assembler', 'pro')).id;
  const em = bed.orm.em.fork();
  showId = em.create(PodcastSchema, { user: userId, name: 'The Assembly Show' }).id;
  await em.flush();

  const outroWav = path.join(files().dir, 'outro.wav');
  execFileSync('espeak-ng', ['-w', outroWav, 'Thanks for listening, see you next time.']);
  outro = await accept(outroWav, 'outro', 'Outro clip');
  const musicBed = path.join(files().dir, 'bed.mp3');
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
    musicBed,
  ]);
  music = await accept(musicBed, 'music', 'Bed');
  templateId = (await services().templates.create(await user(), ZTemplateBody.parse(templateBody()))).id;
}

/** Registers the bed's setup and teardown; its state is read through the returned object once the tests run. */
export function assembleBed() {
  // Registered before the worker bed, so it runs once the bed is closed.
  afterAll(() => rmSync(scratchRoot(), { recursive: true, force: true }));
  bed = workerBed({ name: 'ppp-assemble', env: ({ storage }) => ({ SCRATCH_DIR: scratchOf(storage), TTS_ENGINES: 'espeak' }) });
  beforeAll(setUp, 120_000);
  return {
    ...{ services, user, sql, ffmpeg, stored, sha256, pcmHash, episodeRow, waitForJob, accept, content, templateBody },
    ...{ assemble, measure, measureFile, runWorker, scratchRoot, logs: bed.logs },
    get orm() {
      return bed.orm;
    },
    get worker() {
      return bed.worker;
    },
    get files() {
      return bed.files;
    },
    get userId() {
      return userId;
    },
    get templateId() {
      return templateId;
    },
  };
}

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
import type { MikroORM } from '@mikro-orm/postgresql';
import {
  scaleToDb,
  type TEpisodeJobStatus,
  type TMediaItem,
  type TTemplateBodyInput,
  ZAssembleEpisodeRequest,
  ZTemplateBody,
} from '@ppp/contracts';
import { openTestOrm, tempDir, testConfig, uniqueEmail, registerAccount } from '@ppp/server/test-support';
import { createServices, LocalStorage, outboxOnlyTransport, PgBossJobQueue, type SharedDeps, type User } from '@ppp/server/domain';
import { EpisodeSchema } from '../../../server/src/domain/episodes/episode.entity.ts';
import { PodcastSchema } from '../../../server/src/domain/podcasts/podcast.entity.ts';
import { startWorker, type Worker } from '../../src/worker.ts';

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

async function setUp(): Promise<void> {
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
}

async function tearDown(): Promise<void> {
  await worker?.stop();
  await orm?.close();
  if (storage) rmSync(scratchRoot(), { recursive: true, force: true });
  storage?.remove();
  files?.remove();
}

/** Registers the bed's setup and teardown; its state is read through the returned object once the tests run. */
export function assembleBed() {
  beforeAll(setUp, 120_000);
  afterAll(tearDown);
  return {
    ...{ services, user, sql, ffmpeg, stored, sha256, pcmHash, episodeRow, waitForJob, accept, content, templateBody },
    ...{ assemble, measure, measureFile, runWorker, scratchRoot, logs },
    get orm() {
      return orm;
    },
    get worker() {
      return worker;
    },
    get files() {
      return files;
    },
    get userId() {
      return userId;
    },
    get templateId() {
      return templateId;
    },
  };
}

/**
 * Workers with no shared disk: two workers, each with its own empty data and scratch folder, one
 * PostgreSQL and one S3-compatible bucket (the loopback stand-in). An upload stored in the bucket is
 * transcribed and an episode assembled from it, its outro and a music bed, by whichever worker takes
 * each job: the inputs are copied to that worker's scratch folder, ffmpeg runs there, the results go
 * to the bucket, and no file is left on either worker's disk. A worker process killed (SIGKILL) in the
 * middle of a render leaves the job to the other worker once its heartbeat stops: one render kept, one charge.
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { ZAssembleEpisodeRequest, ZTemplateBody, type TEpisodeJobStatus, type TMediaItem } from '@ppp/contracts';
import {
  openTestOrm,
  s3Env,
  startS3StandIn,
  tempDir,
  testConfig,
  toneFile,
  uniqueEmail,
  type S3StandIn,
  registerAccount,
} from '@ppp/server/test-support';
import { createServices, outboxOnlyTransport, PgBossJobQueue, S3Storage, storageFor, type SharedDeps, type User } from '@ppp/server/domain';
import type { TConfig } from '@ppp/server/config';
import { EpisodeSchema } from '../../server/src/domain/episodes/episode.entity.ts';
import { PodcastSchema } from '../../server/src/domain/podcasts/podcast.entity.ts';
import { startWorker, type Worker } from '../src/worker.ts';

const BUCKET = 'ppp-workers';
let orm: MikroORM;
let databaseUrl: string;
let standIn: S3StandIn;
let files: { dir: string; remove: () => void };
const nodes = { server: tempDir('ppp-s3-server-'), w1: tempDir('ppp-s3-worker1-'), w2: tempDir('ppp-s3-worker2-') };
const workers: Worker[] = [];
const logs: string[] = [];
let userId = '';
/** The queue the test's services send on (the server's part); workers come and go. */
let jobs: PgBossJobQueue;

// As the README's Scaling section says: the same bucket, database and SECRET_KEY on every process.
const SECRET_KEY = randomBytes(32).toString('hex');
const configEnv = (dir: string): Record<string, string> => ({
  ...s3Env(standIn, BUCKET),
  SECRET_KEY,
  DATA_DIR: dir,
  SCRATCH_DIR: path.join(dir, 'scratch'),
  TTS_ENGINES: 'espeak',
});
const configOf = (dir: string): TConfig => testConfig(databaseUrl, configEnv(dir));

function services() {
  const config = configOf(nodes.server.dir);
  const shared: SharedDeps = {
    config,
    mailTransport: outboxOnlyTransport,
    storage: storageFor(config),
    jobs,
  };
  return createServices(orm.em.fork(), shared);
}
const user = (): Promise<User> => services().users.getById(userId);
const sql = <T extends object>(query: string, params: unknown[] = []) => orm.em.getConnection().execute<T[]>(query, params);

/** Every file under a folder (recursively); empty folders are not files. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

async function accept(file: string, category: 'main_content' | 'outro' | 'music', name: string, transcript?: string): Promise<TMediaItem> {
  const copy = path.join(files.dir, `upload-${Date.now()}-${path.basename(file)}`);
  execFileSync('cp', [file, copy]);
  const [item] = await services().uploads.acceptMany(
    await user(),
    [{ path: copy, name: path.basename(file), size: statSync(copy).size }],
    [name],
    { category },
    transcript ? { path: transcript, name: 'episode.json', size: 0 } : undefined,
  );
  if (!item) throw new Error('not stored');
  return item;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: ${JSON.stringify(value)}\n${logs.join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

beforeAll(async () => {
  files = tempDir('ppp-s3-files-');
  standIn = await startS3StandIn([BUCKET]);
  const db = await openTestOrm();
  orm = db.orm;
  databaseUrl = db.databaseUrl;
  jobs = new PgBossJobQueue({ connectionString: databaseUrl });
  for (const [name, node] of [
    ['worker 1', nodes.w1],
    ['worker 2', nodes.w2],
  ] as const) {
    workers.push(
      await startWorker({
        orm,
        shared: { config: configOf(node.dir), mailTransport: outboxOnlyTransport },
        databaseUrl,
        concurrency: 1,
        log: (m) => logs.push(`${name}: ${m}`),
      }),
    );
  }
  const email = uniqueEmail('s3-creator');
  await registerAccount(services(), email);
  const [row] = await sql<{ id: string }>('select id from users where email = ?', [email]);
  userId = row?.id ?? '';
  await sql("update users set tier = 'pro' where id = ?", [userId]);
}, 120_000);

afterAll(async () => {
  for (const worker of workers) await worker.stop();
  await jobs?.close();
  await orm?.close();
  await standIn?.close();
  files?.remove();
  for (const node of Object.values(nodes)) node.remove();
});

describe('workers on S3 storage with no shared disk', () => {
  it('transcribe and assemble on whichever worker takes them, results in the bucket, nothing left on their disks', async () => {
    expect(services().storage).toBeInstanceOf(S3Storage);
    const em = orm.em.fork();
    const showId = em.create(PodcastSchema, { user: userId, name: 'The Bucket Show' }).id;
    await em.flush();

    const outroWav = path.join(files.dir, 'outro.wav');
    execFileSync('espeak-ng', ['-w', outroWav, 'Thanks for listening.']);
    const outro = await accept(outroWav, 'outro', 'Outro clip');
    const music = await accept(toneFile(files.dir, 'bed.mp3', 12, 220), 'music', 'Bed');
    const words = ['welcome', 'to', 'the', 'bucket', 'show'].map((text, i) => ({
      text,
      start: i * 0.8,
      end: i * 0.8 + 0.5,
      confidence: 0.9,
    }));
    const transcript = path.join(files.dir, 'episode.json');
    writeFileSync(transcript, JSON.stringify({ words, language: 'en', duration_s: 6 }));
    const upload = await accept(toneFile(files.dir, 'episode.wav', 6, 330), 'main_content', 'Bucket episode', transcript);

    const ready = await until(
      async () => services().media.getDto(await user(), upload.id),
      (item) => item.status !== 'processing',
      'upload still processing',
    );
    expect(ready).toMatchObject({ status: 'ready', transcription_engine: 'supplied' });
    expect(standIn.keys(BUCKET)).toContain(`users/${userId}/media/${upload.id}/working.wav`);

    const template = await services().templates.create(
      await user(),
      ZTemplateBody.parse({
        name: 'Bucket template',
        podcast_id: showId,
        segments: [
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
            apply_to_segments: ['content', 'outro'],
            music_filename: music.filename,
            media_id: music.id,
            volume_db: -20,
            fade_in_s: 1,
            fade_out_s: 1,
          },
        ],
      }),
    );
    const queued = await services().assembly.assemble(
      await user(),
      ZAssembleEpisodeRequest.parse({
        template_id: template.id,
        media_id: upload.id,
        episode_details: { title: 'From the bucket', description: 'Assembled from S3 inputs', episodeNumber: 1 },
        intents: {},
      }),
    );
    const status = await until<TEpisodeJobStatus>(
      async () => services().assembly.status(await user(), queued.job_id),
      (s) => s.status === 'processed' || s.status === 'error',
      'assembly not finished',
    );
    expect(status).toMatchObject({ status: 'processed', error: null });

    const row = await orm.em.fork().findOneOrFail(EpisodeSchema, { id: status.episode_id });
    const finalKey = row.finalAudioKey ?? '';
    expect(standIn.keys(BUCKET)).toContain(finalKey);
    const final = await services().storage.readBytes(finalKey);
    expect(final.length).toBe(row.finalAudioBytes);
    // The stored render decodes to the planned length.
    const copy = path.join(files.dir, 'final.mp3');
    writeFileSync(copy, final);
    const decoded = Number(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', copy]).toString());
    expect(Math.abs(decoded * 1000 - (row.edl?.duration_ms ?? 0))).toBeLessThan(200);

    // Each job ran on one of the workers; neither kept a file (its scratch copies were removed).
    expect(logs.some((line) => /^worker [12]: audio\.transcribe /.test(line))).toBe(true);
    for (const node of [nodes.w1, nodes.w2, nodes.server]) expect(filesUnder(node.dir)).toEqual([]);
  }, 180_000);

  it('a worker process killed in the middle of a render: the other worker finishes it, once', async () => {
    const node = tempDir('ppp-s3-dying-worker-');
    const child = spawn(process.execPath, [path.join(import.meta.dirname, '../src/main.ts')], {
      env: {
        ...process.env,
        ...configEnv(node.dir),
        DATABASE_URL: databaseUrl,
        WORKER_CONCURRENCY: '1',
        LOG_FORMAT: 'json',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      // Only the child consumes jobs until it dies.
      for (const worker of workers.splice(0)) await worker.stop();
      await until(
        async () => output,
        (text) => text.includes('"ready"') || text.includes('ready'),
        'worker process not ready',
      );

      const em = orm.em.fork();
      const showId = em.create(PodcastSchema, { user: userId, name: 'The Survivor Show' }).id;
      await em.flush();
      const words = ['a', 'long', 'episode'].map((text, i) => ({ text, start: i, end: i + 0.5, confidence: 0.9 }));
      const transcript = path.join(files.dir, 'long.json');
      writeFileSync(transcript, JSON.stringify({ words, language: 'en', duration_s: 600 }));
      const upload = await accept(
        toneFile(files.dir, 'long.wav', 600, 330, ['-ac', '1', '-ar', '16000']),
        'main_content',
        'Long episode',
        transcript,
      );
      await until(
        async () => sql<{ status: string }>('select status from media_items where id = ?', [upload.id]),
        (rows) => rows[0]?.status === 'ready',
        'long upload not ready',
      );
      const template = await services().templates.create(
        await user(),
        ZTemplateBody.parse({
          name: 'Long template',
          podcast_id: showId,
          segments: [{ id: 'content', segment_type: 'content', source: { source_type: 'static', filename: '' } }],
        }),
      );
      const queued = await services().assembly.assemble(
        await user(),
        ZAssembleEpisodeRequest.parse({
          template_id: template.id,
          media_id: upload.id,
          episode_details: { title: 'Survived', description: 'Rendered twice, kept once', episodeNumber: 2 },
          intents: {},
        }),
      );
      // The render is under way once its input is in the dying worker's scratch folder.
      await until(
        async () => filesUnder(path.join(node.dir, 'scratch')),
        (found) => found.length > 0,
        'render never started',
      );
      child.kill('SIGKILL');
      await exited;
      expect(filesUnder(path.join(node.dir, 'scratch')).length).toBeGreaterThan(0);

      // The surviving worker (its own folders) takes the job once its heartbeat has stopped.
      workers.push(
        await startWorker({
          orm,
          shared: { config: configOf(nodes.w2.dir), mailTransport: outboxOnlyTransport },
          databaseUrl,
          concurrency: 1,
          log: (m) => logs.push(`worker 2: ${m}`),
        }),
      );
      const status = await until<TEpisodeJobStatus>(
        async () => services().assembly.status(await user(), queued.job_id),
        (s) => s.status === 'processed' || s.status === 'error',
        'assembly not finished after the kill',
        // The heartbeat's 30 s, the monitor's 15 s, the retry's delay, then the render again on a loaded machine.
        240_000,
      );
      expect(status).toMatchObject({ status: 'processed', error: null });
      const charges = await sql<{ id: string }>('select id from usage_charges where episode_id = ?', [status.episode_id]);
      expect(charges).toHaveLength(1);
      const row = await orm.em.fork().findOneOrFail(EpisodeSchema, { id: status.episode_id });
      expect((await services().storage.stat(row.finalAudioKey ?? ''))?.size).toBe(row.finalAudioBytes);
      expect(filesUnder(nodes.w2.dir)).toEqual([]);
    } finally {
      child.kill('SIGKILL');
      await exited;
      node.remove();
    }
  }, 420_000);
});

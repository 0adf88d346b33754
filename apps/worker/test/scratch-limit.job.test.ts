/**
 * The worker's scratch folder is bounded (SCRATCH_MAX_MB, issue 21): on S3 storage every input a job
 * copies is counted against the limit before a byte is written. A copy that must wait for other
 * jobs' copies fails the run with a message saying so, and pg-boss's retry succeeds once there is
 * room; a file larger than the whole limit fails the transcription at once, and a render after its
 * last retry, with the reason on the row (the render's minutes given back). Nothing is left in the
 * scratch folder after any of these runs, and what a crashed process left there (its copies, its
 * jobs' work folders) is removed by the next job.
 */
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { ZAssembleEpisodeRequest, ZTemplateBody, type TMediaItem } from '@ppp/contracts';
import {
  filesUnder,
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
import {
  createServices,
  outboxOnlyTransport,
  PgBossJobQueue,
  S3Storage,
  ScratchFolder,
  ScratchFullError,
  type User,
} from '@ppp/server/domain';
import type { TConfig } from '@ppp/server/config';
import { s3SettingsOf } from '../../server/src/domain/storage/s3-settings.ts';
import { PodcastSchema } from '../../server/src/domain/podcasts/podcast.entity.ts';
import { handleTranscribe } from '../src/jobs/audio-transcribe.job.ts';
import { handleAssemble } from '../src/jobs/audio-assemble.job.ts';
import type { JobContext } from '../src/jobs/job.ts';

const BUCKET = 'ppp-scratch';
const MB = 1024 * 1024;
let orm: MikroORM;
let standIn: S3StandIn;
let jobs: PgBossJobQueue;
let config: TConfig;
let userId = '';
const files = tempDir('ppp-scratch-files-');
const scratchRoot = path.join(files.dir, 'scratch');
const logs: string[] = [];

/** Services on the bucket whose inputs are copied into `scratch`. */
function services(scratch: ScratchFolder) {
  const storage = new S3Storage(s3SettingsOf(config)!, scratch);
  return createServices(orm.em.fork(), { config, mailTransport: outboxOnlyTransport, storage, jobs });
}
function contextOf(scratch: ScratchFolder, final: boolean): JobContext {
  const em = orm.em.fork();
  const storage = new S3Storage(s3SettingsOf(config)!, scratch);
  return {
    services: createServices(em, { config, mailTransport: outboxOnlyTransport, storage, jobs }),
    log: (m) => logs.push(m),
    attempt: { retryCount: final ? 3 : 0, retryLimit: 3 },
  };
}
const roomy = () => new ScratchFolder(scratchRoot, 64 * MB);
const user = (): Promise<User> => services(roomy()).users.getById(userId);
const sql = <T extends object>(query: string, params: unknown[] = []) => orm.em.getConnection().execute<T[]>(query, params);

/** A 3 s stereo WAV (about 0.5 MB) stored in the bucket with its transcript supplied, waiting for its transcription. */
async function storedUpload(name: string): Promise<TMediaItem> {
  const wav = toneFile(files.dir, `${name}.wav`, 3, 330, ['-ac', '2', '-ar', '44100']);
  const transcript = path.join(files.dir, `${name}.json`);
  writeFileSync(transcript, JSON.stringify({ words: [{ text: 'hello', start: 0.2, end: 0.6, confidence: 0.9 }], language: 'en' }));
  const [item] = await services(roomy()).uploads.acceptMany(
    await user(),
    [{ path: wav, name: `${name}.wav`, size: statSync(wav).size }],
    [name],
    { category: 'main_content' },
    { path: transcript, name: 'episode.json', size: 0 },
  );
  if (!item) throw new Error('not stored');
  return item;
}
const mediaRow = async (id: string) =>
  (
    await sql<{ status: string; transcription_error: string | null }>('select status, transcription_error from media_items where id = ?', [
      id,
    ])
  )[0];

beforeAll(async () => {
  standIn = await startS3StandIn([BUCKET]);
  const db = await openTestOrm();
  orm = db.orm;
  jobs = new PgBossJobQueue({ connectionString: db.databaseUrl });
  config = testConfig(db.databaseUrl, { ...s3Env(standIn, BUCKET), DATA_DIR: files.dir, SCRATCH_DIR: scratchRoot });
  const email = uniqueEmail('scratch');
  await registerAccount(services(roomy()), email);
  userId = (await sql<{ id: string }>('select id from users where email = ?', [email]))[0]?.id ?? '';
}, 60_000);

afterAll(async () => {
  await jobs?.close();
  await orm?.close();
  await standIn?.close();
  files.remove();
});

describe('a bounded scratch folder', () => {
  it('a copy that must wait for room fails the run with the reason; the retry succeeds once room is free', async () => {
    const item = await storedUpload('waiting');
    const scratch = new ScratchFolder(scratchRoot, 1 * MB);
    // Another job on this worker holds 0.8 MB of the 1 MB.
    const other = await scratch.reserve('other-job.wav', 0.8 * MB);
    writeFileSync(other.path, Buffer.alloc(0.8 * MB));
    const refused = handleTranscribe(item.id, contextOf(scratch, false));
    await expect(refused).rejects.toThrow(ScratchFullError);
    await expect(refused).rejects.toThrow(
      /^Not enough room in this worker's scratch folder for original\.wav \(0\.5 MB\): 0\.8 MB of its 1\.0 MB limit \(SCRATCH_MAX_MB\) are taken by other jobs; the job is tried again later$/,
    );
    expect(await mediaRow(item.id)).toMatchObject({ status: 'processing' });
    expect(filesUnder(scratch.dir)).toEqual([other.path]);

    await other.release();
    expect(await handleTranscribe(item.id, contextOf(scratch, false))).toMatchObject({ status: 'ready', engine: 'supplied' });
    expect(await mediaRow(item.id)).toMatchObject({ status: 'ready' });
    expect([scratch.usedBytes, filesUnder(scratch.dir)]).toEqual([0, []]);
  });

  it("a job works under SCRATCH_DIR and leaves nothing there, a crashed process's copies and work folders included", async () => {
    const item = await storedUpload('swept');
    // What a worker killed mid-job left: its copies folder and a job's work folder (pid 999999999 is not running).
    for (const left of ['999999999-0a1b2c3d/original.wav', '999999999-4e5f6a7b/working.wav']) {
      mkdirSync(path.join(scratchRoot, path.dirname(left)), { recursive: true });
      writeFileSync(path.join(scratchRoot, left), Buffer.alloc(1000));
    }
    expect(await handleTranscribe(item.id, contextOf(new ScratchFolder(scratchRoot, 64 * MB), false))).toMatchObject({ status: 'ready' });
    expect(filesUnder(scratchRoot)).toEqual([]);
  });

  it('a file larger than the whole limit fails its transcription at once, with the reason on the upload', async () => {
    const item = await storedUpload('too-big');
    const scratch = new ScratchFolder(scratchRoot, 0.25 * MB);
    expect(await handleTranscribe(item.id, contextOf(scratch, false))).toEqual({ status: 'error' });
    const row = await mediaRow(item.id);
    expect(row?.status).toBe('error');
    expect(row?.transcription_error).toMatch(
      /^original\.wav \(0\.5 MB\) is larger than this worker's scratch folder may hold \(0\.3 MB, SCRATCH_MAX_MB\): raise SCRATCH_MAX_MB to process it$/,
    );
    expect([scratch.usedBytes, filesUnder(scratch.dir)]).toEqual([0, []]);
  });

  it('a render whose inputs cannot fit fails after its last retry with the reason, its minutes given back', async () => {
    const item = await storedUpload('render');
    expect(await handleTranscribe(item.id, contextOf(roomy(), false))).toMatchObject({ status: 'ready' });
    const em = orm.em.fork();
    const showId = em.create(PodcastSchema, { user: userId, name: 'The Tight Show' }).id;
    await em.flush();
    const template = await services(roomy()).templates.create(
      await user(),
      ZTemplateBody.parse({
        name: 'Tight',
        podcast_id: showId,
        segments: [{ id: 'content', segment_type: 'content', source: { source_type: 'static', filename: '' } }],
      }),
    );
    const queued = await services(roomy()).assembly.assemble(
      await user(),
      ZAssembleEpisodeRequest.parse({
        template_id: template.id,
        media_id: item.id,
        episode_details: { title: 'No room', description: 'Too big for the scratch folder', episodeNumber: 1 },
        intents: {},
      }),
    );
    const minutesBefore = await sql<{ n: string }>('select count(*) as n from usage_charges where episode_id = ?', [queued.episode_id]);
    expect(Number(minutesBefore[0]?.n)).toBe(1);
    const scratch = new ScratchFolder(scratchRoot, 0.25 * MB);
    const payload = { episode_id: queued.episode_id, reason: 'assemble' as const };
    await expect(handleAssemble(payload, contextOf(scratch, false))).rejects.toThrow(ScratchFullError);
    expect(await handleAssemble(payload, contextOf(scratch, true))).toEqual({ status: 'error' });
    const status = await services(roomy()).assembly.status(await user(), queued.job_id);
    expect(status.status).toBe('error');
    expect(status.error).toContain("is larger than this worker's scratch folder may hold (0.3 MB, SCRATCH_MAX_MB)");
    expect(logs.some((line) => line.includes(`audio.assemble ${queued.episode_id} failed`) && line.includes('minutes credited back'))).toBe(
      true,
    );
    expect([scratch.usedBytes, filesUnder(scratch.dir)]).toEqual([0, []]);
  });
});

/**
 * Issue 32: the admin's re-transcription of every upload the offline fallback transcribed, through
 * pg-boss on a real PostgreSQL with real ffmpeg. Three short spoken uploads are transcribed by
 * pocketsphinx; then an OpenAI-compatible endpoint (a local stand-in) becomes the engine and the run
 * walks them one at a time, its transcriptions queued below creators' jobs. The worker is stopped
 * while the second upload is being transcribed: after the restart the run carries on from there, the
 * first upload is not transcribed again, and all three end with the new engine's words.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTranscriptionStandIn, transcriptionEnv, type TranscriptionStandIn } from '@ppp/server/test-support';
import type { User } from '@ppp/server/domain';
import { RETRANSCRIBE, ZUploadOptions, type TMediaItem } from '@ppp/contracts';
import { spokenSlots } from './support/spoken-slots.ts';
import { workerBed } from './support/worker-bed.ts';

const bed = workerBed({ name: 'ppp-refallback', env: () => ({ TRANSCRIPTION_ENGINES: 'pocketsphinx', WORKER_STOP_GRACE_MS: '1000' }) });
const { services, sql } = bed;
const WORDS = [
  { word: 'welcome', start: 0.2, end: 0.6 },
  { word: 'to', start: 0.65, end: 0.75 },
  { word: 'the', start: 0.8, end: 0.9 },
  { word: 'garden', start: 0.95, end: 1.4 },
];

let standIn: TranscriptionStandIn;
let creator: User;
let admin: User;
const uploads: string[] = [];

/** The bed's configuration with the stand-in as the only engine: what the server and worker see once whisper is ready. */
const betterConfig = () => bed.configWith({ ...transcriptionEnv(standIn), WORKER_STOP_GRACE_MS: '1000' });

async function accept(name: string, phrases: string[]): Promise<string> {
  const { wav } = spokenSlots({ dir: bed.files.dir, name, phrases, slotSeconds: 2, sampleRate: 16000 });
  const copy = path.join(bed.files.dir, `upload-${name}.wav`);
  execFileSync('cp', [wav, copy]);
  const [item] = await services().uploads.acceptMany(
    creator,
    [{ path: copy, name: `${name}.wav`, size: Number(execFileSync('stat', ['-c', '%s', copy]).toString()) }],
    [name],
    ZUploadOptions.parse({ category: 'main_content' }),
  );
  if (!item) throw new Error('not stored');
  return item.id;
}

const dto = (id: string): Promise<TMediaItem> => services().media.getDto(creator, id);
const runRow = async (id: string) =>
  (
    await sql<{ status: string; done_count: number; failed_count: number; current_media_id: string | null }>(
      'select status, done_count, failed_count, current_media_id from retranscribe_runs where id = ?',
      [id],
    )
  )[0];

beforeAll(async () => {
  standIn = await startTranscriptionStandIn(WORDS);
  creator = await bed.newUser('creator');
  admin = await bed.newUser('admin');
  for (const [i, phrases] of [['welcome to the show'], ['flubber', 'today we sow tomatoes'], ['thanks for listening']].entries()) {
    uploads.push(await accept(`fallback-${i}`, phrases));
  }
  for (const id of uploads)
    await bed.waitFor(
      () => dto(id),
      (item) => item.status !== 'processing',
      120_000,
    );
}, 240_000);
afterAll(() => standIn?.close());

describe('transcripts.retranscribe-fallback', () => {
  it('re-transcribes every fallback upload one at a time, and resumes after a stop without redoing a finished one', async () => {
    for (const id of uploads)
      expect(await dto(id)).toMatchObject({ status: 'ready', transcription_engine: 'pocketsphinx', transcription_fallback: true });

    // Whisper is ready (here: the stand-in): the worker and the admin's services see the better engine.
    await bed.stopWorker();
    await bed.runWorker(betterConfig());
    standIn.hold();
    const run = await services(betterConfig()).fallbackRun.start(admin);
    expect(run).toMatchObject({ status: 'running', total: 3, engine: 'openai-compatible', model: 'whisper-1' });

    // The first upload's transcription arrives; answered, and the next request is held.
    await bed.waitFor(
      async () => standIn.requests,
      (n) => n === 1,
      60_000,
    );
    standIn.release(WORDS);
    standIn.hold();
    const midway = await bed.waitFor(
      () => runRow(run.id),
      (row) => row?.done_count === 1 && standIn.requests === 2,
      60_000,
    );
    expect(midway?.current_media_id).toBe(uploads[1]);
    expect(await dto(uploads[0] ?? '')).toMatchObject({
      status: 'ready',
      transcription_engine: 'openai-compatible',
      transcription_model: 'whisper-1',
    });
    const [firstWords] = await sql<{ updated_at: Date }>('select updated_at from transcripts where media_id = ?', [uploads[0]]);
    // Queued below every creator's own job.
    const priorities = await sql<{ priority: number }>(
      `select priority from pgboss.job where name = 'audio.transcribe' and data->>'media_id' = ?`,
      [uploads[1]],
    );
    expect(priorities.map((p) => p.priority)).toContain(RETRANSCRIBE.bulkPriority);

    // The worker stops while the second upload is being transcribed.
    await bed.stopWorker();
    expect(await runRow(run.id)).toMatchObject({ status: 'running', done_count: 1, current_media_id: uploads[1] });
    expect(await sql('select status, transcription_engine from media_items where id = ?', [uploads[2]])).toEqual([
      { status: 'ready', transcription_engine: 'pocketsphinx' },
    ]);

    standIn.release(WORDS);
    await bed.runWorker(betterConfig());
    const finished = await bed.waitFor(
      () => runRow(run.id),
      (row) => row?.status === 'done',
      150_000,
      500,
    );
    expect(finished).toMatchObject({ done_count: 3, failed_count: 0, current_media_id: null });
    for (const id of uploads) {
      expect(await dto(id)).toMatchObject({ status: 'ready', transcription_engine: 'openai-compatible', transcription_fallback: false });
    }
    // The first upload was not transcribed again: its words are the ones stored before the stop,
    // and the stand-in heard the three uploads plus the second one's interrupted attempt.
    expect(await sql('select updated_at from transcripts where media_id = ?', [uploads[0]])).toEqual([firstWords]);
    expect(standIn.requests).toBe(4);
    const view = await services(betterConfig()).fallbackRun.state();
    expect(view).toMatchObject({ fallback_uploads: 0, run: { id: run.id, status: 'done', done: 3, total: 3 } });
  }, 300_000);
});

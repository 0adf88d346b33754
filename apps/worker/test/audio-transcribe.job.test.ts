import { NOTIFICATION_LINKS, ZUploadOptions } from '@ppp/contracts';
/**
 * audio.transcribe through pg-boss on a real PostgreSQL, real ffmpeg and real files:
 * - detection on speech with known content: phrases spoken by espeak-ng, laid at known times,
 *   supplied as a transcript; Flubber, Intern and sfx counts and times exact; notified in-app and by mail;
 *   a rerun overwrites the same rows;
 * - the local engine (pocketsphinx) on a LibriVox clip; its word error rate on all clips is asserted in
 *   packages/audio/test/transcription/pocketsphinx.real.test.ts;
 * - no engine is a clear error on the upload, and a retry works once one is configured.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { toneFile } from '@ppp/server/test-support';
import type { User } from '@ppp/server/domain';
import type { TMediaItem } from '@ppp/contracts';
import { spokenSlots } from './support/spoken-slots.ts';
import { workerBed } from './support/worker-bed.ts';

const bed = workerBed({ name: 'ppp-worker' });
const { services, sql } = bed;
let userEmail = '';
let userId = '';

/** Another worker in place of the running one, on the bed's configuration with `env` changed. */
async function restartWorker(env: Record<string, string>): Promise<void> {
  await bed.worker?.stop();
  await bed.runWorker(bed.configWith(env));
}

const user = (): Promise<User> => services().users.getById(userId);

const waitForStatus = async (mediaId: string, timeoutMs = 60_000): Promise<TMediaItem> =>
  bed.waitFor(
    () => services().media.getDto({ id: userId }, mediaId),
    (item) => item.status !== 'processing',
    timeoutMs,
    200,
  );

beforeAll(async () => {
  ({ email: userEmail, id: userId } = await bed.newUser('creator'));
});

/** Each phrase in a 3-second slot: spoken by espeak-ng, padded with silence, joined into one file. */
const SLOT = 3;
const PHRASES = ['welcome to the show', 'flubber', 'intern what is the capital of france stop', 'and now clap', 'thanks for listening'];

const speechFile = () => spokenSlots({ dir: bed.files.dir, name: 'episode', phrases: PHRASES, slotSeconds: SLOT, sampleRate: 16000 });

async function accept(wav: string, name: string, options: { transcript?: string; notify?: string } = {}): Promise<TMediaItem> {
  const copy = path.join(bed.files.dir, `upload-${Date.now()}-${path.basename(wav)}`);
  execFileSync('cp', [wav, copy]);
  const transcriptCopy = options.transcript ? path.join(bed.files.dir, `t-${Date.now()}.json`) : undefined;
  if (options.transcript && transcriptCopy) execFileSync('cp', [options.transcript, transcriptCopy]);
  const [item] = await services().uploads.acceptMany(
    await user(),
    [{ path: copy, name: path.basename(wav), size: Number(execFileSync('stat', ['-c', '%s', copy]).toString()) }],
    [name],
    ZUploadOptions.parse({ category: 'main_content', notify_when_ready: options.notify ? 'true' : 'false', notify_email: options.notify }),
    transcriptCopy ? { path: transcriptCopy, name: 'episode.json', size: 0 } : undefined,
  );
  if (!item) throw new Error('not stored');
  return item;
}

describe('audio.transcribe', () => {
  it('detects Flubber, Intern and sfx at the known times of a supplied transcript, and notifies once', async () => {
    const me = await user();
    const [clap] = await services().uploads.acceptMany(
      me,
      [{ path: toneFile(bed.files.dir, 'clap.wav', 1), name: 'clap.wav', size: 32_000 }],
      ['Clap'],
      { category: 'sfx' },
    );
    await services().media.update(me, clap?.id ?? '', { trigger_keyword: 'clap' });

    const { wav, transcript } = speechFile();
    // The account's own address (the instance's first, verified); no other address can be notified (issue 14).
    const queued = await accept(wav, 'Known phrases', { transcript, notify: userEmail.toUpperCase() });
    expect(queued.status).toBe('processing');
    const item = await waitForStatus(queued.id);
    expect(item).toMatchObject({
      status: 'ready',
      transcript_ready: true,
      transcription_engine: 'supplied',
      transcription_progress: 100,
      notify_pending: false,
    });
    expect(item.duration_seconds).toBeCloseTo(PHRASES.length * SLOT, 1);
    expect(item.intents?.flubber).toEqual({ count: 1, matches: [{ label: 'flubber', phrase: 'flubber', start_s: 3, end_s: 3.25 }] });
    expect(item.intents?.intern.count).toBe(1);
    expect(item.intents?.intern.matches[0]).toMatchObject({ label: 'intern', phrase: 'what is the capital of france', start_s: 6 });
    expect(item.intents?.intern.matches[0]?.end_s).toBeCloseTo(6 + 7 * 0.3 + 0.25, 3);
    expect(item.intents?.sfx).toEqual({ count: 1, matches: [{ label: 'clap', phrase: 'clap', start_s: 9.6, end_s: 9.85 }] });

    const hints = await services().transcripts.intentHints(me, item.filename);
    expect(hints.detection.flubber.matches[0]).toMatchObject({ flubber_time_s: 3, cut_start_s: 2.25, cut_end_s: 3.25 });
    const stored = await services().transcripts.getTranscript(me, item.id);
    expect(stored.words).toHaveLength(PHRASES.join(' ').split(' ').length);
    expect(stored.text).toBe(PHRASES.join(' '));

    const notices = await services().notifications.findForUser(me);
    expect(notices.map((n) => n.title)).toEqual(['Upload ready']);
    // Clicking it opens the Episode Creator with this upload chosen (issue 19).
    expect(notices[0]?.link).toBe(NOTIFICATION_LINKS.readyUpload(item.id));
    expect(notices[0]?.body).toContain('Flubber 1, Intern 1, Sound Effects 1');
    const mails = await services().mail.findOutbox({ to: userEmail, limit: 10 });
    expect(mails.map((m) => m.subject)).toEqual(['Your upload "Known phrases" is ready']);

    // Running the job again overwrites the same rows and sends nothing twice.
    const again = await bed.worker?.boss.send('audio.transcribe', { media_id: item.id });
    expect(again).toEqual(expect.any(String));
    await new Promise((r) => setTimeout(r, 500));
    expect((await waitForStatus(item.id)).status).toBe('ready');
    await expect
      .poll(async () => (await bed.worker?.boss.getJobById('audio.transcribe', again ?? ''))?.state, { timeout: 20_000 })
      .toBe('completed');
    expect(await sql('select 1 from transcripts where media_id = ?', [item.id])).toHaveLength(1);
    expect(await services().notifications.findForUser(me)).toHaveLength(1);
    expect(await services().mail.findOutbox({ to: userEmail, limit: 10 })).toHaveLength(1);
  }, 90_000);

  it('transcribes real speech with pocketsphinx, the always-available local engine, and records its speed', async () => {
    const clip = '/usr/share/pocketsphinx/test/data/librivox/sense_and_sensibility_01_austen_64kb-0870.wav';
    const item = await waitForStatus((await accept(clip, 'Austen')).id, 120_000);
    expect(item).toMatchObject({ status: 'ready', transcription_engine: 'pocketsphinx', transcript_ready: true });
    const stored = await services().transcripts.getTranscript(await user(), item.id);
    expect(stored.text).toMatch(/john .* leisure to consider how much there might be/);
    const rtf = await sql<{ realtime_factor: number }>('select realtime_factor from media_items where id = ?', [item.id]);
    expect(rtf[0]?.realtime_factor).toBeGreaterThan(0);
    console.log(`pocketsphinx through the job: RTF ${rtf[0]?.realtime_factor.toFixed(3)} on ${item.duration_seconds?.toFixed(1)} s`);
  }, 120_000);

  it('without an engine the upload shows a clear error, and a retry works once one is configured', async () => {
    await restartWorker({ TRANSCRIPTION_ENGINES: 'whisper.cpp' });
    const { wav } = speechFile();
    const failed = await waitForStatus((await accept(wav, 'Needs an engine')).id);
    expect(failed.status).toBe('error');
    expect(failed.transcription_error).toBe(
      'No transcription engine is available (tried whisper.cpp): install pocketsphinx, configure a whisper.cpp model or an OpenAI-compatible endpoint',
    );
    expect((await services().notifications.findForUser(await user())).map((n) => n.title)).toContain('Transcription failed');
    await expect(services().transcripts.intentHints(await user(), failed.id)).rejects.toMatchObject({ code: 'CONFLICT' });

    await restartWorker({ TRANSCRIPTION_ENGINES: 'pocketsphinx' });
    await services().media.retryTranscription(await user(), failed.id);
    const ready = await waitForStatus(failed.id, 120_000);
    expect(ready).toMatchObject({ status: 'ready', transcription_engine: 'pocketsphinx', transcription_error: null });
  }, 180_000);
});

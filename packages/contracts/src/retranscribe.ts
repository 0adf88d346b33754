import { z } from 'zod';
import { ZTranscriptionEngineName, type TTranscriptionEngineName } from './transcription.ts';

/*
 * Issue 32, items 3 and 4: every transcript records the engine and model that made it; a transcript
 * of the offline fallback is said to be one, and can be re-transcribed once a better engine runs.
 */

/** The engine a fresh install falls back to offline: its words are often wrong, and the product says so. */
export const FALLBACK_TRANSCRIPTION_ENGINE = 'pocketsphinx' satisfies TTranscriptionEngineName;

/** Whether a transcript made by this engine is the offline fallback's (null: not transcribed yet). */
export function isFallbackEngine(engine: string | null | undefined): boolean {
  return engine === FALLBACK_TRANSCRIPTION_ENGINE;
}

/** "whisper.cpp (base.en)", or the engine alone when it has no model to name. */
export function engineLabel(engine: string, model: string | null | undefined): string {
  return model ? `${engine} (${model})` : engine;
}

export const RETRANSCRIBE = {
  /**
   * What a re-transcription costs (decided for issue 32): nothing. The spec charges processing
   * minutes when an episode is assembled (the finished episode's rounded-up seconds, spec 000 §9,
   * spec 002 §1 'consumed when a job starts'), never for transcribing an upload, so transcribing the
   * same audio again is free like the first time. What it does cost is the machine's time, so a
   * creator may re-transcribe one upload at most this many times; the admin's re-transcription of
   * the fallback's uploads does not count against it.
   */
  maxPerUpload: 3,
  /** Seconds the bulk re-transcription waits before it looks again whether the upload it queued is done. */
  bulkPollSeconds: 3,
  /**
   * pg-boss priority of the transcriptions the bulk run queues: below every creator's own job
   * (standard 0, priority plans 10,000, each lowered at most FAIR_QUEUE.maxRank by its owner's waiting
   * jobs), so the run only ever uses a worker nobody else wants.
   */
  bulkPriority: -10_000,
} as const;

/** Every word the product says about the fallback and re-transcription, once. */
export const RETRANSCRIBE_MESSAGES = {
  fallbackTitle: 'Transcribed by the offline recogniser',
  fallbackBody:
    'This transcript was made by the offline recogniser (pocketsphinx), which this server falls back to when no better ' +
    'speech engine is installed. It often mishears words, so Flubber, Intern and sound-effect detection may miss retakes ' +
    'and commands you said, or find ones you never said. Check what it found before you build an episode: correct the transcript, or re-transcribe it.',
  noBetterEngineYet: 'No better engine is installed on this server yet, so Re-transcribe is not offered.',
  retranscribe: 'Re-transcribe',
  correctTranscript: 'Correct the transcript',
  confirmTitle: 'Re-transcribe this upload?',
  confirmBody: (label: string) =>
    `The audio is transcribed again with ${label}, and Flubber, Intern and sound-effect detection run again on the new words. ` +
    'The upload shows Processing until then; the current transcript stays until the new one is ready. It costs no processing minutes.',
  confirmCorrections: (count: number) =>
    `You corrected ${count} ${count === 1 ? 'word' : 'words'} of this transcript. Re-transcribing replaces the whole transcript: your corrections will be lost.`,
  confirmDiscard: 'Re-transcribe and lose my corrections',
  confirm: 'Re-transcribe',
  queued: 'Re-transcription queued. The upload shows its progress.',
  stillProcessing: 'Transcript not ready yet. Try again soon.',
  noBetterEngine: (label: string) =>
    `No better engine is available: re-transcribing now would use ${label}, the offline recogniser, again.`,
  noEngine: 'No transcription engine can run on this server now, so nothing could be re-transcribed.',
  sameEngine: (label: string) => `This upload was already transcribed with ${label}, the engine that would be used now.`,
  supplied: 'This upload came with its own transcript, which every transcription uses; correct it instead.',
  failedUpload: 'This upload could not be transcribed; use Retry instead.',
  limitReached: `This upload was re-transcribed ${RETRANSCRIBE.maxPerUpload} times already, the most one upload can be.`,
  correctionsWouldBeLost: (count: number) =>
    `Re-transcribing replaces the ${count} ${count === 1 ? 'word' : 'words'} you corrected. Confirm that they may be lost (discard_corrections).`,
  oneOf: 'Name the upload (media_id) or the episode (episode_id), not both.',
  retranscribeFailed: (name: string, reason: string) =>
    `"${name}" could not be re-transcribed (${reason}); its previous transcript is kept.`,
  bulkTitle: 'Re-transcribe the fallback’s uploads',
  bulkBody: (count: number) =>
    `${count} ${count === 1 ? 'upload was' : 'uploads were'} transcribed by the offline recogniser. One job re-transcribes them one at a time with the current engine, behind creators’ own uploads.`,
  bulkStart: 'Re-transcribe all',
  bulkAlreadyRunning: 'A re-transcription of the fallback’s uploads is already running.',
  bulkNothingToDo: 'No upload was transcribed by the offline recogniser.',
  bulkStarted: 'Re-transcription of the fallback’s uploads queued; its progress shows here and in Jobs.',
} as const;

/** The engine a transcription started now would use, and whether it is the offline fallback. */
export const ZTranscriptionEngineNow = z.object({
  engine: ZTranscriptionEngineName,
  model: z.string().nullable(),
  fallback: z.boolean(),
});
export type TTranscriptionEngineNow = z.infer<typeof ZTranscriptionEngineNow>;

/** Re-transcribe an upload, or the content upload of an episode; discard_corrections confirms losing corrected words. */
export const ZRetranscribeRequest = z
  .object({
    media_id: z.uuid().optional(),
    episode_id: z.uuid().optional(),
    discard_corrections: z.boolean().default(false),
  })
  .refine((value) => (value.media_id === undefined) !== (value.episode_id === undefined), RETRANSCRIBE_MESSAGES.oneOf);
export type TRetranscribeRequest = z.input<typeof ZRetranscribeRequest>;

/** The body of POST /api/media/{id}/retranscribe and /api/episodes/{id}/retranscribe. */
export const ZRetranscribeBody = z.object({ discard_corrections: z.boolean().default(false) });

export const ZRetranscribeRunStatus = z.enum(['running', 'done', 'cancelled']);

/** The admin's re-transcription of every fallback upload: one job, its progress. */
export const ZRetranscribeRun = z.object({
  id: z.string(),
  status: ZRetranscribeRunStatus,
  /** The engine that was current when it started. */
  engine: ZTranscriptionEngineName,
  model: z.string().nullable(),
  /** Fallback uploads when it started. */
  total: z.number().int().min(0),
  /** Re-transcribed with a better engine. */
  done: z.number().int().min(0),
  /** Ended in an error or still with the fallback (kept as they were). */
  failed: z.number().int().min(0),
  /** The upload being re-transcribed now. */
  current_media_id: z.string().nullable(),
  started_at: z.date(),
  finished_at: z.date().nullable(),
});
export type TRetranscribeRun = z.infer<typeof ZRetranscribeRun>;

/** GET /api/admin/retranscribe-fallback: what the button needs. */
export const ZRetranscribeFallbackState = z.object({
  /** Null when no engine can run. */
  engine_now: ZTranscriptionEngineNow.nullable(),
  /** Ready uploads whose transcript the fallback made. */
  fallback_uploads: z.number().int().min(0),
  /** The newest run, null before the first. */
  run: ZRetranscribeRun.nullable(),
});
export type TRetranscribeFallbackState = z.infer<typeof ZRetranscribeFallbackState>;

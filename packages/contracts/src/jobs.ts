import { z } from 'zod';

/** Every background job: its dotted name and payload schema. Producers and the worker share this table. */
export const JOBS = {
  'auth.cleanup': z.object({}),
  /** Probe, working copy, transcribe, detect, notify (issue 3). */
  'audio.transcribe': z.object({ media_id: z.uuid() }),
  /** Removes unfinished tus uploads past their expiry. */
  'uploads.cleanup': z.object({}),
} as const;

export type TJobName = keyof typeof JOBS;
export type TJobPayload<N extends TJobName> = z.infer<(typeof JOBS)[N]>;

/** Recurring jobs (cron, UTC). */
export const JOB_SCHEDULES: Partial<Record<TJobName, string>> = {
  'auth.cleanup': '*/15 * * * *',
  'uploads.cleanup': '17 * * * *',
};

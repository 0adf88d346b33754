import { z } from 'zod';
import { CUSTOM_DOMAIN } from './website.ts';

/** Every background job: its dotted name and payload schema. Producers and the worker share this table. */
export const JOBS = {
  'auth.cleanup': z.object({}),
  /** Probe, working copy, transcribe, detect, notify (issue 3). */
  'audio.transcribe': z.object({ media_id: z.uuid() }),
  /** Plan the episode's EDL from its recipe, render it, store the MP3 and its peaks (issue 5). */
  'audio.assemble': z.object({ episode_id: z.uuid(), reason: z.enum(['assemble', 'template', 'manual_cuts']).default('assemble') }),
  /** Removes unfinished tus uploads past their expiry. */
  'uploads.cleanup': z.object({}),
  /** The plans' upload queue: tells creators of unused uploads nearing their plan's hold period, then removes them. */
  'uploads.queue-expiry': z.object({}),
  /** RSS import (issue 9): writes the show's episodes from the stored feed, resumable. */
  'rss.import': z.object({ import_id: z.uuid() }),
  /** Copies an import's external audio, transcripts and chapters into storage, with progress. */
  'rss.mirror': z.object({ import_id: z.uuid() }),
  /** Drops mirrored audio past its seven days unless the episode is served from here. */
  'rss.mirror-cleanup': z.object({}),
  /**
   * The publish choice made at assemble, run once the render is stored: queued in the transaction that
   * stores it, one per episode at a time (singleton key, exclusive queue), retried by pg-boss.
   */
  'publish.after-render': z.object({ episode_id: z.uuid() }),
  /** Publish one episode to its show's host (now, or the upload of a schedule); go_live flips a schedule to published at its time. */
  'publish.episode': z.object({
    episode_id: z.uuid(),
    /** The schedule this job was queued for (ISO); a changed or cancelled schedule makes it a no-op. */
    publish_at: z.string().nullable().default(null),
    go_live: z.boolean().default(false),
  }),
  /**
   * Issue 32: re-transcribes every upload the offline fallback transcribed, one at a time behind
   * creators' own jobs; each run of it is one step of the run's walk (step guards a repeat).
   */
  'transcripts.retranscribe-fallback': z.object({ run_id: z.uuid(), step: z.number().int().min(0) }),
  /**
   * Issue 35: custom domains checked again (proof, and the owner's plan with its grace period); every
   * site with one on the schedule, one account's on a plan change.
   */
  'website.domains-check': z.object({ user_id: z.uuid().nullable().default(null) }),
  /** Issue 36: a show's feed changed (a publish, a go-live, an edit): its WebSub hub and Podping are told, retried until they hear it. */
  'feed.announce': z.object({ podcast_id: z.uuid() }),
} as const;

export type TJobName = keyof typeof JOBS;
export type TJobPayload<N extends TJobName> = z.infer<(typeof JOBS)[N]>;

/**
 * The priority queue of spec 002 §9 (Enterprise's priorityQueue flag, read from the tier table):
 * the processing jobs of a creator whose plan has it are sent with pg-boss priority, which workers
 * fetch before any standard job queued earlier. Each such job names the row that says whose it is.
 */
export const JOB_PRIORITY = { standard: 0, priority: 10_000 } as const;
/**
 * Fair queues (issue 38): inside its plan's band, a processing job is sent one priority lower for
 * each job of the same owner already waiting in its queue (its rank), so the workers take the
 * owners' first waiting jobs in turn, then their second ones: one creator's twenty uploads never hold
 * another's single upload back by more than one job. The rank counts up to maxRank (bands stay apart).
 */
export const FAIR_QUEUE = { maxRank: 1_000 } as const;
export const PLAN_PRIORITY_JOBS = {
  'audio.transcribe': { owner: 'media', field: 'media_id' },
  'audio.assemble': { owner: 'episode', field: 'episode_id' },
  'publish.episode': { owner: 'episode', field: 'episode_id' },
  'publish.after-render': { owner: 'episode', field: 'episode_id' },
} as const satisfies Partial<Record<TJobName, { owner: 'media' | 'episode'; field: string }>>;
export type TPlanPriorityJob = keyof typeof PLAN_PRIORITY_JOBS;

/**
 * Issue 35: the render and publish jobs outlast a storage or host outage of half an hour with no
 * user action: 9 retries, 5 s doubling (pg-boss adds up to as much again at random) to at most 10
 * minutes: at least 5+10+20+40+80+160+320+600+600 s = 30.6 minutes before the final failure (which
 * refunds a render once, or tells the creator a publish failed).
 */
export const OUTAGE_RETRY = { retryLimit: 9, retryBackoff: true, retryDelay: 5, retryDelayMax: 600 } as const;

/** Recurring jobs (cron, UTC). */
export const JOB_SCHEDULES: Partial<Record<TJobName, string>> = {
  'auth.cleanup': '*/15 * * * *',
  'uploads.cleanup': '17 * * * *',
  'uploads.queue-expiry': '29 * * * *',
  'rss.mirror-cleanup': '41 * * * *',
  'website.domains-check': CUSTOM_DOMAIN.recheckCron,
};

/**
 * Queues that hold at most one queued or running job per singleton key (pg-boss's 'exclusive'
 * policy): a second send with the same key while one waits or runs is not queued.
 */
export const JOB_QUEUE_POLICIES: Partial<Record<TJobName, 'exclusive'>> = {
  'publish.after-render': 'exclusive',
};

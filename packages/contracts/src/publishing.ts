import { z } from 'zod';
import { ZVisibility } from './podcast.ts';

/** Publish, schedule, unpublish and republish (spec 001 §4-5 and §9, spec 000 §4). */
export const PUBLISH_LIMITS = {
  /** A schedule must be more than this far ahead. */
  scheduleMinLeadMs: 60_000,
  /** Scheduled times fall on 5-minute marks (the picker's step). */
  scheduleStepMinutes: 5,
  /** The suggested default: one hour ahead, rounded up to 5 minutes. */
  scheduleDefaultLeadMs: 60 * 60_000,
  statusPollMs: 600,
  statusPollMaxMs: 4_000,
  unpublishWindowMs: 24 * 60 * 60_000,
  publishAllMin: 2,
  /** After Publish All, My Podcasts reads the show's summary and episodes again this often while any is unpublished, for at most this long. */
  publishAllPollMs: 2_000,
  publishAllFollowMs: 5 * 60_000,
  reloadAfterRetryMs: 1_200,
  reloadAfterRepublishMs: 1_500,
  reloadAfterUnpublishMs: 800,
  playsWindowDays: 30,
} as const;

/** What the creator is told (bell, and mail when they asked for it) when a publish ends in publish_error. */
export const PUBLISH_FAILURE_NOTICE = {
  title: 'Publishing failed',
  body: (episodeTitle: string, reason: string, link: string) =>
    `"${episodeTitle}" could not be published: ${reason} Open ${link} to fix it and publish again.`,
  mailSubject: (episodeTitle: string) => `Publishing "${episodeTitle}" failed`,
  /** The episode's place in Episode History. */
  path: (episodeId: string) => `/dashboard/episodes?episode=${encodeURIComponent(episodeId)}`,
} as const;

/** What the creator is told when a publish settles live, in the bell and the publish dialog (issue 19; the spec has no wording for it). */
export const PUBLISHED_NOTICE = {
  title: 'Episode published',
  body: (episodeTitle: string) => `"${episodeTitle}" is published.`,
} as const;

export const PUBLISH_MESSAGES = {
  /** Publish All on a show the built-in host would refuse (issue 37): nothing is queued, each episode says why. */
  showNotReady: (problems: string) => `The show is not ready to publish: ${problems} Fix it in My Podcasts, then publish again.`,
  dateTimeRequired: 'Date & time required',
  invalidDateTime: 'Invalid date/time',
  scheduleLead: 'Choose a time at least 1 minute in the future',
  scheduleStep: 'Choose a time on a 5-minute mark',
  forceUnpublish: 'Outside standard window. You may force unpublish anyway.',
  assembledRequired: 'Assembled episode required.',
  alreadyPublished: 'This episode is already published.',
  notRepublishable: 'Only an episode whose publish failed or needs republishing can be retried.',
  notUnpublishable: 'Only scheduled or published episodes can be unpublished.',
  publishAllMin: 'Publish All needs at least 2 unpublished episodes.',
  publishFailed: 'Failed to publish',
  publishFailedAlert: 'Publish failed',
  scheduleFailed: 'Failed to schedule',
  scheduleInvalid: 'Schedule invalid',
  unpublishFailed: 'Failed to unpublish',
  republishFailed: 'Republish failed',
  publishAllFailed: 'Publish All failed',
  enclosureUnreachable: 'The episode audio could not be reached at its public address.',
  scheduled: 'Scheduled',
  draftSaved: 'Episode saved as draft.',
  publishedBuiltin: 'Published to your feed.',
  publishedSpreaker: 'Published to Spreaker.',
  scheduledSpreaker: 'Scheduled for Spreaker.',
  visibilityWhileScheduled: 'A scheduled episode goes public at its time. Save it as a draft first to change its visibility.',
  visibilityNotReady: 'The episode is still being processed. Change its visibility when it is done.',
  visibilitySaved: 'Visibility saved',
} as const;

/** What each visibility is called on screen (list, edit panel, publish dialog, the Episode Creator). */
export const VISIBILITY_LABELS = {
  public: 'Public',
  unpublished: 'Private',
  limited: 'Limited (by link only)',
} as const;

/** now: publish at once; schedule: at publish_at; draft: keep it unpublished (cancels a schedule). */
export const PUBLISH_MODES = ['now', 'schedule', 'draft'] as const;
export const ZPublishMode = z.enum(PUBLISH_MODES);
export type TPublishMode = z.infer<typeof ZPublishMode>;

/**
 * POST /api/episodes/{id}/publish. publish_state is the visibility (omitted: no change). A schedule is
 * sent as publish_state 'unpublished' plus publish_at (UTC ISO) and publish_at_local; without mode,
 * a publish_at means schedule and none means now.
 */
export const ZPublishRequest = z.object({
  mode: ZPublishMode.optional(),
  publish_state: z.union([ZVisibility, z.literal('draft')]).nullish(),
  publish_at: z.string().trim().nullish(),
  publish_at_local: z.string().trim().max(64).nullish(),
  /** Sent by the Episode Creator; the episode's own show decides where it is published. */
  spreaker_show_id: z.union([z.string(), z.number()]).nullish(),
});
export type TPublishRequest = z.input<typeof ZPublishRequest>;

export const EPISODE_STATUSES = ['pending', 'processing', 'processed', 'scheduled', 'published', 'error'] as const;
export const ZEpisodeStatus = z.enum(EPISODE_STATUSES);
export type TEpisodeStatus = z.infer<typeof ZEpisodeStatus>;

/** queued and publishing while the job runs; publish_error or needs_republish when a retry is offered. */
export const PUBLISH_STATES = ['queued', 'publishing', 'published', 'publish_error', 'needs_republish'] as const;
export const ZPublishState = z.enum(PUBLISH_STATES);
export type TPublishState = z.infer<typeof ZPublishState>;

/** GET /api/episodes/{id}/publish/status (and the answer of every publish call). */
export const ZPublishStatus = z.object({
  episode_id: z.uuid(),
  status: ZEpisodeStatus,
  publish_state: ZPublishState.nullable(),
  visibility: ZVisibility,
  publish_at: z.date().nullable(),
  publish_at_local: z.string().nullable(),
  published_at: z.date().nullable(),
  host: z.enum(['builtin', 'spreaker']),
  host_episode_id: z.string().nullable(),
  /** The spec's name for host_episode_id. */
  spreaker_episode_id: z.string().nullable(),
  last_error: z.string().nullable(),
  /** The public enclosure and feed of a built-in host episode once it is listed. */
  audio_url: z.string().nullable(),
  feed_url: z.string().nullable(),
});
export type TPublishStatus = z.infer<typeof ZPublishStatus>;

export const ZUnpublishRequest = z.object({ force: z.boolean().default(false) });
export type TUnpublishRequest = z.input<typeof ZUnpublishRequest>;

export const ZEpisodeIdInput = z.object({ id: z.uuid() });
export const ZPublishInput = ZPublishRequest.extend({ id: z.uuid() });
export const ZUnpublishInput = ZUnpublishRequest.extend({ id: z.uuid() });
/** The edit panel's visibility: stored on a draft, applied at once (and at the host) on a published episode. */
export const ZSetVisibilityInput = z.object({ id: z.uuid(), visibility: ZVisibility });
export type TSetVisibilityInput = z.infer<typeof ZSetVisibilityInput>;

/** POST /api/podcasts/{id}/publish-all */
export const ZPublishAllRequest = z.object({
  publish_state: ZVisibility.nullish(),
  include_already_linked: z.boolean().default(false),
});
export type TPublishAllRequest = z.input<typeof ZPublishAllRequest>;

export const ZPublishAllResponse = z.object({
  started: z.number().int().min(0),
  skipped_no_audio: z.number().int().min(0),
  skipped_already_linked: z.number().int().min(0),
  errors: z.array(z.object({ episode_id: z.uuid(), error: z.string() })),
});
export type TPublishAllResponse = z.infer<typeof ZPublishAllResponse>;

/** Plays analytics, from whichever host the show uses (the built-in host counts downloads). */
export const PLAYS_WINDOWS = ['last30d', 'all'] as const;
export const ZPlaysQuery = z.object({ window: z.enum(PLAYS_WINDOWS).default('last30d'), podcast_id: z.uuid().optional() });
export type TPlaysQuery = z.input<typeof ZPlaysQuery>;

export const ZEpisodePlays = z.object({
  items: z.array(z.object({ episode_id: z.uuid(), podcast_id: z.uuid(), title: z.string(), plays_total: z.number().int().min(0) })),
  window: z.enum(PLAYS_WINDOWS),
});
export type TEpisodePlays = z.infer<typeof ZEpisodePlays>;

export const ZShowPlays = z.object({
  items: z.array(
    z.object({ podcast_id: z.uuid(), name: z.string(), host: z.enum(['builtin', 'spreaker']), plays_total: z.number().int().min(0) }),
  ),
  window: z.enum(PLAYS_WINDOWS),
});
export type TShowPlays = z.infer<typeof ZShowPlays>;

/** The suggested schedule: one hour ahead, rounded up to a 5-minute mark (spec 001 §5). */
export function defaultScheduleTime(now: Date): Date {
  const step = PUBLISH_LIMITS.scheduleStepMinutes * 60_000;
  return new Date(Math.ceil((now.getTime() + PUBLISH_LIMITS.scheduleDefaultLeadMs) / step) * step);
}

/** The schedule rules of spec 001 §5: required, valid, more than 1 minute ahead, on a 5-minute mark. */
export function scheduleProblem(value: string | Date | null | undefined, now: Date): string | null {
  if (value === null || value === undefined || value === '') return PUBLISH_MESSAGES.dateTimeRequired;
  const at = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(at.getTime())) return PUBLISH_MESSAGES.invalidDateTime;
  if (at.getTime() - now.getTime() <= PUBLISH_LIMITS.scheduleMinLeadMs) return PUBLISH_MESSAGES.scheduleLead;
  if (at.getTime() % (PUBLISH_LIMITS.scheduleStepMinutes * 60_000) !== 0) return PUBLISH_MESSAGES.scheduleStep;
  return null;
}

/** Whether an episode can be unpublished without force: scheduled, or published within the last 24 h. */
export function withinUnpublishWindow(episode: { status: string; publish_at: Date | null }, now: Date): boolean {
  if (episode.status === 'scheduled') return true;
  if (episode.status !== 'published' || !episode.publish_at) return false;
  return now.getTime() - episode.publish_at.getTime() <= PUBLISH_LIMITS.unpublishWindowMs;
}

/** An episode row of the podcast manager's per-show list (the Episode History screen has its own). */
export const ZShowEpisode = z.object({
  id: z.uuid(),
  podcast_id: z.uuid(),
  title: z.string(),
  status: ZEpisodeStatus,
  visibility: ZVisibility,
  publish_state: ZPublishState.nullable(),
  publish_at: z.date().nullable(),
  publish_at_local: z.string().nullable(),
  published_at: z.date().nullable(),
  created_at: z.date(),
  duration_ms: z.number().int().nullable(),
  has_audio: z.boolean(),
  host_episode_id: z.string().nullable(),
  last_error: z.string().nullable(),
  plays_total: z.number().int().min(0),
  /** The public enclosure once listed on the built-in host. */
  audio_url: z.string().nullable(),
});
export type TShowEpisode = z.infer<typeof ZShowEpisode>;
export const ZShowEpisodeList = z.array(ZShowEpisode);

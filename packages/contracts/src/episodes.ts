import { z } from 'zod';
import { AI_TEXT } from './limits.ts';
import { dedupeIgnoringCase, splitTagList, trimTag } from './ai-text.ts';
import { ZVisibility } from './podcast.ts';
import { ZEpisodePodcasting20 } from './podcasting20.ts';

/** Episode History, the edit panel and the manual editor (spec 001 sections 2, 4, 5, 8 and 9). */
export const EPISODE_HISTORY = {
  /** 'Episode page size 500.' */
  pageSize: 500,
  /** 'Episode preview: 15 grid cards, 20 list rows.' */
  gridPreview: 15,
  listPreview: 20,
  /** 'Stuck-processing threshold 1.25 x duration; default 15 min.' */
  stuckFactor: 1.25,
  stuckDefaultMs: 15 * 60_000,
  maxTags: AI_TEXT.maxTags,
  maxTagLength: AI_TEXT.maxTagLength,
  /** Not in the spec: bounds on what a creator types. */
  titleMaxLength: 255,
  descriptionMaxLength: 20_000,
  maxNumber: 100_000,
  /** Not in the spec: how long a signed audio or cover URL of an episode stays valid. */
  signedUrlTtlSeconds: 60 * 60,
  /** Signed URLs expire on these steps, so a list asked again within one step is byte-identical (ETag, 304). */
  signedUrlExpiryStepSeconds: 5 * 60,
} as const;

/** 'Minimum cut 20 ms; new cut 2 s; zoom 15/30/60/120 s; waveform height 140.' (spec 001 §9) */
export const MANUAL_EDIT = {
  minCutMs: 20,
  newCutMs: 2_000,
  zoomSeconds: [15, 30, 60, 120] as const,
  defaultZoomSeconds: 30,
  waveformHeight: 140,
  /** Not in the spec: cuts in one commit. */
  maxCuts: 500,
} as const;

/**
 * 'Flubber review: marker minus 0.75 s to marker plus 0.25 s. Fuzzy retry slider 0.5–0.95 step 0.05.'
 * Those numbers live once, in CLEANUP (the detector's fallback cut and the threshold's range).
 */
export const FLUBBER_REVIEW = {
  /** Not in the spec: seconds of audio either side of the cut in a review snippet. */
  snippetPaddingS: 2,
} as const;

export const EPISODE_MESSAGES = {
  episodeNotFound: 'Episode not found',
  loadFailed: 'Failed to load episodes.',
  retryFailed: 'Retry failed',
  republishFailed: 'Republish failed',
  publishFailed: 'Failed to publish',
  scheduleFailed: 'Failed to schedule',
  saveFailed: 'Failed to save changes',
  deleteFailed: 'Delete failed',
  unpublishFailed: 'Failed to unpublish',
  editContextFailed: 'Failed to load edit context',
  commitFailed: 'Commit failed',
  templateLinkFailed: 'Failed to link template.',
  duplicateNumber: 'Duplicate season/episode for this podcast',
  forceUnpublish: 'Outside standard window. You may force unpublish anyway.',
  noCutsSelected: 'No cuts selected',
  noFlubberContexts: 'No flubber contexts found.',
  noFlubberInstances: 'No flubber instances detected.',
  snippetUnavailable: 'Snippet not available',
  notNumber: 'Season and episode numbers must be whole numbers of 0 or more.',
  notRetryable: 'Only an episode that failed, or has been processing for too long, can be retried.',
  notAssembled: 'This episode has no assembled audio to edit yet.',
  busyRendering: 'This episode is being processed. Try again when it is done.',
  noEdl: 'This episode was not assembled here, so it cannot be cut.',
  noCuts: 'Add at least one cut of 20 ms or more.',
  cutOutside: 'A cut lies outside the episode.',
  /** Not in the spec's words: a cut wholly in the intro, the outro or a gap would remove nothing. */
  cutOutsideContent: 'A cut lies in the intro or outro; only the recorded content can be cut.',
  templateNotFound: 'Template not found',
  coverNotFound: 'Cover image not found. Upload it again.',
  noSourceAudio: 'This episode has no source audio with a transcript to review.',
  rerenderUnavailable: 'Re-rendering is not available yet on this server.',
} as const;

export const DASHBOARD_MESSAGES = {
  episodeStatsFailed: 'Failed to load episode stats.',
  usageStatsFailed: 'Failed to load usage stats.',
  playStatsFailed: 'Failed to load play stats.',
  recentEpisodeStatsFailed: 'Failed to load recent episode stats.',
  dashboardStatsFailed: 'Failed to load dashboard stats.',
} as const;

/** Spec 001 §4: the statuses shown; anything else is shown as unknown. */
export const EPISODE_DISPLAY_STATUSES = ['published', 'scheduled', 'processed', 'processing', 'error'] as const;
export type TEpisodeDisplayStatus = (typeof EPISODE_DISPLAY_STATUSES)[number] | 'unknown';

export function displayStatus(status: string): TEpisodeDisplayStatus {
  return (EPISODE_DISPLAY_STATUSES as readonly string[]).includes(status) ? (status as TEpisodeDisplayStatus) : 'unknown';
}

type RetryFacts = { status: string; duration_ms: number | null; processed_at: Date | null; created_at: Date };

/**
 * Spec 001 §4: Retry is offered for error episodes, and for processing ones older than 1.25 times
 * their duration since their processed (else created) time; 15 minutes when the duration is unknown.
 */
export function retryAvailable(episode: RetryFacts, now: Date): boolean {
  if (episode.status === 'error') return true;
  const from = retryAvailableFrom(episode);
  return from !== null && now.getTime() > from;
}

/** The epoch ms after which a processing episode is offered Retry; null when time alone never offers it. */
export function retryAvailableFrom(episode: RetryFacts): number | null {
  if (episode.status !== 'processing') return null;
  const since = (episode.processed_at ?? episode.created_at).getTime();
  const threshold =
    episode.duration_ms && episode.duration_ms > 0 ? episode.duration_ms * EPISODE_HISTORY.stuckFactor : EPISODE_HISTORY.stuckDefaultMs;
  return since + threshold;
}

/** Spec 001 §4: Retry Publish is shown for processed episodes that need republishing or failed to publish. */
export function republishAvailable(episode: { status: string; needs_republish: boolean; publish_error: string | null }): boolean {
  return episode.status === 'processed' && (episode.needs_republish || Boolean(episode.publish_error));
}

/** Tags: comma separated, trimmed, empties removed, each at most 30 characters, de-duplicated ignoring case, at most 20. */
export function normalizeEpisodeTags(input: string | readonly string[]): string[] {
  const tags = splitTagList(input)
    .map((tag) => trimTag(tag, EPISODE_HISTORY.maxTagLength))
    .filter((tag) => tag.length > 0);
  return dedupeIgnoringCase(tags).slice(0, EPISODE_HISTORY.maxTags);
}

const ZEpisodeNumber = z.union([z.number(), z.string(), z.null()]).transform((value, ctx) => {
  if (value === null || (typeof value === 'string' && value.trim() === '')) return null;
  const n = typeof value === 'number' ? value : Number(value.trim());
  if (!Number.isInteger(n) || n < 0 || n > EPISODE_HISTORY.maxNumber) {
    ctx.addIssue({ code: 'custom', message: EPISODE_MESSAGES.notNumber });
    return z.NEVER;
  }
  return n;
});

/** image_crop: where the square was taken from the uploaded image, as the cover cropper reports it. */
export const ZImageCrop = z.record(z.string(), z.number()).nullable();

/** PATCH /api/episodes/{id}: every field optional; what is sent is changed. */
export const ZEpisodeUpdateRequest = z.object({
  title: z.string().trim().min(1, 'Title is required').max(EPISODE_HISTORY.titleMaxLength).optional(),
  description: z.string().max(EPISODE_HISTORY.descriptionMaxLength).optional(),
  tags: z
    .union([z.string(), z.array(z.string())])
    .transform((tags) => normalizeEpisodeTags(tags))
    .optional(),
  is_explicit: z.boolean().optional(),
  image_crop: ZImageCrop.optional(),
  season_number: ZEpisodeNumber.optional(),
  episode_number: ZEpisodeNumber.optional(),
  /** A linked template (null unlinks). */
  template_id: z.uuid().nullable().optional(),
  /** An uploaded cover: the path or stored name POST /api/media/upload/cover_art answered (null removes the cover). */
  cover_image_path: z.string().trim().max(500).nullable().optional(),
  /** Accepted for compatibility; publishing goes through POST /api/episodes/{id}/publish. */
  publish_state: z.string().nullish(),
  /** podcast:person (guests), soundbite (the moments marked), location, license, season name, txt; replaced whole (issue 36). */
  podcasting20: ZEpisodePodcasting20.optional(),
});
export type TEpisodeUpdateRequest = z.input<typeof ZEpisodeUpdateRequest>;
export type TEpisodeUpdate = z.output<typeof ZEpisodeUpdateRequest>;

/**
 * meta_json (spec 001 §3): the names of the files an episode was made from. working_audio_name and
 * main_content_filename are the upload's stored filename (what the assemble call names), and
 * uploaded_filename the name it was uploaded under; all null for an episode not made from an upload.
 */
export const ZEpisodeMeta = z.object({
  working_audio_name: z.string().nullable(),
  main_content_filename: z.string().nullable(),
  uploaded_filename: z.string().nullable(),
});
export type TEpisodeMeta = z.infer<typeof ZEpisodeMeta>;

/** One episode as Episode History shows it (spec 001 §3). */
export const ZEpisode = z.object({
  id: z.uuid(),
  podcast_id: z.uuid(),
  podcast_name: z.string(),
  template_id: z.uuid().nullable(),
  title: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  is_explicit: z.boolean(),
  image_crop: ZImageCrop,
  /** A signed URL of GET /api/episodes/{id}/cover, or the show's cover, or null. */
  cover_url: z.string().nullable(),
  cover_path: z.string().nullable(),
  /** The episode's own cover as PATCH takes it back unchanged (/api/episodes/{id}/cover), or null. */
  cover_image_path: z.string().nullable(),
  season_number: z.number().int().nullable(),
  episode_number: z.number().int().nullable(),
  /** processing, processed, scheduled, published, error; anything else is shown as unknown. */
  status: z.string(),
  /** Who may hear it once published: a draft keeps the visibility it will be published with. */
  visibility: ZVisibility,
  publish_at: z.date().nullable(),
  publish_at_local: z.string().nullable(),
  published_at: z.date().nullable(),
  processed_at: z.date().nullable(),
  created_at: z.date(),
  duration_ms: z.number().int().nullable(),
  plays_total: z.number().int().min(0),
  /** A signed, short-lived URL of the finished audio (range requests), or the source enclosure of an imported episode. */
  playback_url: z.string().nullable(),
  final_audio_url: z.string().nullable(),
  /** The finished audio's path for a bearer request (GET /api/episodes/{id}/audio), or null. */
  final_audio_path: z.string().nullable(),
  final_audio_exists: z.boolean(),
  /** The remote stream an imported episode plays from (playback_type 'stream'), or null. */
  stream_url: z.string().nullable(),
  /** The enclosure listeners get from the show's feed, once the episode is listed there; else null. */
  public_url: z.string().nullable(),
  playback_type: z.enum(['local', 'stream']).nullable(),
  has_transcript: z.boolean(),
  /**
   * The episode's transcript as JSON words on its own timeline, by a signed, short-lived URL of GET
   * /api/episodes/{id}/transcript (or an imported episode's copy once the feed lists it); else null.
   */
  transcript_url: z.string().nullable(),
  needs_republish: z.boolean(),
  publish_state: z.string().nullable(),
  publish_error: z.string().nullable(),
  spreaker_episode_id: z.string().nullable(),
  error_message: z.string().nullable(),
  cleanup_stats: z.object({ fillers_removed: z.number(), pauses_compressed: z.number() }).nullable(),
  podcasting20: ZEpisodePodcasting20,
  /** The upload the episode was made from, by its stored filename (also in meta_json). */
  working_audio_name: z.string().nullable(),
  meta_json: ZEpisodeMeta,
  /** Whether a manual cut can be made (a stored EDL and finished audio). */
  editable: z.boolean(),
  retry_available: z.boolean(),
});
export type TEpisode = z.infer<typeof ZEpisode>;

export const ZEpisodeListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(EPISODE_HISTORY.pageSize).default(EPISODE_HISTORY.pageSize),
  offset: z.coerce.number().int().min(0).default(0),
  podcast_id: z.uuid().optional(),
});
export type TEpisodeListQuery = z.input<typeof ZEpisodeListQuery>;

/** GET /api/episodes/?limit=500&offset=n */
export const ZEpisodePage = z.object({
  items: z.array(ZEpisode),
  total: z.number().int().min(0),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type TEpisodePage = z.infer<typeof ZEpisodePage>;

export const ZEpisodeUpdateInput = ZEpisodeUpdateRequest.extend({ id: z.uuid() });

export const ZRetryResponse = z.object({ id: z.uuid(), status: z.string() });
export type TRetryResponse = z.infer<typeof ZRetryResponse>;

/** A stretch to remove, in milliseconds of the finished episode. */
export const ZManualCut = z
  .object({ start_ms: z.number().min(0), end_ms: z.number().min(0) })
  .transform((cut) => ({ start_ms: Math.round(cut.start_ms), end_ms: Math.round(cut.end_ms) }));
export type TManualCut = z.output<typeof ZManualCut>;

/** GET /api/episodes/{id}/edit-context */
/** An inserted Intern answer or sound effect as it plays in the finished episode. */
export const ZPlacedInsert = z.object({
  id: z.string(),
  kind: z.enum(['intern', 'sfx']),
  title: z.string(),
  start_ms: z.number().int().min(0),
  end_ms: z.number().int().min(0),
});
export type TPlacedInsert = z.infer<typeof ZPlacedInsert>;

export const ZEditContext = z.object({
  episode_id: z.uuid(),
  duration_ms: z.number().int().min(0),
  /** Manual cuts already applied to this episode, in the time of its original content (already absent from audio_url). */
  existing_cuts: z.array(z.object({ start_ms: z.number().int(), end_ms: z.number().int() })),
  /** Signed URL of the finished audio, served with range requests. */
  audio_url: z.string(),
  /** Signed URL of the worker's waveform peaks for audio_url (JSON), so the browser never decodes the file. */
  peaks_url: z.string().nullable(),
  /** What the creator inserted (Intern answers, sound effects) and where it plays in audio_url, in its milliseconds. */
  inserts: z.array(ZPlacedInsert).default([]),
});
export type TEditContext = z.infer<typeof ZEditContext>;

/** How far a cut may stop short of an insert's edge and still remove it whole (a hand-drawn edge on the waveform). */
const INSERT_EDGE_MS = 100;

function clockMs(ms: number): string {
  const tenths = Math.round(ms / 100);
  const seconds = Math.floor(tenths / 10);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}.${tenths % 10}`;
}

/**
 * Manual cuts over inserted items (issue 18): an Intern answer or sound effect a cut covers whole
 * (within 100 ms of its edges) is removed from the episode; a cut over only part of one is refused,
 * in words naming it, since part of an inserted clip cannot be cut. Null problem when none is cut
 * in part.
 */
export function cutsOverInserts(
  cuts: readonly { start_ms: number; end_ms: number }[],
  inserts: readonly TPlacedInsert[],
): { removed: TPlacedInsert[]; problem: string | null } {
  const removed: TPlacedInsert[] = [];
  for (const insert of inserts) {
    const touching = cuts.filter((cut) => cut.start_ms < insert.end_ms && cut.end_ms > insert.start_ms);
    if (touching.length === 0) continue;
    const whole = touching.some((cut) => cut.start_ms <= insert.start_ms + INSERT_EDGE_MS && cut.end_ms >= insert.end_ms - INSERT_EDGE_MS);
    if (whole) {
      removed.push(insert);
      continue;
    }
    const what = insert.kind === 'intern' ? 'the Intern answer' : `the sound effect '${insert.title}'`;
    return {
      removed,
      problem: `This cut covers part of ${what} at ${clockMs(insert.start_ms)}-${clockMs(insert.end_ms)}. Part of an inserted clip cannot be cut: widen the cut to cover all of it to remove it, or move the cut off it.`,
    };
  }
  return { removed, problem: null };
}

/** Cuts under 20 ms are dropped and the rest sorted by start (spec 001 §5). */
export function normalizeManualCuts<T extends { start_ms: number; end_ms: number }>(cuts: readonly T[]): T[] {
  return cuts
    .map((cut) => (cut.end_ms < cut.start_ms ? { ...cut, start_ms: cut.end_ms, end_ms: cut.start_ms } : cut))
    .filter((cut) => cut.end_ms - cut.start_ms >= MANUAL_EDIT.minCutMs)
    .sort((a, b) => a.start_ms - b.start_ms || a.end_ms - b.end_ms);
}

/** POST /api/episodes/{id}/manual-edit/commit */
export const ZManualEditCommitRequest = z.object({ cuts: z.array(ZManualCut).max(MANUAL_EDIT.maxCuts) });
export type TManualEditCommitRequest = z.input<typeof ZManualEditCommitRequest>;
export const ZManualEditCommitInput = ZManualEditCommitRequest.extend({ id: z.uuid() });

/** status 'done' means the edits are applied; anything else ('queued') means the worker is re-rendering. */
export const ZManualEditCommitResponse = z.object({
  duration_ms: z.number().int().min(0),
  status: z.enum(['done', 'queued']),
  cuts: z.array(z.object({ start_ms: z.number().int(), end_ms: z.number().int() })),
});
export type TManualEditCommitResponse = z.infer<typeof ZManualEditCommitResponse>;

/** A Flubber context of the manual review panel (spec 001 §3), times in the episode's source audio. */
export const ZFlubberContext = z.object({
  flubber_index: z.number().int().min(0),
  flubber_time_s: z.number().min(0),
  flubber_end_s: z.number().min(0),
  computed_end_s: z.number().min(0),
  snippet_start_s: z.number().min(0),
  snippet_end_s: z.number().min(0),
  /** Signed URL of the snippet audio; null when it could not be cut. */
  url: z.string().nullable(),
  /** Where the marker falls inside the snippet. */
  relative_flubber_ms: z.number().int().min(0),
  /** Whether this retake is already cut from the episode. */
  applied: z.boolean(),
  /**
   * The proposed cut in the upload's seconds: from where the flubbed take began to the retake when
   * retake_found, else the marker minus 0.75 s to plus 0.25 s. Reviews start from it.
   */
  cut_start_s: z.number().min(0),
  cut_end_s: z.number().min(0),
  retake_found: z.boolean(),
  /** The flubbed take's words ('' when none was found). */
  retake_text: z.string(),
  /** Issue 33: how sure detection is that 'flubber' was said here, 0-1 (absent on older detections). */
  confidence: z.number().min(0).max(1).optional(),
  /** Issue 33: false when the cut would start more than 1 s before the take it repeats: offered unchecked. */
  preselected: z.boolean().optional(),
});
export type TFlubberContext = z.infer<typeof ZFlubberContext>;
export const ZFlubberContexts = z.object({ contexts: z.array(ZFlubberContext) });
export type TFlubberContexts = z.infer<typeof ZFlubberContexts>;

/** The cut a review starts from: the context's proposed cut (from where the retake began when one was found). */
export function proposedFlubberCut(context: Pick<TFlubberContext, 'cut_start_s' | 'cut_end_s'>): { start_s: number; end_s: number } {
  return { start_s: context.cut_start_s, end_s: context.cut_end_s };
}

/** POST /api/flubber/apply/{episodeId}: a list of {start_s, end_s} (or {cuts: [...]}). */
const ZFlubberCut = z.object({ start_s: z.number().min(0), end_s: z.number().min(0) });
export const ZFlubberApplyRequest = z.union([
  z.array(ZFlubberCut),
  z.object({ cuts: z.array(ZFlubberCut) }).transform((body) => body.cuts),
]);
export type TFlubberApplyRequest = z.input<typeof ZFlubberApplyRequest>;
export const ZFlubberApplyInput = z.object({ id: z.uuid(), cuts: z.array(ZFlubberCut) });
export const ZFlubberApplyResponse = z.object({
  removed_ms: z.number().int().min(0),
  cleaned_audio_new: z.boolean(),
  status: z.enum(['done', 'queued']),
});
export type TFlubberApplyResponse = z.infer<typeof ZFlubberApplyResponse>;

/** Spec 002 §3 Stats, plus the counts and minutes the dashboard cards show. */
export const ZDashboardStats = z.object({
  total_episodes: z.number().int().min(0),
  episodes_last_30d: z.number().int().min(0),
  upcoming_scheduled: z.number().int().min(0),
  last_published_at: z.date().nullable(),
  /** success, error or pending; null before the first assembly. */
  last_assembly_status: z.enum(['success', 'error', 'pending']).nullable(),
  plays_last_30d: z.number().int().min(0),
  show_total_plays: z.number().int().min(0),
  recent_episode_plays: z.array(z.object({ episode_id: z.uuid(), plays_total: z.number().int().min(0), title: z.string() })),
  spreaker_connected: z.boolean(),
  show_count: z.number().int().min(0),
  template_count: z.number().int().min(0),
  /** A show and a template: enough to make an episode. */
  ready: z.boolean(),
  minutes_used: z.number().min(0),
  /** null: no monthly maximum (shown as ∞). */
  minutes_left: z.number().min(0).nullable(),
  max_processing_minutes_month: z.number().int().min(0).nullable(),
});
export type TDashboardStats = z.infer<typeof ZDashboardStats>;

/** The dashboard shows plays for the 3 most recent episodes. */
export const DASHBOARD = { recentEpisodes: 3, statsWindowDays: 30, recentActivity: 5 } as const;

/** hh:mm:ss, mm:ss or plain seconds (decimals allowed) to seconds; null when it is none of those. */
export function parseTimeInput(text: string): number | null {
  const clean = text.trim();
  if (!/^\d+(\.\d+)?$|^\d+:\d{1,2}(\.\d+)?$|^\d+:\d{1,2}:\d{1,2}(\.\d+)?$/.test(clean)) return null;
  const parts = clean.split(':').map(Number);
  if (parts.slice(1).some((part) => part >= 60)) return null;
  return parts.reduce((total, part) => total * 60 + part, 0);
}

/** Milliseconds as mm:ss.ss (minutes grow past 59 rather than wrapping into hours). */
export function formatCutTime(ms: number): string {
  const centis = Math.max(0, Math.round(ms / 10));
  const minutes = Math.floor(centis / 6000);
  const seconds = (centis % 6000) / 100;
  return `${String(minutes).padStart(2, '0')}:${seconds.toFixed(2).padStart(5, '0')}`;
}

import { z } from 'zod';
import { MEDIA } from './limits.ts';
import { MEDIA_MESSAGES } from './messages.ts';
import { ZDetectionResult } from './transcript.ts';
import { ZTranscriptionEngineName } from './transcription.ts';

/** Library categories (spec 001 §3); commercial is shown 'Coming Soon' and refused (spec 001 §6). */
export const LIBRARY_CATEGORIES = ['intro', 'outro', 'music', 'commercial', 'sfx'] as const;
export const ZLibraryCategory = z.enum(LIBRARY_CATEGORIES);
export type TLibraryCategory = z.infer<typeof ZLibraryCategory>;

/** Every category a file can be uploaded to: the library's, the main content and cover art. */
export const ZUploadCategory = z.enum([...LIBRARY_CATEGORIES, 'main_content']);
export type TUploadCategory = z.infer<typeof ZUploadCategory>;
/** Images: a show's cover art, and an episode's own cover (issue 19: stored as episode_cover; older ones are cover_art). */
export const COVER_CATEGORIES = ['cover_art', 'episode_cover'] as const;
export const ZMediaCategory = z.enum([...LIBRARY_CATEGORIES, 'main_content', ...COVER_CATEGORIES]);
export type TMediaCategory = z.infer<typeof ZMediaCategory>;
export function isCoverCategory(category: string): category is (typeof COVER_CATEGORIES)[number] {
  return (COVER_CATEGORIES as readonly string[]).includes(category);
}
/** What GET /api/media/ lists: the library's audio and the creator's episode covers. */
export const LISTED_MEDIA_CATEGORIES = [...LIBRARY_CATEGORIES, 'episode_cover'] as const;
export const DISABLED_CATEGORIES: readonly TMediaCategory[] = ['commercial'];

/** Processing (greyed, not selectable) becomes Ready (transcript_ready); error when transcription failed. */
export const ZMediaStatus = z.enum(['processing', 'ready', 'error']);
export type TMediaStatus = z.infer<typeof ZMediaStatus>;

/** One detected command of an upload, as the pre-upload list and the intent questions show it. */
export const ZIntentMatch = z.object({ label: z.string(), phrase: z.string(), start_s: z.number(), end_s: z.number() });
export const ZIntentCount = z.object({ count: z.number().int().min(0), matches: z.array(ZIntentMatch) });
/** intents {flubber, intern, sfx}, each with a count and matches (spec 001 §3). */
export const ZIntents = z.object({ flubber: ZIntentCount, intern: ZIntentCount, sfx: ZIntentCount });
export type TIntents = z.infer<typeof ZIntents>;

export const ZCleanupCounts = z.object({
  fillers: z.number().int().min(0),
  pauses: z.number().int().min(0),
  censored: z.number().int().min(0),
});

/**
 * Issue 38: where a main-content upload waiting for its transcription stands in the queue: its place
 * (1 is next) and the wait until it starts, estimated from the audio ahead of it, the realtime factor
 * measured on this machine (Admin > Speech & AI) and the workers' concurrency; null before measured.
 */
export const ZTranscriptionQueue = z.object({
  position: z.number().int().min(1),
  wait_seconds: z.number().int().min(0).nullable(),
});
export type TTranscriptionQueue = z.infer<typeof ZTranscriptionQueue>;

/**
 * A media item or pre-uploaded item (spec 001 §3, spec 002 §3): library clips and main-content
 * uploads share it. display_name, client_name and original_name are the aliases the spec's clients read.
 */
export const ZMediaItem = z.object({
  id: z.string(),
  category: ZMediaCategory,
  friendly_name: z.string(),
  display_name: z.string(),
  filename: z.string(),
  original_name: z.string(),
  client_name: z.string(),
  trigger_keyword: z.string().nullable(),
  size: z.number().int().min(0),
  filesize: z.number().int().min(0),
  content_type: z.string(),
  duration_seconds: z.number().nullable(),
  /**
   * Not in the spec (issue 14): the length the file's header claims, set only when it is far from
   * duration_seconds (the decoded length), i.e. the upload looks truncated or damaged.
   */
  declared_duration_seconds: z.number().nullable(),
  status: ZMediaStatus,
  transcript_ready: z.boolean(),
  /** 0-100 while the transcription job runs; null before it starts and for clips. */
  transcription_progress: z.number().min(0).max(100).nullable(),
  /** Issue 38: the upload's place in the transcription queue while it waits to start; null otherwise. */
  transcription_queue: ZTranscriptionQueue.nullable(),
  transcription_error: z.string().nullable(),
  transcription_engine: ZTranscriptionEngineName.nullable(),
  /** Issue 32: the engine's model ('base.en', 'en-us', 'whisper-1'); null when it has none or before it was recorded. */
  transcription_model: z.string().nullable(),
  /** Issue 32: the transcript was made by the offline fallback (pocketsphinx); the web app says so. */
  transcription_fallback: z.boolean(),
  notify_when_ready: z.boolean(),
  notify_pending: z.boolean(),
  intents: ZIntents.nullable(),
  cleanup_counts: ZCleanupCounts.nullable(),
  transcript_text: z.string().nullable(),
  /** Spec 001 §3: the transcript's words (GET /api/media/{id}/transcript, bearer), once ready; else null. */
  transcript: z.string().nullable(),
  /** Spec 001 §3: the transcript as WebVTT captions (GET /api/media/{id}/subtitle, bearer), once ready; else null. */
  subtitle: z.string().nullable(),
  /** Always null here: audio elements take the signed URL from GET /api/media/preview. */
  preview_url: z.string().nullable(),
  created_at: z.date(),
});
export type TMediaItem = z.infer<typeof ZMediaItem>;

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

/** Whether a name holds NUL or another control character (never valid in a file or friendly name). */
export function hasControlCharacters(text: string): boolean {
  return CONTROL_CHARACTERS.test(text);
}

/** A name a user types or a file carries: printable characters only. */
const printable = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((v) => !hasControlCharacters(v), MEDIA_MESSAGES.controlCharacters);

const ZFriendlyName = printable(MEDIA.friendlyNameMaxLength).pipe(z.string().min(1));
const ZTriggerKeyword = z
  .string()
  .trim()
  .max(MEDIA.triggerKeywordMaxLength)
  .transform((v) => v || null)
  .nullable();

/** PUT /api/media/{id} {friendly_name, trigger_keyword}; PATCH also takes {display_name} (spec 002 §7). */
export const ZMediaUpdateRequest = z
  .object({
    friendly_name: ZFriendlyName.optional(),
    display_name: ZFriendlyName.optional(),
    trigger_keyword: ZTriggerKeyword.optional(),
  })
  .refine((v) => v.friendly_name !== undefined || v.display_name !== undefined || v.trigger_keyword !== undefined, {
    message: 'Nothing to change.',
  });
export type TMediaUpdateRequest = z.input<typeof ZMediaUpdateRequest>;

export const ZMediaIdInput = z.object({ id: z.string().min(1) });

/** GET /api/media/preview?id&resolve=true: a short-lived signed URL an audio element can play. */
export const ZPreviewQuery = z.object({ id: z.string().min(1), resolve: z.string().optional() });
export const ZPreviewResponse = z.object({ url: z.string(), path: z.string(), expires_at: z.date() });
export type TPreviewResponse = z.infer<typeof ZPreviewResponse>;

/** POST /api/media/upload/cover_art answers filename, path or stored_as (spec 001 §7). */
export const ZCoverUploadResponse = z.object({ id: z.string(), filename: z.string(), path: z.string(), stored_as: z.string() });
export type TCoverUploadResponse = z.infer<typeof ZCoverUploadResponse>;

/** Where a cover image is served publicly by its stored, unguessable name (GET /static/media/{file}). */
export function coverImagePath(filename: string): string {
  return `/static/media/${filename}`;
}

/** GET /api/media/covers: the creator's cover images (cover art and episode covers), newest first, for picking one again. */
export const ZCoverImage = z.object({ id: z.string(), filename: z.string(), display_name: z.string(), path: z.string() });
export const ZCoverImageList = z.array(ZCoverImage);
export type TCoverImage = z.infer<typeof ZCoverImage>;

/** Multipart fields are text: 'true' or 'false' (spec 001 §7), also 1/0/on/off. */
const ZBoolText = z
  .union([
    z.boolean(),
    z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.enum(['true', 'false', '1', '0', 'on', 'off', ''])),
  ])
  .transform((v) => v === true || v === 'true' || v === '1' || v === 'on');

/**
 * What comes with an upload, through tus metadata or the multipart fields. The email is used only
 * when notify_when_ready is on (spec 001 §5); for main content the friendly name is required.
 */
export const ZUploadOptions = z.object({
  category: ZUploadCategory,
  friendly_name: printable(MEDIA.friendlyNameMaxLength).optional(),
  notify_when_ready: ZBoolText.optional(),
  notify_email: z.string().trim().max(254).optional(),
});
export type TUploadOptions = z.input<typeof ZUploadOptions>;

/** The text fields of a multipart upload form, beside its files. */
export const ZUploadNotify = ZUploadOptions.pick({ notify_when_ready: true, notify_email: true });

/** tus Upload-Metadata keys (decoded): filename, category, friendly_name, notify_when_ready, notify_email. */
export const ZTusUploadMetadata = ZUploadOptions.extend({
  filename: printable(255).pipe(z.string().min(1)),
  filetype: z.string().optional(),
});
export type TTusUploadMetadata = z.input<typeof ZTusUploadMetadata>;

/**
 * GET /api/ai/transcript-ready and /api/ai/intent-hints (spec 000 section 7): the upload named by
 * hint (its id or filename), or else the upload the episode episode_id was made from.
 */
export const ZTranscriptReadyQuery = z
  .object({ hint: z.string().trim().min(1).optional(), episode_id: z.string().trim().min(1).optional() })
  .refine((query) => query.hint !== undefined || query.episode_id !== undefined, {
    message: 'Name the upload (hint) or its episode (episode_id).',
    path: ['hint'],
  });
export type TTranscriptReadyQuery = z.infer<typeof ZTranscriptReadyQuery>;
export const ZTranscriptReadyResponse = z.object({
  ready: z.boolean(),
  transcript_path: z.string().nullable(),
  media_id: z.string(),
  status: ZMediaStatus,
  progress: z.number().nullable(),
});
export type TTranscriptReadyResponse = z.infer<typeof ZTranscriptReadyResponse>;

/** GET /api/ai/intent-hints: 404 unknown upload, 425 still processing, 409 failed (clients retry on all three). */
export const ZIntentHintsResponse = z.object({
  media_id: z.string(),
  filename: z.string(),
  intents: ZIntents,
  detection: ZDetectionResult,
});
export type TIntentHintsResponse = z.infer<typeof ZIntentHintsResponse>;

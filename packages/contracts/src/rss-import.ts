import { z } from 'zod';
import { RSS_IMPORT } from './limits.ts';
import { ZVisibility } from './podcast.ts';
import { ZImportStatus } from './podcast-api.ts';

/** RSS import wording (spec 001 sections 5 and 8, spec 002 sections 5 and 8), word for word. */
export const RSS_IMPORT_MESSAGES = {
  urlRequired: 'Please enter an RSS feed URL.',
  importFailed: 'Import Failed',
  recoveryFailed: 'Recovery Failed',
  /** Onboarding's import path (spec 002 §5 and §8). */
  onboardingUrlRequired: 'RSS feed required',
  onboardingEnterUrl: 'Please enter your feed URL before continuing.',
  onboardingImportFailed: 'Import failed',
  onboardingImportFailedFallback: 'Failed to import RSS feed.',
  importComplete: 'Import complete',
  /** Not in the spec: the reasons and states this product adds. */
  importNotFound: 'Import not found',
  notAUrl: 'That address is not a valid URL.',
  importRunning: 'An import is already running. Wait for it to finish before starting another.',
  notLinkedToSpreaker: 'This show is not linked to a Spreaker show.',
  /** The show's import status and its recover action (My Podcasts, the Import page's result). */
  recoverAction: 'Recover from Spreaker',
  recoverHint: "Spreaker's RSS feed lists only the newest episodes: recovering adds the rest of the show's episodes from Spreaker.",
  recoveryDone: 'Recovery complete',
  recovered: (count: number) =>
    count === 0
      ? 'No episodes were missing: every episode on Spreaker is here.'
      : `${count} missing ${count === 1 ? 'episode' : 'episodes'} recovered from Spreaker.`,
  importStatus: (imported: number, total: number) =>
    imported >= total ? `All ${total} episodes imported` : `${imported} of ${total} episodes imported`,
} as const;

/** Podcast apps' own schemes for the same feed (feed://, itpc://, pcast://) read as http(s). */
const APP_SCHEMES: Record<string, string> = { 'feed:': 'https:', 'itpc:': 'https:', 'pcast:': 'https:' };

/**
 * What a user pastes, as the URL to fetch: trimmed, a podcast-app scheme turned into https, and
 * https:// added when no scheme was written ('feeds.example.com/show.rss'). Anything that still is
 * not an absolute http(s) URL comes back unchanged, for the server's fetch guard to refuse.
 */
export function normaliseFeedUrl(raw: string): string {
  const value = raw.trim();
  if (!value) return value;
  const scheme = /^([a-z][a-z0-9+.-]*:)(\/\/)?/i.exec(value);
  if (!scheme) return `https://${value}`;
  const replacement = APP_SCHEMES[scheme[1]?.toLowerCase() ?? ''];
  if (!replacement) return value;
  const rest = value.slice(scheme[0].length);
  // feed:https://example.com/rss nests the real URL; feed://example.com/rss replaces the scheme.
  return /^https?:\/\//i.test(rest) ? rest : `${replacement}//${rest}`;
}

/** 'A host containing the hosting provider's domain is treated as a provider feed' (spec 001 §5). */
export function isSpreakerUrl(raw: string): boolean {
  try {
    const host = new URL(normaliseFeedUrl(raw)).hostname.toLowerCase().replace(/\.$/, '');
    return host === RSS_IMPORT.spreakerDomain || host.endsWith(`.${RSS_IMPORT.spreakerDomain}`);
  } catch {
    return false;
  }
}

/** The URL field of the Import page and onboarding, validated the same way in the browser and the API. */
export const ZRssUrl = z.string().trim().min(1, RSS_IMPORT_MESSAGES.urlRequired).max(2048).transform(normaliseFeedUrl);

/** POST /api/import/rss (spec 001 §7). Onboarding sends only rss_url. */
export const ZRssImportRequest = z.object({
  rss_url: ZRssUrl,
  attempt_link_spreaker: z.boolean().default(false),
  auto_publish_to_spreaker: z.boolean().default(false),
  /** Visibility of episodes published to Spreaker when auto-publishing. */
  publish_state: ZVisibility.default('public'),
});
export type TRssImportRequest = z.infer<typeof ZRssImportRequest>;
export type TRssImportRequestInput = z.input<typeof ZRssImportRequest>;

export const ZRssPreviewRequest = z.object({ rss_url: ZRssUrl });
export type TRssPreviewRequest = z.infer<typeof ZRssPreviewRequest>;

export const ZRssPreviewEpisode = z.object({
  title: z.string(),
  published_at: z.coerce.date().nullable(),
  duration_ms: z.number().int().nullable(),
  season_number: z.number().int().nullable(),
  episode_number: z.number().int().nullable(),
  episode_type: z.enum(['full', 'trailer', 'bonus']),
  explicit: z.boolean(),
  has_audio: z.boolean(),
  /** Plain text of the show notes, shortened for the preview. */
  summary: z.string(),
});
export type TRssPreviewEpisode = z.infer<typeof ZRssPreviewEpisode>;

/** The preview shown before importing: the show and its newest five episodes. */
export const ZRssPreview = z.object({
  /** The address that answered, after redirects. */
  feed_url: z.string(),
  is_spreaker: z.boolean(),
  show: z.object({
    title: z.string(),
    description: z.string(),
    author: z.string().nullable(),
    language: z.string().nullable(),
    artwork_url: z.string().nullable(),
    categories: z.array(z.string()),
    explicit: z.boolean(),
    podcast_guid: z.string().nullable(),
    locked: z.boolean(),
  }),
  feed_total: z.number().int().min(0),
  episodes: z.array(ZRssPreviewEpisode).max(RSS_IMPORT.previewCount),
  /** The user's show already imported from this feed: importing again updates it. */
  existing_podcast_id: z.uuid().nullable(),
});
export type TRssPreview = z.infer<typeof ZRssPreview>;

export const RSS_IMPORT_STATES = ['queued', 'importing', 'mirroring', 'done', 'failed'] as const;
export const ZRssImportState = z.enum(RSS_IMPORT_STATES);
export type TRssImportState = z.infer<typeof ZRssImportState>;

/** spec 001 §3 'import_status' of the imported show (the same object a show carries). */
export const ZRssImportProgress = ZImportStatus;

/**
 * The answer of POST /api/import/rss (spec 001 §7's fields) and of the status call the Import
 * page polls: the import runs as a job, so the counts grow until status is done or failed.
 */
export const ZRssImportResult = z.object({
  import_id: z.uuid(),
  podcast_id: z.uuid().nullable(),
  podcast_name: z.string(),
  /** Spec 002 §3 'Import result: ... description or summary'. */
  description: z.string(),
  status: ZRssImportState,
  /** The reason shown under 'Import Failed'. */
  error: z.string().nullable(),
  episodes_imported: z.number().int().min(0),
  mirrored_count: z.number().int().min(0),
  mirror_total: z.number().int().min(0),
  mirror_failed: z.number().int().min(0),
  spreaker_linked: z.boolean(),
  spreaker_attempted: z.boolean(),
  auto_publish_started: z.boolean(),
  import_status: ZRssImportProgress,
});
export type TRssImportResult = z.infer<typeof ZRssImportResult>;

export const ZRssImportIdInput = z.object({ import_id: z.uuid() });

/** POST /api/podcasts/{id}/recover-from-spreaker. */
export const ZRecoverFromSpreakerResult = z.object({
  recovered_count: z.number().int().min(0),
  import_status: ZRssImportProgress,
});
export type TRecoverFromSpreakerResult = z.infer<typeof ZRecoverFromSpreakerResult>;

/** One episode of an imported show, as the Import page lists it after success. */
export const ZImportedEpisode = z.object({
  id: z.uuid(),
  title: z.string(),
  status: z.string(),
  published_at: z.date().nullable(),
  duration_ms: z.number().int().nullable(),
  season_number: z.number().int().nullable(),
  episode_number: z.number().int().nullable(),
  guid: z.string(),
  /** pending, mirroring, done, failed, expired (the local copy was dropped after seven days) or kept (served from here). */
  mirror_status: z.string().nullable(),
});
export type TImportedEpisode = z.infer<typeof ZImportedEpisode>;

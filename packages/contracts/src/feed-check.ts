import { z } from 'zod';
import { PODCAST_LIMITS } from './podcast.ts';

/**
 * The one feed check of a show (issue 19): what the publish job refuses or warns about, shown by the
 * Episode Creator's step 5 checklist and My Podcasts before anything is rendered, each item with the
 * place it is fixed.
 */
export const FEED_CHECK_CODES = [
  'show_name',
  'show_description',
  'show_language',
  'show_artwork_missing',
  'show_artwork_not_square',
  'show_artwork_too_small',
  'show_artwork_too_large',
  'show_artwork_format',
  'show_category',
  'show_owner_email',
  'show_author',
] as const;
export const ZFeedCheckCode = z.enum(FEED_CHECK_CODES);
export type TFeedCheckCode = z.infer<typeof ZFeedCheckCode>;

/** Where an item is fixed: the show's details or its cover, both in Edit Podcast. */
export const ZFeedFix = z.enum(['show_details', 'show_cover']);
export type TFeedFix = z.infer<typeof ZFeedFix>;

export const ZFeedCheckItem = z.object({
  code: ZFeedCheckCode,
  /** error: publishing is refused; warning: published, but directories may complain. */
  severity: z.enum(['error', 'warning']),
  message: z.string(),
  fix: ZFeedFix,
});
export type TFeedCheckItem = z.infer<typeof ZFeedCheckItem>;

/** GET /api/podcasts/{id}/feed-check; a Spreaker show is checked by Spreaker (no items here). */
export const ZFeedCheck = z.object({
  podcast_id: z.uuid(),
  host: z.enum(['builtin', 'spreaker']),
  /** No error among the items: the job will not refuse the show. */
  ready: z.boolean(),
  items: z.array(ZFeedCheckItem),
});
export type TFeedCheck = z.infer<typeof ZFeedCheck>;

export function feedFixOf(code: TFeedCheckCode): TFeedFix {
  return code.startsWith('show_artwork') ? 'show_cover' : 'show_details';
}

/** My Podcasts with the show's Edit Podcast open (and its cover field for a cover item). */
export function feedFixPath(podcastId: string, fix: TFeedFix): string {
  const query = new URLSearchParams({ edit: podcastId });
  if (fix === 'show_cover') query.set('field', 'cover');
  return `/dashboard/podcasts?${query.toString()}`;
}

const { coverMinPx: COVER_MIN_PX, coverMaxPx: COVER_MAX_PX } = PODCAST_LIMITS;

/** The cover's size rules of the feed check, in its words: chosen covers are checked with them at once. */
export function coverSizeProblems(width: number, height: number): { code: TFeedCheckCode; message: string }[] {
  const size = `${width}x${height}`;
  const problems: { code: TFeedCheckCode; message: string }[] = [];
  if (width !== height) problems.push({ code: 'show_artwork_not_square', message: `Cover art must be square; this one is ${size}.` });
  if (Math.min(width, height) < COVER_MIN_PX) {
    problems.push({
      code: 'show_artwork_too_small',
      message: `Cover art must be at least ${COVER_MIN_PX}x${COVER_MIN_PX}; this one is ${size}.`,
    });
  }
  if (Math.max(width, height) > COVER_MAX_PX) {
    problems.push({
      code: 'show_artwork_too_large',
      message: `Cover art must be at most ${COVER_MAX_PX}x${COVER_MAX_PX}; this one is ${size}.`,
    });
  }
  return problems;
}

import { z } from 'zod';

/**
 * Spreaker API v2 response shapes (developers.spreaker.com). Every body is wrapped in
 * {"response": ...}; timestamps are 'YYYY-MM-DD HH:MM:SS' in UTC and durations are milliseconds.
 * Unknown fields are kept out: only what the product reads is parsed.
 */
const SPREAKER_DATE = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** 'YYYY-MM-DD HH:MM:SS' (UTC) -> Date. */
export function fromSpreakerDate(value: string): Date {
  const m = SPREAKER_DATE.exec(value);
  if (!m) throw new Error(`Not a Spreaker timestamp: ${value}`);
  return new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!));
}

/** Date -> 'YYYY-MM-DD HH:MM:SS' in UTC, the only form Spreaker accepts for auto_published_at. */
export function toSpreakerDate(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

const zDate = z.string().regex(SPREAKER_DATE).transform(fromSpreakerDate);
const zId = z.number().int();

export const ZSpreakerUser = z.object({
  user_id: zId,
  fullname: z.string(),
  username: z.string().optional(),
  site_url: z.string().optional(),
  image_url: z.string().nullable().optional(),
});
export type TSpreakerUser = z.infer<typeof ZSpreakerUser>;

export const ZSpreakerShow = z.object({
  show_id: zId,
  title: z.string(),
  description: z.string().nullable().optional(),
  image_url: z.string().nullable().optional(),
  image_original_url: z.string().nullable().optional(),
  site_url: z.string().nullable().optional(),
  website_url: z.string().nullable().optional(),
  language: z.string().nullable().optional(),
  category_id: zId.nullable().optional(),
  category_2_id: zId.nullable().optional(),
  category_3_id: zId.nullable().optional(),
  email: z.string().nullable().optional(),
  owner_name: z.string().nullable().optional(),
  author_name: z.string().nullable().optional(),
  copyright: z.string().nullable().optional(),
  explicit: z.boolean().optional(),
  last_episode_at: zDate.nullable().optional(),
});
export type TSpreakerShow = z.infer<typeof ZSpreakerShow>;

export const ZSpreakerEpisode = z.object({
  episode_id: zId,
  show_id: zId,
  title: z.string(),
  type: z.enum(['DRAFT', 'RECORDED', 'LIVE', 'EXTERNAL']).optional(),
  description: z.string().nullable().optional(),
  /** Milliseconds; null until the audio has been processed. */
  duration: z.number().nullable().optional(),
  published_at: zDate.nullable().optional(),
  auto_published_at: zDate.nullable().optional(),
  hidden: z.boolean().optional(),
  explicit: z.boolean().optional(),
  tags: z.array(z.string()).optional(),
  encoding_status: z.string().optional(),
  site_url: z.string().nullable().optional(),
  image_url: z.string().nullable().optional(),
  download_url: z.string().nullable().optional(),
  playback_url: z.string().nullable().optional(),
  plays_count: z.number().nullable().optional(),
  downloads_count: z.number().nullable().optional(),
});
export type TSpreakerEpisode = z.infer<typeof ZSpreakerEpisode>;

export const ZSpreakerCategory = z.object({
  category_id: zId,
  name: z.string(),
  permalink: z.string().optional(),
  level: z.number().optional(),
});
export type TSpreakerCategory = z.infer<typeof ZSpreakerCategory>;

/** One row of /statistics/plays: per day, week or month. */
export const ZSpreakerPlaysRow = z.object({
  date: z.string(),
  plays_count: z.number(),
  downloads_count: z.number().optional(),
  plays_ondemand_count: z.number().optional(),
  plays_live_count: z.number().optional(),
});
export type TSpreakerPlaysRow = z.infer<typeof ZSpreakerPlaysRow>;

/** One row of /shows/{id}/episodes/statistics/plays/totals. */
export const ZSpreakerEpisodePlayTotals = z.object({
  episode_id: zId,
  title: z.string().optional(),
  plays_count: z.number(),
  downloads_count: z.number().optional(),
});
export type TSpreakerEpisodePlayTotals = z.infer<typeof ZSpreakerEpisodePlayTotals>;

export const ZSpreakerTokens = z.object({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  expires_in: z.number().optional(),
  refresh_token: z.string().optional(),
  scope: z.string().optional(),
});
export type TSpreakerTokens = z.infer<typeof ZSpreakerTokens>;

export const ZSpreakerErrorBody = z.object({
  response: z.object({ error: z.object({ messages: z.array(z.string()).default([]), code: z.number().optional() }) }),
});

export function zPage<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), next_url: z.string().nullable().optional() });
}

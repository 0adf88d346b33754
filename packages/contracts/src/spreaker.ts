import { z } from 'zod';
import { ZPodcastLanguage } from './podcast.ts';

/** The Spreaker connection (spec 001 §4 'Hosting connection', §9): a 600x700 popup polled each second. */
export const SPREAKER_CONNECT = {
  popupWidth: 600,
  popupHeight: 700,
  pollMs: 1_000,
  /** postMessage type the callback page sends to its opener. */
  message: 'spreaker_connected',
  /** Query flag on the settings page after a connect without an opener. */
  queryFlag: 'spreaker_connected',
  /** Minutes the OAuth state stays valid (single use, bound to the starting browser by a cookie). */
  stateTtlMinutes: 10,
  /** Seconds the one-time ticket that opens the popup stays valid (the session token never travels in a URL). */
  ticketTtlSeconds: 60,
  /** The cookie that binds the state to the browser that started the flow. */
  stateCookie: 'ppp_spreaker_state',
} as const;

/** POST /api/auth/spreaker/ticket: a one-time ticket for GET /api/auth/spreaker/start?ticket=…. */
export const ZSpreakerConnectTicket = z.object({ ticket: z.string() });
export type TSpreakerConnectTicket = z.infer<typeof ZSpreakerConnectTicket>;

/** What the callback page posts to its opener: ok false with the reason when linking failed. */
export const ZSpreakerConnectMessage = z.object({
  type: z.literal(SPREAKER_CONNECT.message),
  ok: z.boolean().optional(),
  message: z.string().optional(),
});
export type TSpreakerConnectMessage = z.infer<typeof ZSpreakerConnectMessage>;

export const SPREAKER_MESSAGES = {
  notConnected: 'Not connected. Connect Spreaker first.',
  notConfigured: 'Spreaker is not configured on this server.',
  connectFailed: 'Connection error',
  popupBlocked: 'Popup blocked. Please allow popups and try again.',
  notSignedIn: 'Not signed in',
  invalidState: 'This connection link has expired. Please try connecting again.',
  linkFailed: 'Failed to link',
  createShowFailed: 'Failed to create show',
  recoveryFailed: 'Recovery Failed',
  remoteLoadFailed: 'Remote load failed — using local data',
} as const;

/** GET /api/spreaker/status */
export const ZSpreakerStatus = z.object({
  configured: z.boolean(),
  connected: z.boolean(),
  spreaker_user_id: z.string().nullable(),
  name: z.string().nullable(),
});
export type TSpreakerStatus = z.infer<typeof ZSpreakerStatus>;

/** GET /api/spreaker/shows */
export const ZSpreakerShowSummary = z.object({
  show_id: z.string(),
  title: z.string(),
  image_url: z.string().nullable(),
  site_url: z.string().nullable(),
  /** The local show linked to it, if any. */
  podcast_id: z.string().nullable(),
});
export const ZSpreakerShows = z.object({ shows: z.array(ZSpreakerShowSummary) });
export type TSpreakerShows = z.infer<typeof ZSpreakerShows>;

/** GET /api/spreaker/show/{id}?mapped=true: a Spreaker show under the product's Podcast field names. */
export const ZMappedSpreakerShow = z.object({
  spreaker_show_id: z.string(),
  name: z.string(),
  description: z.string(),
  language: ZPodcastLanguage.nullable(),
  copyright_line: z.string().nullable(),
  owner_name: z.string().nullable(),
  author_name: z.string().nullable(),
  contact_email: z.string().nullable(),
  cover_url: z.string().nullable(),
  category_id: z.string().nullable(),
  category_2_id: z.string().nullable(),
  category_3_id: z.string().nullable(),
  explicit: z.boolean(),
});
export type TMappedSpreakerShow = z.infer<typeof ZMappedSpreakerShow>;

/** GET /api/spreaker/categories */
export const ZSpreakerCategories = z.object({ categories: z.array(z.object({ category_id: z.string(), name: z.string() })) });
export type TSpreakerCategories = z.infer<typeof ZSpreakerCategories>;

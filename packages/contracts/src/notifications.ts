import { z } from 'zod';

/** An in-app notification (spec 002 §3): unread until read_at is set. */
export const ZNotification = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  created_at: z.date(),
  read_at: z.date().nullable(),
  /** The app path of what the notice is about (an episode, an upload, a show, the subscription); null for none. */
  link: z.string().nullable(),
});
export type TNotification = z.infer<typeof ZNotification>;

export const ZNotificationList = z.array(ZNotification);
export const ZReadAllResponse = z.object({ ok: z.literal(true), updated: z.number().int().min(0) });
export const ZUnreadCount = z.object({ unread: z.number().int().min(0) });

/** Not in the spec: the list answers the newest 100. */
export const NOTIFICATION_LIMIT = 100;

/**
 * Where a notice opens (issue 19): the app path of its subject. Clicking a notice marks it read and
 * goes there; each screen opens the item its query names.
 */
export const NOTIFICATION_LINKS = {
  /** Episode History with the episode's edit panel open. */
  episode: (episodeId: string) => `/dashboard/episodes?episode=${encodeURIComponent(episodeId)}`,
  /** A transcribed upload, ready to build an episode from: the Episode Creator with it chosen. */
  readyUpload: (mediaId: string) => `/dashboard/new-episode?upload=${encodeURIComponent(mediaId)}`,
  /** An upload to look at (a failed transcription, one about to be removed): the uploads list scrolled to it. */
  upload: (mediaId: string) => `/dashboard/upload?upload=${encodeURIComponent(mediaId)}`,
  /** A show: My Podcasts with its Edit Podcast open. */
  show: (podcastId: string) => `/dashboard/podcasts?edit=${encodeURIComponent(podcastId)}`,
  subscription: '/dashboard/billing',
  /** RSS import, for an import that failed before its show was made. */
  rssImport: '/dashboard/import',
} as const;

/** Only the app's own paths are followed: a stored link that is not one is ignored. */
export function notificationPath(link: string | null): string | null {
  return link && /^\/dashboard(\/|\?|$)/.test(link) && !link.startsWith('//') ? link : null;
}

/** The bell's notice when an episode's assembly failed for good (its owner and the show's team members, issue 34). */
export const ASSEMBLY_FAILED_NOTICE = {
  title: 'Assembly failed',
  body: (episodeTitle: string, reason: string) => `"${episodeTitle}" could not be assembled: ${reason}`,
} as const;

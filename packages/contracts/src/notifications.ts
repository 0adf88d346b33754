import { z } from 'zod';

/** An in-app notification (spec 002 §3): unread until read_at is set. */
export const ZNotification = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  created_at: z.date(),
  read_at: z.date().nullable(),
});
export type TNotification = z.infer<typeof ZNotification>;

export const ZNotificationList = z.array(ZNotification);
export const ZReadAllResponse = z.object({ ok: z.literal(true), updated: z.number().int().min(0) });
export const ZUnreadCount = z.object({ unread: z.number().int().min(0) });

/** Not in the spec: the list answers the newest 100. */
export const NOTIFICATION_LIMIT = 100;

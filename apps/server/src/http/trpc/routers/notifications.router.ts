import { ZMediaIdInput, ZNotification, ZNotificationList, ZReadAllResponse, ZUnreadCount } from '@ppp/contracts';
import { activeProcedure, router } from '../init.ts';

export const notificationsRouter = router({
  list: activeProcedure.output(ZNotificationList).query(({ ctx }) => ctx.services.notifications.findForUser(ctx.user)),
  unreadCount: activeProcedure
    .output(ZUnreadCount)
    .query(async ({ ctx }) => ({ unread: await ctx.services.notifications.unreadCount(ctx.user) })),
  markRead: activeProcedure
    .input(ZMediaIdInput)
    .output(ZNotification)
    .mutation(({ ctx, input }) => ctx.services.notifications.markRead(ctx.user, input.id)),
  markAllRead: activeProcedure
    .output(ZReadAllResponse)
    .mutation(async ({ ctx }) => ({ ok: true as const, updated: await ctx.services.notifications.markAllRead(ctx.user) })),
});

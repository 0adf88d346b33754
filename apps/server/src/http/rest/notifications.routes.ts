import {
  ZAudioCleanupSettingsEnvelope,
  ZAudioCleanupSettingsUpdate,
  ZNotification,
  ZNotificationList,
  ZReadAllResponse,
} from '@ppp/contracts';
import { userOf } from '../request-context.ts';
import { defineRoutes, route } from './route.ts';
import { readsIn, editsIn } from '../workspace.ts';

export const notificationRoutes = defineRoutes([
  route({
    method: 'get',
    path: '/api/notifications/',
    tag: 'notifications',
    access: 'active',
    summary: 'Your notifications, newest first.',
    response: ZNotificationList,
    handle: ({ ctx }) => ctx.services.notifications.findForUser(userOf(ctx)),
  }),
  route({
    method: 'post',
    path: '/api/notifications/read-all',
    tag: 'notifications',
    access: 'active',
    summary: 'Mark every notification read.',
    response: ZReadAllResponse,
    handle: async ({ ctx }) => ({ ok: true, updated: await ctx.services.notifications.markAllRead(userOf(ctx)) }),
  }),
  route({
    method: 'post',
    path: '/api/notifications/{id}/read',
    tag: 'notifications',
    access: 'active',
    summary: 'Mark one notification read.',
    response: ZNotification,
    handle: ({ ctx, params }) => ctx.services.notifications.markRead(userOf(ctx), params.id),
  }),
]);

export const audioCleanupRoutes = defineRoutes([
  route({
    method: 'get',
    path: '/api/users/me/audio-cleanup-settings',
    workspace: readsIn(),
    tag: 'settings',
    access: 'active',
    summary: 'Your audio cleanup and magic-word settings (the defaults until saved).',
    response: ZAudioCleanupSettingsEnvelope,
    handle: async ({ ctx }) => ({ settings: await ctx.services.audioCleanup.get(userOf(ctx).id) }),
  }),
  route({
    method: 'put',
    path: '/api/users/me/audio-cleanup-settings',
    workspace: editsIn(),
    tag: 'settings',
    access: 'active',
    summary: 'Save audio cleanup settings; missing fields keep their saved values, out-of-range values answer 422.',
    body: { schema: ZAudioCleanupSettingsUpdate },
    response: ZAudioCleanupSettingsEnvelope,
    handle: async ({ ctx, body }) => ({
      settings: await ctx.services.audioCleanup.update(userOf(ctx), body),
    }),
  }),
]);

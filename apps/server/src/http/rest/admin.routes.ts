import { z } from 'zod';
import { ZAdminSettings, ZAdminSettingsUpdate, ZAdminUserUpdate, ZMe, ZOutboxMessage, ZOutboxQuery } from '@ppp/contracts';
import { toMe } from '../../domain/users/users.service.ts';
import { defineRoutes, route } from './route.ts';

export const adminRoutes = defineRoutes([
  route({
    method: 'get',
    path: '/api/admin/settings',
    tag: 'admin',
    access: 'admin',
    summary: 'Instance settings.',
    response: ZAdminSettings,
    handle: ({ ctx }) => ctx.services.settings.get(),
  }),
  route({
    method: 'put',
    path: '/api/admin/settings',
    tag: 'admin',
    access: 'admin',
    summary: 'Change instance settings (max_upload_mb is clamped to 10-2048).',
    body: { schema: ZAdminSettingsUpdate },
    response: ZAdminSettings,
    handle: ({ ctx, body }) => ctx.services.settings.update(body),
  }),
  route({
    method: 'get',
    path: '/api/admin/mail/outbox',
    tag: 'admin',
    access: 'admin',
    summary: 'Mail the instance has sent, newest first (filter with ?to=).',
    query: ZOutboxQuery,
    response: z.array(ZOutboxMessage),
    handle: ({ ctx, query }) => ctx.services.mail.findOutbox(query),
  }),
  route({
    method: 'patch',
    path: '/api/admin/users/{id}',
    tag: 'admin',
    access: 'admin',
    summary: "Change a user's tier, active flag or subscription expiry; disabling ends their sessions.",
    body: { schema: ZAdminUserUpdate },
    response: ZMe,
    handle: async ({ ctx, body, params }) => {
      const patch = body;
      return toMe(await ctx.services.users.adminUpdate(params.id, patch), ctx.services.config.TERMS_VERSION);
    },
  }),
]);

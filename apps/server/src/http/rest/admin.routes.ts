import { z } from 'zod';
import {
  ZAdminPodcastsPage,
  ZAdminPodcastsQuery,
  ZAdminSettings,
  ZAdminSettingsUpdate,
  ZAdminSummary,
  ZAdminUsersPage,
  ZAdminUsersQuery,
  ZAdminUserUpdate,
  ZMe,
  ZOutboxMessage,
  ZOutboxQuery,
} from '@ppp/contracts';
import { toMe } from '../../domain/users/users.service.ts';
import { defineRoutes, route } from './route.ts';

export const adminRoutes = defineRoutes([
  route({
    method: 'get',
    path: '/api/admin/summary',
    tag: 'admin',
    access: 'admin',
    summary: 'Counts of users, episodes, published episodes, shows and templates.',
    response: ZAdminSummary,
    handle: ({ ctx }) => ctx.services.adminOverview.summary(),
  }),
  route({
    method: 'get',
    path: '/api/admin/users/full',
    tag: 'admin',
    access: 'admin',
    summary: 'Users, newest first, 10 per page; search by email or name.',
    query: ZAdminUsersQuery,
    response: ZAdminUsersPage,
    handle: ({ ctx, query }) => ctx.services.adminDirectory.users(query),
  }),
  route({
    method: 'get',
    path: '/api/admin/podcasts',
    tag: 'admin',
    access: 'admin',
    summary: 'Every show with its owner, episode count and last episode, 25 per page; filter by owner_email.',
    query: ZAdminPodcastsQuery,
    response: ZAdminPodcastsPage,
    handle: ({ ctx, query }) => ctx.services.adminDirectory.podcasts(query),
  }),
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

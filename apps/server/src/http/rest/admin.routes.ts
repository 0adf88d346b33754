import { z } from 'zod';
import {
  ZAdminMusicAsset,
  ZAdminMusicAssetUpdate,
  ZAdminMusicUploadFields,
  ZAdminPodcastsPage,
  ZAdminPodcastsQuery,
  ZAdminSettings,
  ZAdminSettingsUpdate,
  ZAdminSummary,
  ZKillQueueRequest,
  ZKillQueueResult,
  ZAdminUsersPage,
  ZAdminUsersQuery,
  ZAdminUserUpdate,
  ZMe,
  ZOutboxMessage,
  ZOutboxQuery,
} from '@ppp/contracts';
import { toMe } from '../../domain/users/users.service.ts';
import { readUploadBody } from './multipart.ts';
import { defineRoutes, route } from './route.ts';

const ZMusicUploadForm = z.object({
  file: z.string().describe('one audio file (checked like a creator’s music upload)'),
  display_name: z.string(),
  mood_tags: z.string().optional().describe('JSON array of strings'),
});

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
    method: 'post',
    path: '/api/admin/tasks/kill',
    tag: 'admin',
    access: 'admin',
    summary: "Kill a task queue: cancels the queue's queued jobs (running ones finish); answers the queue and how many were cancelled.",
    body: { schema: ZKillQueueRequest },
    response: ZKillQueueResult,
    handle: ({ ctx, body }) => ctx.services.adminJobs.kill(body),
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
  route({
    method: 'get',
    path: '/api/admin/music/assets',
    tag: 'admin',
    access: 'admin',
    summary: 'The shared music library as the Music Library tab lists it (source, size, added).',
    response: z.array(ZAdminMusicAsset),
    handle: ({ ctx }) => ctx.services.musicAdmin.list(),
  }),
  route({
    method: 'post',
    path: '/api/admin/music/assets/upload',
    tag: 'admin',
    access: 'admin',
    summary:
      'Add a bed to the shared library: multipart file, display_name, mood_tags as JSON text; the file is checked like a music upload.',
    body: { schema: ZAdminMusicUploadFields, read: readUploadBody },
    upload: ZMusicUploadForm,
    response: ZAdminMusicAsset,
    status: 201,
    handle: async ({ ctx, body, files: form }) => {
      try {
        return await ctx.services.musicAdmin.upload(form.files[0], body);
      } finally {
        await form.cleanup();
      }
    },
  }),
  route({
    method: 'put',
    path: '/api/admin/music/assets/{id}',
    tag: 'admin',
    access: 'admin',
    summary: 'Rename a library bed and set its mood tags.',
    body: { schema: ZAdminMusicAssetUpdate },
    response: ZAdminMusicAsset,
    handle: ({ ctx, params, body }) => ctx.services.musicAdmin.update(params.id, body),
  }),
  route({
    method: 'delete',
    path: '/api/admin/music/assets/{id}',
    tag: 'admin',
    access: 'admin',
    summary: 'Remove a bed from the shared library (a built-in bed is switched off); creators’ copies stay.',
    status: 204,
    handle: ({ ctx, params }) => ctx.services.musicAdmin.remove(params.id),
  }),
]);

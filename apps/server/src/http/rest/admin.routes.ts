import { z } from 'zod';
import {
  ZAdminDbRowResult,
  ZAdminDbRowUpdate,
  ZAdminDbTablePage,
  ZAdminDbTableQuery,
  ZAdminDbTables,
  ZAdminMusicAsset,
  ZAdminMusicAssetUpdate,
  ZAdminMusicUploadFields,
  ZAdminSettings,
  ZAdminSummary,
  ZAdminUserUpdate,
} from '@ppp/contracts';
import { adminOperations as ops } from '../operations/admin.operations.ts';
import { userOf } from '../request-context.ts';
import { uploadBodyOf } from './multipart.ts';
import { bodyRoute, pathRoute, queryRoute } from './operation-route.ts';
import { defineRoutes, route } from './route.ts';
import { devToolsRoutes } from './dev-tools.routes.ts';

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
  queryRoute(ops.customDomains, {
    method: 'get',
    path: '/api/admin/domains',
    tag: 'admin',
    summary:
      'Every claimed custom domain: its show, owner, state (pending, verified, failed with the reason), last check and grace period.',
  }),
  queryRoute(ops.killQueuePreview, {
    method: 'get',
    path: '/api/admin/tasks/kill/preview',
    tag: 'admin',
    summary:
      "What Kill queue would cancel now: the queue's queued jobs and how many users they belong to (the confirmation asks it first).",
  }),
  bodyRoute(ops.killQueue, {
    method: 'post',
    path: '/api/admin/tasks/kill',
    tag: 'admin',
    summary:
      "Kill a task queue: cancels the queue's queued jobs (running ones finish), written to the admin audit trail; answers the queue and how many were cancelled.",
  }),
  queryRoute(ops.users, {
    method: 'get',
    path: '/api/admin/users/full',
    tag: 'admin',
    summary: 'Users, newest first, 10 per page; search by email or name.',
  }),
  queryRoute(ops.podcasts, {
    method: 'get',
    path: '/api/admin/podcasts',
    tag: 'admin',
    summary: 'Every show with its owner, episode count and last episode, 25 per page; filter by owner_email.',
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
  bodyRoute(ops.updateSettings, {
    method: 'put',
    path: '/api/admin/settings',
    tag: 'admin',
    summary: 'Change instance settings (max_upload_mb is clamped to 10-2048).',
  }),
  queryRoute(ops.outbox, {
    method: 'get',
    path: '/api/admin/mail/outbox',
    tag: 'admin',
    summary: 'Mail the instance has sent, newest first (filter with ?to=).',
  }),
  pathRoute(ops.updateUser, {
    method: 'patch',
    path: '/api/admin/users/{id}',
    tag: 'admin',
    summary: "Change a user's tier, active flag or subscription expiry; disabling ends their sessions.",
    body: { schema: ZAdminUserUpdate },
    input: ({ id }, patch) => ({ ...patch, id }),
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
    body: { schema: ZAdminMusicUploadFields, read: uploadBodyOf(() => 'music') },
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
  bodyRoute(ops.importMusicAsset, {
    method: 'post',
    path: '/api/admin/music/assets/import-url',
    tag: 'admin',
    summary:
      'Add a bed from an address {display_name, source_url, mood_tags}: fetched through the guarded fetch RSS import uses (no private addresses, 50 MB), checked like an upload, rate limited.',
    status: 201,
  }),
  pathRoute(ops.updateMusicAsset, {
    method: 'put',
    path: '/api/admin/music/assets/{id}',
    tag: 'admin',
    summary: 'Rename a library bed and set its mood tags.',
    body: { schema: ZAdminMusicAssetUpdate },
    input: ({ id }, patch) => ({ ...patch, id }),
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
  route({
    method: 'get',
    path: '/api/admin/db/tables',
    tag: 'admin',
    access: 'admin',
    summary: 'DB explorer: the tables it may open, with a row estimate and whether rows can be changed.',
    response: ZAdminDbTables,
    handle: ({ ctx }) => ctx.services.adminDb.tables(),
  }),
  route({
    method: 'get',
    path: '/api/admin/db/table/{name}',
    tag: 'admin',
    access: 'admin',
    summary: 'DB explorer: a page of rows (50 by default) with the columns; secret columns show as [hidden].',
    query: ZAdminDbTableQuery,
    response: ZAdminDbTablePage,
    handle: ({ ctx, params, query }) => ctx.services.adminDb.page(params.name, query),
  }),
  route({
    method: 'patch',
    path: '/api/admin/db/table/{name}/{id}',
    tag: 'admin',
    access: 'admin',
    summary: 'DB explorer: change columns of one row, each value checked against its column type; recorded in the audit table.',
    body: { schema: ZAdminDbRowUpdate },
    response: ZAdminDbRowResult,
    handle: ({ ctx, params, body }) => ctx.services.adminDb.update(userOf(ctx), params.name, params.id, body),
  }),
  route({
    method: 'delete',
    path: '/api/admin/db/table/{name}/{id}',
    tag: 'admin',
    access: 'admin',
    summary: 'DB explorer: delete one row; recorded in the audit table.',
    status: 204,
    handle: ({ ctx, params }) => ctx.services.adminDb.remove(userOf(ctx), params.name, params.id),
  }),
  queryRoute(ops.dbAudit, {
    method: 'get',
    path: '/api/admin/db/audit',
    tag: 'admin',
    summary: 'DB explorer: every change made through it, newest first (who, when, table, row, before, after).',
  }),
  queryRoute(ops.metrics, {
    method: 'get',
    path: '/api/admin/metrics',
    tag: 'admin',
    summary:
      'Daily active users and daily signups for each UTC day of the range (30 days unless ?range=7d, 90d or 1y), MRR, ARR and 30-day revenue.',
  }),
  ...devToolsRoutes,
]);

import { z } from 'zod';
import {
  ZAdminSettings,
  ZAdminSettingsUpdate,
  ZAdminSummary,
  ZAdminIdInput,
  ZAdminJobsView,
  ZAdminWaitlistEntry,
  ZKillQueueRequest,
  ZKillQueueResult,
  ZRetryJobRequest,
  ZAdminUsersQuery,
  ZAdminUsersPage,
  ZAdminPodcastsQuery,
  ZAdminPodcastsPage,
  ZAdminSystemStatus,
  ZOutboxMessage,
  ZOutboxQuery,
  ZAdminUserUpdate,
  ZMe,
  ZAdminMusicAsset,
  ZAdminMusicAssetUpdate,
  ZAdminMusicImportRequest,
  ZMusicAssetIdInput,
  ZAdminAuditPage,
  ZAdminMetrics,
  ZAdminMetricsQuery,
  ZAdminAuditQuery,
  ZAdminDbRowResult,
  ZAdminDbRowUpdate,
  ZAdminDbTablePage,
  ZAdminDbTableQuery,
  ZAdminDbTables,
  ZDevToolsStatus,
  ZResetDatabaseRequest,
  ZResetDatabaseResult,
  ZSeedResult,
} from '@ppp/contracts';
import { adminProcedure, router } from '../init.ts';
import { toMe } from '../../../domain/users/users.service.ts';

export const adminRouter = router({
  summary: adminProcedure.output(ZAdminSummary).query(({ ctx }) => ctx.services.adminOverview.summary()),
  status: adminProcedure.output(ZAdminSystemStatus).query(({ ctx }) => ctx.services.adminOverview.status()),
  users: adminProcedure
    .input(ZAdminUsersQuery)
    .output(ZAdminUsersPage)
    .query(({ ctx, input }) => ctx.services.adminDirectory.users(input)),
  podcasts: adminProcedure
    .input(ZAdminPodcastsQuery)
    .output(ZAdminPodcastsPage)
    .query(({ ctx, input }) => ctx.services.adminDirectory.podcasts(input)),
  jobs: adminProcedure.output(ZAdminJobsView).query(({ ctx }) => ctx.services.adminJobs.view()),
  killQueue: adminProcedure
    .input(ZKillQueueRequest)
    .output(ZKillQueueResult)
    .mutation(({ ctx, input }) => ctx.services.adminJobs.kill(input)),
  retryJob: adminProcedure.input(ZRetryJobRequest).mutation(({ ctx, input }) => ctx.services.adminJobs.retry(input)),
  waitlist: adminProcedure.output(z.array(ZAdminWaitlistEntry)).query(({ ctx }) => ctx.services.waitlistAdmin.list()),
  approveWaitlist: adminProcedure.input(ZAdminIdInput).mutation(({ ctx, input }) => ctx.services.waitlistAdmin.approve(input.id)),
  dismissWaitlist: adminProcedure.input(ZAdminIdInput).mutation(({ ctx, input }) => ctx.services.waitlistAdmin.dismiss(input.id)),
  settings: adminProcedure.output(ZAdminSettings).query(({ ctx }) => ctx.services.settings.get()),
  updateSettings: adminProcedure
    .input(ZAdminSettingsUpdate)
    .output(ZAdminSettings)
    .mutation(({ ctx, input }) => ctx.services.settings.update(input)),
  outbox: adminProcedure
    .input(ZOutboxQuery)
    .output(z.array(ZOutboxMessage))
    .query(({ ctx, input }) => ctx.services.mail.findOutbox(input)),
  updateUser: adminProcedure
    .input(ZAdminUserUpdate.extend({ id: z.string().uuid() }))
    .output(ZMe)
    .mutation(async ({ ctx, input }) => {
      const { id, ...patch } = input;
      return toMe(await ctx.services.users.adminUpdate(id, patch), ctx.services.config.TERMS_VERSION);
    }),
  /** The upload is REST only (POST /api/admin/music/assets/upload), for its progress and cancel. */
  musicAssets: adminProcedure.output(z.array(ZAdminMusicAsset)).query(({ ctx }) => ctx.services.musicAdmin.list()),
  importMusicAsset: adminProcedure
    .input(ZAdminMusicImportRequest)
    .output(ZAdminMusicAsset)
    .mutation(({ ctx, input }) => ctx.services.musicAdmin.importUrl(ctx.user, input)),
  updateMusicAsset: adminProcedure
    .input(ZAdminMusicAssetUpdate.extend(ZMusicAssetIdInput.shape))
    .output(ZAdminMusicAsset)
    .mutation(({ ctx, input }) => {
      const { id, ...patch } = input;
      return ctx.services.musicAdmin.update(id, patch);
    }),
  deleteMusicAsset: adminProcedure.input(ZMusicAssetIdInput).mutation(({ ctx, input }) => ctx.services.musicAdmin.remove(input.id)),
  dbTables: adminProcedure.output(ZAdminDbTables).query(({ ctx }) => ctx.services.adminDb.tables()),
  dbTable: adminProcedure
    .input(ZAdminDbTableQuery.extend({ name: z.string().min(1).max(128) }))
    .output(ZAdminDbTablePage)
    .query(({ ctx, input }) => ctx.services.adminDb.page(input.name, input)),
  dbUpdateRow: adminProcedure
    .input(ZAdminDbRowUpdate.extend({ name: z.string().min(1).max(128), id: z.string().min(1).max(200) }))
    .output(ZAdminDbRowResult)
    .mutation(({ ctx, input }) => ctx.services.adminDb.update(ctx.user, input.name, input.id, input)),
  dbDeleteRow: adminProcedure
    .input(z.object({ name: z.string().min(1).max(128), id: z.string().min(1).max(200) }))
    .mutation(({ ctx, input }) => ctx.services.adminDb.remove(ctx.user, input.name, input.id)),
  dbAudit: adminProcedure
    .input(ZAdminAuditQuery)
    .output(ZAdminAuditPage)
    .query(({ ctx, input }) => ctx.services.adminDb.auditLog(input)),
  metrics: adminProcedure
    .input(ZAdminMetricsQuery)
    .output(ZAdminMetrics)
    .query(({ ctx, input }) => ctx.services.adminMetrics.metrics(input)),
  seed: adminProcedure.output(ZSeedResult).mutation(({ ctx }) => ctx.services.demoSeed.seed(ctx.user)),
  devToolsStatus: adminProcedure.output(ZDevToolsStatus).query(({ ctx }) => ctx.services.devTools.status()),
  resetDatabase: adminProcedure
    .input(ZResetDatabaseRequest)
    .output(ZResetDatabaseResult)
    .mutation(({ ctx, input }) => ctx.services.devTools.reset(ctx.user, input)),
});

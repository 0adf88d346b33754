import { z } from 'zod';
import {
  ZAdminSettings,
  ZAdminSummary,
  ZAdminIdInput,
  ZAdminJobsView,
  ZAdminWaitlistEntry,
  ZRetryJobRequest,
  ZAdminSystemStatus,
  ZAdminMusicAsset,
  ZMusicAssetIdInput,
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
import { adminOperations as ops } from '../../operations/admin.operations.ts';
import { mutationOf, queryOf } from '../operation-procedure.ts';

export const adminRouter = router({
  summary: adminProcedure.output(ZAdminSummary).query(({ ctx }) => ctx.services.adminOverview.summary()),
  status: adminProcedure.output(ZAdminSystemStatus).query(({ ctx }) => ctx.services.adminOverview.status()),
  users: queryOf(ops.users),
  podcasts: queryOf(ops.podcasts),
  jobs: adminProcedure.output(ZAdminJobsView).query(({ ctx }) => ctx.services.adminJobs.view()),
  customDomains: queryOf(ops.customDomains),
  killQueuePreview: queryOf(ops.killQueuePreview),
  killQueue: mutationOf(ops.killQueue),
  retryJob: adminProcedure.input(ZRetryJobRequest).mutation(({ ctx, input }) => ctx.services.adminJobs.retry(input)),
  waitlist: adminProcedure.output(z.array(ZAdminWaitlistEntry)).query(({ ctx }) => ctx.services.waitlistAdmin.list()),
  approveWaitlist: adminProcedure.input(ZAdminIdInput).mutation(({ ctx, input }) => ctx.services.waitlistAdmin.approve(input.id)),
  dismissWaitlist: adminProcedure.input(ZAdminIdInput).mutation(({ ctx, input }) => ctx.services.waitlistAdmin.dismiss(input.id)),
  settings: adminProcedure.output(ZAdminSettings).query(({ ctx }) => ctx.services.settings.get()),
  updateSettings: mutationOf(ops.updateSettings),
  outbox: queryOf(ops.outbox),
  updateUser: mutationOf(ops.updateUser),
  /** The upload is REST only (POST /api/admin/music/assets/upload), for its progress and cancel. */
  musicAssets: adminProcedure.output(z.array(ZAdminMusicAsset)).query(({ ctx }) => ctx.services.musicAdmin.list()),
  importMusicAsset: mutationOf(ops.importMusicAsset),
  updateMusicAsset: mutationOf(ops.updateMusicAsset),
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
  dbAudit: queryOf(ops.dbAudit),
  metrics: queryOf(ops.metrics),
  seed: adminProcedure.output(ZSeedResult).mutation(({ ctx }) => ctx.services.demoSeed.seed(ctx.user)),
  devToolsStatus: adminProcedure.output(ZDevToolsStatus).query(({ ctx }) => ctx.services.devTools.status()),
  resetDatabase: adminProcedure
    .input(ZResetDatabaseRequest)
    .output(ZResetDatabaseResult)
    .mutation(({ ctx, input }) => ctx.services.devTools.reset(ctx.user, input)),
});

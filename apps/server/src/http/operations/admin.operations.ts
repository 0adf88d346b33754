import { z } from 'zod';
import {
  ZAdminCustomDomainList,
  ZAdminAuditPage,
  ZAdminAuditQuery,
  ZAdminMetrics,
  ZAdminMetricsQuery,
  ZAdminMusicAsset,
  ZAdminMusicAssetUpdate,
  ZAdminMusicImportRequest,
  ZAdminPodcastsPage,
  ZAdminPodcastsQuery,
  ZAdminSettings,
  ZAdminSettingsUpdate,
  ZAdminUsersPage,
  ZAdminUsersQuery,
  ZAdminUserUpdate,
  ZKillQueuePreview,
  ZKillQueueRequest,
  ZKillQueueResult,
  ZMe,
  ZMusicAssetIdInput,
  ZOutboxMessage,
  ZOutboxQuery,
} from '@ppp/contracts';
import type { Services } from '../../domain/services.ts';
import { toMe } from '../../domain/users/users.service.ts';
import { operation } from '../operation.ts';

/** An admin's call: `run` gets the request's services and the input. */
function adminCall<In extends z.ZodType, Out extends z.ZodType>(
  input: In,
  output: Out,
  run: (services: Services, input: z.output<In>) => Promise<z.input<Out>>,
) {
  return operation({ access: 'admin', input, output, run: (ctx, parsed) => run(ctx.services, parsed) });
}

/** The admin panel's calls that the REST table and the admin router share. */
export const adminOperations = {
  users: adminCall(ZAdminUsersQuery, ZAdminUsersPage, (services, input) => services.adminDirectory.users(input)),
  podcasts: adminCall(ZAdminPodcastsQuery, ZAdminPodcastsPage, (services, input) => services.adminDirectory.podcasts(input)),
  /** Issue 35: every claimed custom domain with its owner, state and last check. */
  customDomains: adminCall(z.object({}), ZAdminCustomDomainList, (services) => services.customDomains.adminList()),
  killQueuePreview: adminCall(ZKillQueueRequest, ZKillQueuePreview, (services, input) => services.adminJobs.killPreview(input)),
  killQueue: operation({
    access: 'admin',
    input: ZKillQueueRequest,
    output: ZKillQueueResult,
    run: (ctx, input) => ctx.services.adminJobs.kill(ctx.user, input),
  }),
  updateSettings: adminCall(ZAdminSettingsUpdate, ZAdminSettings, (services, input) => services.settings.update(input)),
  outbox: adminCall(ZOutboxQuery, z.array(ZOutboxMessage), (services, input) => services.mail.findOutbox(input)),
  updateUser: operation({
    access: 'admin',
    input: ZAdminUserUpdate.extend({ id: z.string().uuid() }),
    output: ZMe,
    run: async (ctx, { id, ...patch }) => {
      const user = await ctx.services.users.adminUpdate(id, patch);
      // A plan change re-checks the account's custom domains at once (issue 35: the grace period starts now).
      if (patch.tier !== undefined || patch.subscription_expires_at !== undefined) await ctx.services.customDomains.recheck(id);
      return toMe(user, ctx.services.config.TERMS_VERSION);
    },
  }),
  importMusicAsset: operation({
    access: 'admin',
    input: ZAdminMusicImportRequest,
    output: ZAdminMusicAsset,
    run: (ctx, input) => ctx.services.musicAdmin.importUrl(ctx.user, input),
  }),
  updateMusicAsset: operation({
    access: 'admin',
    input: ZAdminMusicAssetUpdate.extend(ZMusicAssetIdInput.shape),
    output: ZAdminMusicAsset,
    run: (ctx, { id, ...patch }) => ctx.services.musicAdmin.update(id, patch),
  }),
  dbAudit: adminCall(ZAdminAuditQuery, ZAdminAuditPage, (services, input) => services.adminDb.auditLog(input)),
  metrics: adminCall(ZAdminMetricsQuery, ZAdminMetrics, (services, input) => services.adminMetrics.metrics(input)),
};

import {
  ZBillingOverview,
  ZCheckoutRequest,
  ZCheckoutResponse,
  ZCheckoutResult,
  ZLedgerEntry,
  ZMinutesPrecheck,
  ZMinutesPrecheckRequest,
  ZPortalResponse,
  ZRevenueMetrics,
  ZSessionIdQuery,
  ZSubscription,
  ZTierConfig,
  ZTierConfigUpdate,
  ZUsage,
} from '@ppp/contracts';
import { actingIn, activeProcedure, adminProcedure, router } from '../init.ts';
import { editsIn } from '../../workspace.ts';

/**
 * Twins of /api/billing/* (usage, subscription, checkout, checkout_result, force_sync_session, portal),
 * /api/episodes/precheck/minutes (answers allowed false instead of 402), /api/admin/tiers and
 * /api/admin/billing/overview; plus the minutes ledger and the admin metrics' revenue figures.
 */
export const billingRouter = router({
  usage: activeProcedure.output(ZUsage).query(({ ctx }) => ctx.services.usage.usage(ctx.user)),
  precheckMinutes: actingIn(editsIn(), ZMinutesPrecheckRequest)
    .output(ZMinutesPrecheck)
    .mutation(({ ctx, input }) => ctx.services.usage.precheck(ctx.user, input)),
  subscription: activeProcedure.output(ZSubscription).query(({ ctx }) => ctx.services.subscriptions.subscription(ctx.user)),
  ledger: activeProcedure.output(ZLedgerEntry.array()).query(({ ctx }) => ctx.services.subscriptions.ledger(ctx.user)),
  checkout: activeProcedure
    .input(ZCheckoutRequest)
    .output(ZCheckoutResponse)
    .mutation(({ ctx, input }) => ctx.services.checkout.checkout(ctx.user, input)),
  checkoutResult: activeProcedure
    .input(ZSessionIdQuery)
    .output(ZCheckoutResult)
    .query(({ ctx, input }) => ctx.services.checkout.checkoutResult(ctx.user, input.session_id)),
  forceSyncSession: activeProcedure
    .input(ZSessionIdQuery)
    .output(ZCheckoutResult)
    .mutation(({ ctx, input }) => ctx.services.checkout.forceSync(ctx.user, input.session_id)),
  portal: activeProcedure.output(ZPortalResponse).mutation(({ ctx }) => ctx.services.checkout.portal(ctx.user)),
  startTrial: activeProcedure.output(ZSubscription).mutation(({ ctx }) => ctx.services.subscriptions.startTrial(ctx.user)),
  tiers: adminProcedure.output(ZTierConfig).query(({ ctx }) => ctx.services.tiers.config()),
  updateTiers: adminProcedure
    .input(ZTierConfigUpdate)
    .output(ZTierConfig)
    .mutation(({ ctx, input }) => ctx.services.tiers.update(input)),
  overview: adminProcedure.output(ZBillingOverview).query(({ ctx }) => ctx.services.subscriptions.overview()),
  revenueMetrics: adminProcedure.output(ZRevenueMetrics).query(({ ctx }) => ctx.services.subscriptions.revenueMetrics()),
});

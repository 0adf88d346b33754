import { ZMinutesPrecheck, ZMinutesPrecheckRequest, ZTierConfig, ZTierConfigUpdate, ZUsage } from '@ppp/contracts';
import { activeProcedure, adminProcedure, router } from '../init.ts';

/** Twins of /api/billing/usage, /api/episodes/precheck/minutes (answers allowed false instead of 402) and /api/admin/tiers. */
export const billingRouter = router({
  usage: activeProcedure.output(ZUsage).query(({ ctx }) => ctx.services.usage.usage(ctx.user)),
  precheckMinutes: activeProcedure
    .input(ZMinutesPrecheckRequest)
    .output(ZMinutesPrecheck)
    .mutation(({ ctx, input }) => ctx.services.usage.precheck(ctx.user, input)),
  tiers: adminProcedure.output(ZTierConfig).query(({ ctx }) => ctx.services.tiers.config()),
  updateTiers: adminProcedure
    .input(ZTierConfigUpdate)
    .output(ZTierConfig)
    .mutation(({ ctx, input }) => ctx.services.tiers.update(input)),
});

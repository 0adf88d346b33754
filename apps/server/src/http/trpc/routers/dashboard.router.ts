import { ZDashboardStats } from '@ppp/contracts';
import { activeProcedure, router } from '../init.ts';

/** The dashboard's statistics (spec 002 §2.4, §3). */
export const dashboardRouter = router({
  stats: activeProcedure.output(ZDashboardStats).query(({ ctx }) => ctx.services.dashboard.stats(ctx.user)),
});

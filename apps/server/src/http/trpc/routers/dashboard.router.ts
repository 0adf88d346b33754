import { ZDashboardStats } from '@ppp/contracts';
import { actingInWorkspace, router } from '../init.ts';
import { readsIn } from '../../workspace.ts';
import { chosenShows } from '../../workspace-rules.ts';

/** The dashboard's statistics (spec 002 §2.4, §3). */
export const dashboardRouter = router({
  stats: actingInWorkspace(readsIn())
    .output(ZDashboardStats)
    .query(({ ctx }) => ctx.services.dashboard.stats(ctx.user, new Date(), chosenShows(ctx))),
});

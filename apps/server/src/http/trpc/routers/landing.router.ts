import { ZLandingContent, ZLandingContentUpdate, ZPublicEpisodes } from '@ppp/contracts';
import { adminProcedure, publicProcedure, router } from '../init.ts';

/** Landing content and recent episodes; the twin of rest/landing.routes.ts. */
export const landingRouter = router({
  content: publicProcedure.output(ZLandingContent).query(({ ctx }) => ctx.services.landing.getContent()),
  episodes: publicProcedure.output(ZPublicEpisodes).query(({ ctx }) => ctx.services.landing.findRecentPublishedEpisodes()),
  adminContent: adminProcedure.output(ZLandingContent).query(({ ctx }) => ctx.services.landing.getContent()),
  update: adminProcedure
    .input(ZLandingContentUpdate)
    .output(ZLandingContent)
    .mutation(({ ctx, input }) => ctx.services.landing.update(input)),
});

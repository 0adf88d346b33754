import { ZMe, ZUpdatePrefsRequest } from '@ppp/contracts';
import { activeProcedure, router, userProcedure } from '../init.ts';
import { toMe } from '../../../domain/users/users.service.ts';

export const usersRouter = router({
  me: userProcedure.output(ZMe).query(({ ctx }) => toMe(ctx.user, ctx.services.config.TERMS_VERSION)),
  updatePrefs: activeProcedure
    .input(ZUpdatePrefsRequest)
    .output(ZMe)
    .mutation(async ({ ctx, input }) => toMe(await ctx.services.users.updatePrefs(ctx.user, input), ctx.services.config.TERMS_VERSION)),
});

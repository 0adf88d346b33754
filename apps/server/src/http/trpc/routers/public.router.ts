import { ZPublicConfig, ZWaitlistRequest } from '@ppp/contracts';
import { publicProcedure, router } from '../init.ts';

export const publicRouter = router({
  config: publicProcedure.output(ZPublicConfig).query(({ ctx }) => ctx.services.publicConfig.get()),
  waitlist: publicProcedure.input(ZWaitlistRequest).mutation(async ({ ctx, input }) => {
    await ctx.services.waitlist.request(input, ctx.user, ctx.clientIp);
    return { ok: true as const };
  }),
});

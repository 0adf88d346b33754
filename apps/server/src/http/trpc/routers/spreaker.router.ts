import { z } from 'zod';
import { ZMappedSpreakerShow, ZSpreakerCategories, ZSpreakerConnectTicket, ZSpreakerShows, ZSpreakerStatus } from '@ppp/contracts';
import { activeProcedure, router } from '../init.ts';

/** The Spreaker connection and the show data the podcast screens read from it. */
export const spreakerRouter = router({
  status: activeProcedure.output(ZSpreakerStatus).query(({ ctx }) => ctx.services.spreaker.status(ctx.user)),
  /** The popup's one-time ticket for /api/auth/spreaker/start (never the session token in a URL). */
  connectTicket: activeProcedure.output(ZSpreakerConnectTicket).mutation(({ ctx }) => ctx.services.spreaker.connectTicket(ctx.user)),
  disconnect: activeProcedure.mutation(async ({ ctx }) => {
    await ctx.services.spreaker.disconnect(ctx.user);
    return { ok: true as const };
  }),
  shows: activeProcedure.output(ZSpreakerShows).query(({ ctx }) => ctx.services.spreaker.shows(ctx.user)),
  mappedShow: activeProcedure
    .input(z.object({ show_id: z.string() }))
    .output(ZMappedSpreakerShow)
    .query(({ ctx, input }) => ctx.services.spreaker.mappedShow(ctx.user, input.show_id)),
  categories: activeProcedure.output(ZSpreakerCategories).query(({ ctx }) => ctx.services.spreaker.categories(ctx.user)),
});

import { z } from 'zod';
import {
  ZEditContext,
  ZEpisode,
  ZEpisodeListQuery,
  ZEpisodeUpdateInput,
  ZFlubberApplyInput,
  ZFlubberApplyResponse,
  ZFlubberContexts,
  ZManualEditCommitInput,
  ZManualEditCommitResponse,
  ZRetryResponse,
} from '@ppp/contracts';
import { activeProcedure, router } from '../init.ts';

const ZEpisodeIdInput = z.object({ id: z.uuid() });

/** Episode History, the manual editor and the Flubber review panel: the twins of the REST paths of spec 001 §7. */
export const episodesRouter = router({
  // Its items are built from the contract's types; validating 500 of them again on the way out cost a quarter of the call.
  page: activeProcedure.input(ZEpisodeListQuery).query(({ ctx, input }) => ctx.services.episodes.page(ctx.user, input)),
  get: activeProcedure
    .input(ZEpisodeIdInput)
    .output(ZEpisode)
    .query(({ ctx, input }) => ctx.services.episodes.get(ctx.user, input.id)),
  update: activeProcedure
    .input(ZEpisodeUpdateInput)
    .output(ZEpisode)
    .mutation(({ ctx, input }) => {
      const { id, ...body } = input;
      return ctx.services.episodes.update(ctx.user, id, body);
    }),
  delete: activeProcedure
    .input(ZEpisodeIdInput)
    .output(z.object({ ok: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      await ctx.services.episodes.delete(ctx.user, input.id);
      return { ok: true as const };
    }),
  retry: activeProcedure
    .input(ZEpisodeIdInput)
    .output(ZRetryResponse)
    .mutation(({ ctx, input }) => ctx.services.episodes.retry(ctx.user, input.id)),
  editContext: activeProcedure
    .input(ZEpisodeIdInput)
    .output(ZEditContext)
    .query(({ ctx, input }) => ctx.services.manualEdit.context(ctx.user, input.id)),
  commitManualEdit: activeProcedure
    .input(ZManualEditCommitInput)
    .output(ZManualEditCommitResponse)
    .mutation(({ ctx, input }) => ctx.services.manualEdit.commit(ctx.user, input.id, { cuts: input.cuts })),
  flubberPrepare: activeProcedure
    .input(ZEpisodeIdInput)
    .output(ZFlubberContexts)
    .mutation(({ ctx, input }) => ctx.services.flubberReview.prepare(ctx.user, input.id)),
  flubberContexts: activeProcedure
    .input(ZEpisodeIdInput)
    .output(ZFlubberContexts)
    .query(({ ctx, input }) => ctx.services.flubberReview.contexts(ctx.user, input.id)),
  flubberApply: activeProcedure
    .input(ZFlubberApplyInput)
    .output(ZFlubberApplyResponse)
    .mutation(({ ctx, input }) => ctx.services.flubberReview.apply(ctx.user, input.id, input.cuts)),
});

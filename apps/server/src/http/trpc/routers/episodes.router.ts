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
import { actingIn, router } from '../init.ts';
import { readsIn, editsIn } from '../../workspace.ts';
import { chosenShows, episodeAt, showAt } from '../../workspace-rules.ts';

const ZEpisodeIdInput = z.object({ id: z.uuid() });

/** Episode History, the manual editor and the Flubber review panel: the twins of the REST paths of spec 001 §7. */
export const episodesRouter = router({
  // Its items are built from the contract's types; validating 500 of them again on the way out cost a quarter of the call.
  page: actingIn(readsIn(showAt('podcast_id')), ZEpisodeListQuery).query(({ ctx, input }) =>
    ctx.services.episodes.page(ctx.user, input, chosenShows(ctx)),
  ),
  get: actingIn(readsIn(episodeAt()), ZEpisodeIdInput)
    .output(ZEpisode)
    .query(({ ctx, input }) => ctx.services.episodes.get(ctx.user, input.id)),
  update: actingIn(editsIn(episodeAt()), ZEpisodeUpdateInput)
    .output(ZEpisode)
    .mutation(({ ctx, input }) => {
      const { id, ...body } = input;
      return ctx.services.episodes.update(ctx.user, id, body);
    }),
  delete: actingIn(editsIn(episodeAt()), ZEpisodeIdInput)
    .output(z.object({ ok: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      await ctx.services.episodes.delete(ctx.user, input.id);
      return { ok: true as const };
    }),
  retry: actingIn(editsIn(episodeAt()), ZEpisodeIdInput)
    .output(ZRetryResponse)
    .mutation(({ ctx, input }) => ctx.services.episodes.retry(ctx.user, input.id)),
  editContext: actingIn(readsIn(episodeAt()), ZEpisodeIdInput)
    .output(ZEditContext)
    .query(({ ctx, input }) => ctx.services.manualEdit.context(ctx.user, input.id)),
  commitManualEdit: actingIn(editsIn(episodeAt()), ZManualEditCommitInput)
    .output(ZManualEditCommitResponse)
    .mutation(({ ctx, input }) => ctx.services.manualEdit.commit(ctx.user, input.id, { cuts: input.cuts })),
  flubberPrepare: actingIn(editsIn(episodeAt()), ZEpisodeIdInput)
    .output(ZFlubberContexts)
    .mutation(({ ctx, input }) => ctx.services.flubberReview.prepare(ctx.user, input.id)),
  flubberContexts: actingIn(readsIn(episodeAt()), ZEpisodeIdInput)
    .output(ZFlubberContexts)
    .query(({ ctx, input }) => ctx.services.flubberReview.contexts(ctx.user, input.id)),
  flubberApply: actingIn(editsIn(episodeAt()), ZFlubberApplyInput)
    .output(ZFlubberApplyResponse)
    .mutation(({ ctx, input }) => ctx.services.flubberReview.apply(ctx.user, input.id, input.cuts)),
});

import {
  ZEpisodeIdInput,
  ZEpisodePlays,
  ZPlaysQuery,
  ZPublishInput,
  ZPublishStatus,
  ZSetVisibilityInput,
  ZShowPlays,
  ZUnpublishInput,
} from '@ppp/contracts';
import { activeProcedure, router } from '../init.ts';

/** Publish, schedule, unpublish, republish and plays (spec 001 §4, §7). */
export const publishingRouter = router({
  publish: activeProcedure
    .input(ZPublishInput)
    .output(ZPublishStatus)
    .mutation(({ ctx, input }) => {
      const { id, ...body } = input;
      return ctx.services.publishing.publish(ctx.user, id, body);
    }),
  status: activeProcedure
    .input(ZEpisodeIdInput)
    .output(ZPublishStatus)
    .query(({ ctx, input }) => ctx.services.publishing.status(ctx.user, input.id)),
  unpublish: activeProcedure
    .input(ZUnpublishInput)
    .output(ZPublishStatus)
    .mutation(({ ctx, input }) => ctx.services.publishing.unpublish(ctx.user, input.id, { force: input.force })),
  setVisibility: activeProcedure
    .input(ZSetVisibilityInput)
    .output(ZPublishStatus)
    .mutation(({ ctx, input }) => ctx.services.publishing.setVisibility(ctx.user, input.id, input.visibility)),
  republish: activeProcedure
    .input(ZEpisodeIdInput)
    .output(ZPublishStatus)
    .mutation(({ ctx, input }) => ctx.services.publishing.republish(ctx.user, input.id)),
  episodePlays: activeProcedure
    .input(ZPlaysQuery)
    .output(ZEpisodePlays)
    .query(({ ctx, input }) => ctx.services.analytics.episodePlays(ctx.user, input)),
  showPlays: activeProcedure
    .input(ZPlaysQuery)
    .output(ZShowPlays)
    .query(({ ctx, input }) => ctx.services.analytics.showPlays(ctx.user, input)),
});

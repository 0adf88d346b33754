import { ZEpisodeIdInput, ZEpisodePlays, ZPlaysQuery, ZPublishInput, ZPublishStatus, ZShowPlays, ZUnpublishInput } from '@ppp/contracts';
import { operation } from '../operation.ts';

/** Publish, schedule, unpublish, republish and plays (spec 001 §4, §7). */
export const publishingOperations = {
  publish: operation({
    access: 'active',
    input: ZPublishInput,
    output: ZPublishStatus,
    run: (ctx, { id, ...body }) => ctx.services.publishing.publish(ctx.user, id, body),
  }),
  status: operation({
    access: 'active',
    input: ZEpisodeIdInput,
    output: ZPublishStatus,
    run: (ctx, input) => ctx.services.publishing.status(ctx.user, input.id),
  }),
  unpublish: operation({
    access: 'active',
    input: ZUnpublishInput,
    output: ZPublishStatus,
    run: (ctx, input) => ctx.services.publishing.unpublish(ctx.user, input.id, { force: input.force }),
  }),
  republish: operation({
    access: 'active',
    input: ZEpisodeIdInput,
    output: ZPublishStatus,
    run: (ctx, input) => ctx.services.publishing.republish(ctx.user, input.id),
  }),
  episodePlays: operation({
    access: 'active',
    input: ZPlaysQuery,
    output: ZEpisodePlays,
    run: (ctx, input) => ctx.services.analytics.episodePlays(ctx.user, input),
  }),
  showPlays: operation({
    access: 'active',
    input: ZPlaysQuery,
    output: ZShowPlays,
    run: (ctx, input) => ctx.services.analytics.showPlays(ctx.user, input),
  }),
};

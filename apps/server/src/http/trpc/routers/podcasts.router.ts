import { z } from 'zod';
import {
  ZChecklistItem,
  ZChecklistResponse,
  ZChecklistUpdateRequest,
  ZCreateSpreakerShowRequest,
  ZCreateSpreakerShowResponse,
  ZFeedCheck,
  ZLinkSpreakerShowRequest,
  ZPodcast,
  ZPodcastIdInput,
  ZPodcastList,
  ZPodcastSummary,
  ZPublishAllRequest,
  ZPublishAllResponse,
  ZShowEpisodeList,
} from '@ppp/contracts';
import { activeProcedure, router } from '../init.ts';
import { createPodcast, updatePodcast } from './podcast-save.procedures.ts';

const withPodcast = <T extends z.ZodRawShape>(shape: T) => z.object({ id: z.uuid(), ...shape });

export const podcastsRouter = router({
  list: activeProcedure.output(ZPodcastList).query(({ ctx }) => ctx.services.podcasts.listDtos(ctx.user)),
  get: activeProcedure
    .input(ZPodcastIdInput)
    .output(ZPodcast)
    .query(({ ctx, input }) => ctx.services.podcasts.getDto(ctx.user, input.id)),
  create: createPodcast,
  update: updatePodcast,
  delete: activeProcedure.input(ZPodcastIdInput).mutation(async ({ ctx, input }) => {
    await ctx.services.podcasts.delete(ctx.user, input.id);
    return { ok: true as const };
  }),
  summary: activeProcedure
    .input(ZPodcastIdInput)
    .output(ZPodcastSummary)
    .query(({ ctx, input }) => ctx.services.showEpisodes.summary(ctx.user, input.id)),
  episodes: activeProcedure
    .input(ZPodcastIdInput)
    .output(ZShowEpisodeList)
    .query(({ ctx, input }) => ctx.services.showEpisodes.list(ctx.user, input.id)),
  feedCheck: activeProcedure
    .input(ZPodcastIdInput)
    .output(ZFeedCheck)
    .query(({ ctx, input }) => ctx.services.feedCheck.check(ctx.user, input.id)),
  checklist: activeProcedure
    .input(ZPodcastIdInput)
    .output(ZChecklistResponse)
    .query(({ ctx, input }) => ctx.services.distribution.checklist(ctx.user, input.id)),
  updateChecklistItem: activeProcedure
    .input(withPodcast({ key: z.string(), ...ZChecklistUpdateRequest.shape }))
    .output(ZChecklistItem)
    .mutation(({ ctx, input }) =>
      ctx.services.distribution.update(ctx.user, input.id, input.key, { status: input.status, notes: input.notes }),
    ),
  linkSpreakerShow: activeProcedure
    .input(withPodcast(ZLinkSpreakerShowRequest.shape))
    .output(ZPodcast)
    .mutation(({ ctx, input }) => ctx.services.hostShows.link(ctx.user, input.id, { show_id: input.show_id })),
  createSpreakerShow: activeProcedure
    .input(withPodcast(ZCreateSpreakerShowRequest.shape))
    .output(ZCreateSpreakerShowResponse)
    .mutation(({ ctx, input }) => {
      const { id, ...body } = input;
      return ctx.services.hostShows.create(ctx.user, id, body);
    }),
  useBuiltinHost: activeProcedure
    .input(ZPodcastIdInput)
    .output(ZPodcast)
    .mutation(({ ctx, input }) => ctx.services.hostShows.useBuiltin(ctx.user, input.id)),
  publishAll: activeProcedure
    .input(withPodcast(ZPublishAllRequest.shape))
    .output(ZPublishAllResponse)
    .mutation(({ ctx, input }) => {
      const { id, ...body } = input;
      return ctx.services.publishAll.publishAll(ctx.user, id, body);
    }),
});

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
import { actingIn, actingInWorkspace, router } from '../init.ts';
import { createPodcast, updatePodcast } from './podcast-save.procedures.ts';
import { managesIn, readsIn, showVisible } from '../../workspace.ts';
import { showAt } from '../../workspace-rules.ts';

const withPodcast = <T extends z.ZodRawShape>(shape: T) => z.object({ id: z.uuid(), ...shape });

export const podcastsRouter = router({
  list: actingInWorkspace(readsIn())
    .output(ZPodcastList)
    .query(async ({ ctx }) => (await ctx.services.podcasts.listDtos(ctx.user)).filter((show) => showVisible(ctx, show.id))),
  get: actingIn(readsIn(showAt()), ZPodcastIdInput)
    .output(ZPodcast)
    .query(({ ctx, input }) => ctx.services.podcasts.getDto(ctx.user, input.id)),
  create: createPodcast,
  update: updatePodcast,
  delete: actingIn(managesIn(showAt()), ZPodcastIdInput).mutation(async ({ ctx, input }) => {
    await ctx.services.podcasts.delete(ctx.user, input.id);
    return { ok: true as const };
  }),
  summary: actingIn(readsIn(showAt()), ZPodcastIdInput)
    .output(ZPodcastSummary)
    .query(({ ctx, input }) => ctx.services.showEpisodes.summary(ctx.user, input.id)),
  episodes: actingIn(readsIn(showAt()), ZPodcastIdInput)
    .output(ZShowEpisodeList)
    .query(({ ctx, input }) => ctx.services.showEpisodes.list(ctx.user, input.id)),
  feedCheck: actingIn(readsIn(showAt()), ZPodcastIdInput)
    .output(ZFeedCheck)
    .query(({ ctx, input }) => ctx.services.feedCheck.check(ctx.user, input.id)),
  checklist: actingIn(readsIn(showAt()), ZPodcastIdInput)
    .output(ZChecklistResponse)
    .query(({ ctx, input }) => ctx.services.distribution.checklist(ctx.user, input.id)),
  updateChecklistItem: actingIn(managesIn(showAt()), withPodcast({ key: z.string(), ...ZChecklistUpdateRequest.shape }))
    .output(ZChecklistItem)
    .mutation(({ ctx, input }) =>
      ctx.services.distribution.update(ctx.user, input.id, input.key, { status: input.status, notes: input.notes }),
    ),
  linkSpreakerShow: actingIn(managesIn(showAt()), withPodcast(ZLinkSpreakerShowRequest.shape))
    .output(ZPodcast)
    .mutation(({ ctx, input }) => ctx.services.hostShows.link(ctx.user, input.id, { show_id: input.show_id })),
  createSpreakerShow: actingIn(managesIn(showAt()), withPodcast(ZCreateSpreakerShowRequest.shape))
    .output(ZCreateSpreakerShowResponse)
    .mutation(({ ctx, input }) => {
      const { id, ...body } = input;
      return ctx.services.hostShows.create(ctx.user, id, body);
    }),
  useBuiltinHost: actingIn(managesIn(showAt()), ZPodcastIdInput)
    .output(ZPodcast)
    .mutation(({ ctx, input }) => ctx.services.hostShows.useBuiltin(ctx.user, input.id)),
  publishAll: actingIn(managesIn(showAt()), withPodcast(ZPublishAllRequest.shape))
    .output(ZPublishAllResponse)
    .mutation(({ ctx, input }) => {
      const { id, ...body } = input;
      return ctx.services.publishAll.publishAll(ctx.user, id, body);
    }),
});

import { ZPodcast, ZPodcastIdInput, ZPodcastList } from '@ppp/contracts';
import { activeProcedure, router } from '../init.ts';

export const podcastsRouter = router({
  list: activeProcedure.output(ZPodcastList).query(({ ctx }) => ctx.services.podcasts.listDtos(ctx.user)),
  get: activeProcedure.input(ZPodcastIdInput).output(ZPodcast).query(({ ctx, input }) => ctx.services.podcasts.getDto(ctx.user, input.id)),
});

import { ZPodcast, ZPodcastList } from '@ppp/contracts';
import { userOf } from '../request-context.ts';
import { defineRoutes } from './route.ts';

export const podcastRoutes = defineRoutes([
  {
    method: 'get', path: '/api/podcasts/', tag: 'podcasts', access: 'active',
    summary: 'Your shows, oldest first.', response: ZPodcastList,
    handle: ({ ctx }) => ctx.services.podcasts.listDtos(userOf(ctx)),
  },
  {
    method: 'get', path: '/api/podcasts/{id}', tag: 'podcasts', access: 'active',
    summary: 'One of your shows (404 when it is not yours).', response: ZPodcast,
    handle: ({ ctx, params }) => ctx.services.podcasts.getDto(userOf(ctx), params.id ?? ''),
  },
]);

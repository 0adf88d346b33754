import { ZLandingContent, ZLandingContentUpdate, ZPublicEpisodes } from '@ppp/contracts';
import { defineRoutes, route } from './route.ts';

/** Landing page content and recent episodes (spec 002 sections 2.5 and 7). */
export const landingRoutes = defineRoutes([
  route({
    method: 'get',
    path: '/api/public/landing',
    tag: 'public',
    access: 'public',
    summary: 'Landing content: hero HTML (sanitised), reviews and FAQs, with the built-in defaults.',
    response: ZLandingContent,
    handle: ({ ctx }) => ctx.services.landing.getContent(),
  }),
  route({
    method: 'get',
    path: '/api/public/episodes',
    tag: 'public',
    access: 'public',
    summary: 'Recent published episodes for the landing page (empty until episodes are hosted).',
    response: ZPublicEpisodes,
    handle: ({ ctx }) => ctx.services.landing.findRecentPublishedEpisodes(),
  }),
  route({
    method: 'get',
    path: '/api/admin/landing',
    tag: 'admin',
    access: 'admin',
    summary: 'Landing content for the front page editor.',
    response: ZLandingContent,
    handle: ({ ctx }) => ctx.services.landing.getContent(),
  }),
  route({
    method: 'put',
    path: '/api/admin/landing',
    tag: 'admin',
    access: 'admin',
    summary: 'Replace the landing content: empty entries dropped, ratings clamped 0-5, at least one review and one FAQ.',
    body: { schema: ZLandingContentUpdate },
    response: ZLandingContent,
    handle: ({ ctx, body }) => ctx.services.landing.update(body),
  }),
]);

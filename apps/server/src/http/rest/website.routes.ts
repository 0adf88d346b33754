import { z } from 'zod';
import { ZWebsite, ZWebsiteChatRequest, ZWebsiteChatResponse, ZWebsiteDomainRequest, ZWebsiteVersionList } from '@ppp/contracts';
import { userOf } from '../request-context.ts';
import { defineRoutes, route } from './route.ts';

const tag = 'website';

/** Spec 002 §7 'Website builder' and what the guide promises: the same service as the tRPC procedures. Owner only; others 404. */
export const websiteRoutes = defineRoutes([
  route({
    method: 'get',
    path: '/api/podcasts/{id}/website',
    tag,
    access: 'active',
    summary: 'The show’s website (404 means no site yet).',
    response: ZWebsite,
    handle: ({ ctx, params }) => ctx.services.websites.get(userOf(ctx), params.id),
  }),
  route({
    method: 'post',
    path: '/api/podcasts/{id}/website',
    tag,
    access: 'active',
    summary: 'Create the site, or refresh its layout from the show’s current data (a new version).',
    response: ZWebsite,
    handle: ({ ctx, params }) => ctx.services.websites.generate(userOf(ctx), params.id),
  }),
  route({
    method: 'post',
    path: '/api/podcasts/{id}/website/chat',
    tag,
    access: 'active',
    summary: 'Change the site in plain words: the updated layout and a short reply saying what changed.',
    body: { schema: ZWebsiteChatRequest },
    response: ZWebsiteChatResponse,
    handle: ({ ctx, params, body }) => ctx.services.websites.chat(userOf(ctx), params.id, body),
  }),
  route({
    method: 'patch',
    path: '/api/podcasts/{id}/website/domain',
    tag,
    access: 'active',
    summary: 'Set a custom domain (Pro and above; point a CNAME at cname_target), or blank to use the default domain.',
    body: { schema: ZWebsiteDomainRequest },
    response: ZWebsite,
    handle: ({ ctx, params, body }) => ctx.services.websites.setDomain(userOf(ctx), params.id, body),
  }),
  route({
    method: 'post',
    path: '/api/podcasts/{id}/website/publish',
    tag,
    access: 'active',
    summary: 'Publish the draft: it goes live at once at public_url.',
    response: ZWebsite,
    handle: ({ ctx, params }) => ctx.services.websites.publish(userOf(ctx), params.id),
  }),
  route({
    method: 'get',
    path: '/api/podcasts/{id}/website/versions',
    tag,
    access: 'active',
    summary: 'Every saved version (generate, chat change, publish, restore), newest first.',
    response: ZWebsiteVersionList,
    handle: ({ ctx, params }) => ctx.services.websites.versions(userOf(ctx), params.id),
  }),
  route({
    method: 'post',
    path: '/api/podcasts/{id}/website/undo',
    tag,
    access: 'active',
    summary: 'Undo the last change (409 when there is nothing to undo).',
    response: ZWebsite,
    handle: ({ ctx, params }) => ctx.services.websites.undo(userOf(ctx), params.id),
  }),
  route({
    method: 'post',
    path: '/api/podcasts/{id}/website/versions/{version}/restore',
    tag,
    access: 'active',
    summary: 'Restore an earlier version (saved as a new version, so it can be undone).',
    params: z.object({ id: z.string(), version: z.coerce.number().int().min(1) }),
    response: ZWebsite,
    handle: ({ ctx, params }) => ctx.services.websites.restore(userOf(ctx), params.id, params.version),
  }),
  route({
    method: 'get',
    path: '/api/podcasts/{id}/website/preview',
    tag,
    access: 'active',
    summary: 'The draft as HTML, for its owner only (never indexed).',
    handle: async ({ ctx, params, c }) => {
      const html = await ctx.services.sitePages.preview(userOf(ctx), params.id);
      return c.html(html, 200, { 'x-robots-tag': 'noindex' });
    },
  }),
]);

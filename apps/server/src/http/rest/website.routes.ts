import { z } from 'zod';
import { ZWebsiteChatRequest, ZWebsiteDomainRequest } from '@ppp/contracts';
import { userOf } from '../request-context.ts';
import { websiteOperations as ops } from '../operations/website.operations.ts';
import { pathRoute } from './operation-route.ts';
import { defineRoutes, route } from './route.ts';
import { readsIn } from '../workspace.ts';
import { showAt } from '../workspace-rules.ts';

const tag = 'website';
/** The show the path names, as the operations take it. */
const showOf = ({ id }: { id: string }) => ({ podcast_id: id });

/** Spec 002 §7 'Website builder' and what the guide promises: the same service as the tRPC procedures. Owner only; others 404. */
export const websiteRoutes = defineRoutes([
  pathRoute(ops.get, {
    method: 'get',
    path: '/api/podcasts/{id}/website',
    tag,
    summary: 'The show’s website (404 means no site yet).',
    input: showOf,
  }),
  pathRoute(ops.generate, {
    method: 'post',
    path: '/api/podcasts/{id}/website',
    tag,
    summary: 'Create the site, or refresh its layout from the show’s current data (a new version).',
    input: showOf,
  }),
  pathRoute(ops.chat, {
    method: 'post',
    path: '/api/podcasts/{id}/website/chat',
    tag,
    summary: 'Change the site in plain words: the updated layout and a short reply saying what changed.',
    body: { schema: ZWebsiteChatRequest },
    input: ({ id }, body) => ({ ...body, podcast_id: id }),
  }),
  pathRoute(ops.setDomain, {
    method: 'patch',
    path: '/api/podcasts/{id}/website/domain',
    tag,
    summary:
      'Claim a custom domain (Pro and above; point a CNAME at cname_target): pending until proven by the TXT record or HTTP challenge in domain_status; blank releases it.',
    body: { schema: ZWebsiteDomainRequest },
    input: ({ id }, body) => ({ ...body, podcast_id: id }),
  }),
  pathRoute(ops.verifyDomain, {
    method: 'post',
    path: '/api/podcasts/{id}/website/domain/verify',
    tag,
    summary:
      'Look for the custom domain’s proof now (TXT record _ppp-challenge.{domain}, or the HTTP challenge); the answer says its state.',
    input: showOf,
  }),
  pathRoute(ops.publish, {
    method: 'post',
    path: '/api/podcasts/{id}/website/publish',
    tag,
    summary: 'Publish the draft: it goes live at once at public_url.',
    input: showOf,
  }),
  pathRoute(ops.versions, {
    method: 'get',
    path: '/api/podcasts/{id}/website/versions',
    tag,
    summary: 'Every saved version (generate, chat change, publish, restore), newest first.',
    input: showOf,
  }),
  pathRoute(ops.undo, {
    method: 'post',
    path: '/api/podcasts/{id}/website/undo',
    tag,
    summary: 'Undo the last change (409 when there is nothing to undo).',
    input: showOf,
  }),
  pathRoute(ops.restore, {
    method: 'post',
    path: '/api/podcasts/{id}/website/versions/{version}/restore',
    tag,
    summary: 'Restore an earlier version (saved as a new version, so it can be undone).',
    params: z.object({ id: z.string(), version: z.coerce.number().int().min(1) }),
    input: ({ id, version }) => ({ podcast_id: id, version }),
  }),
  route({
    method: 'get',
    path: '/api/podcasts/{id}/website/preview',
    produces: ['text/html'],
    workspace: readsIn(showAt()),
    tag,
    access: 'active',
    summary: 'The draft as HTML, for its owner only (never indexed).',
    handle: async ({ ctx, params, c }) => {
      const html = await ctx.services.sitePages.preview(userOf(ctx), params.id);
      return c.html(html, 200, { 'x-robots-tag': 'noindex' });
    },
  }),
]);

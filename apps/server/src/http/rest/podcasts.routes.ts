import {
  ZChecklistItem,
  ZChecklistResponse,
  ZChecklistUpdateRequest,
  ZCreatePodcastRequest,
  ZCreateSpreakerShowRequest,
  ZCreateSpreakerShowResponse,
  ZLinkSpreakerShowRequest,
  ZPodcast,
  ZPodcastList,
  ZPublishAllRequest,
  ZPublishAllResponse,
  ZShowEpisodeList,
  ZUpdatePodcastRequest,
  type TChecklistUpdateRequest,
  type TCreateSpreakerShowRequest,
  type TLinkSpreakerShowRequest,
  type TPublishAllRequest,
} from '@ppp/contracts';
import { formToUpdateBody } from '../../domain/podcasts/podcast-input.ts';
import { userOf } from '../request-context.ts';
import { defineRoutes } from './route.ts';
import { readShowForm } from './show-form.ts';

export const podcastRoutes = defineRoutes([
  {
    method: 'get',
    path: '/api/podcasts/',
    tag: 'podcasts',
    access: 'active',
    summary: 'Your shows, oldest first.',
    response: ZPodcastList,
    handle: ({ ctx }) => ctx.services.podcasts.listDtos(userOf(ctx)),
  },
  {
    method: 'post',
    path: '/api/podcasts/',
    tag: 'podcasts',
    access: 'active',
    status: 201,
    summary: 'Create a show (multipart: name of at least 4 characters, description, optional cover_image PNG or JPEG).',
    body: { schema: ZCreatePodcastRequest, multipart: true },
    response: ZPodcast,
    handle: async ({ ctx, c }) => {
      const form = await readShowForm(c);
      return ctx.services.podcasts.create(userOf(ctx), form.json ?? form.fields, form.cover);
    },
  },
  {
    method: 'get',
    path: '/api/podcasts/{id}',
    tag: 'podcasts',
    access: 'active',
    summary: 'One of your shows (404 when it is not yours).',
    response: ZPodcast,
    handle: ({ ctx, params }) => ctx.services.podcasts.getDto(userOf(ctx), params.id ?? ''),
  },
  {
    method: 'put',
    path: '/api/podcasts/{id}',
    tag: 'podcasts',
    access: 'active',
    summary:
      'Edit every show field (JSON, or multipart with cover_image); changing a linked Spreaker show ID needs allow_spreaker_id_change.',
    body: { schema: ZUpdatePodcastRequest, multipart: true },
    response: ZPodcast,
    handle: async ({ ctx, c, params }) => {
      const form = await readShowForm(c);
      return ctx.services.podcasts.update(userOf(ctx), params.id ?? '', form.json ?? formToUpdateBody(form.fields), form.cover);
    },
  },
  {
    method: 'delete',
    path: '/api/podcasts/{id}',
    tag: 'podcasts',
    access: 'active',
    status: 204,
    summary: 'Delete a show, its episodes and their files (episodes on Spreaker stay there).',
    handle: async ({ ctx, params }) => ctx.services.podcasts.delete(userOf(ctx), params.id ?? ''),
  },
  {
    method: 'get',
    path: '/api/podcasts/{id}/episodes',
    tag: 'podcasts',
    access: 'active',
    summary: 'The show’s episodes with their publish state, newest first (the podcast manager’s list).',
    response: ZShowEpisodeList,
    handle: ({ ctx, params }) => ctx.services.showEpisodes.list(userOf(ctx), params.id ?? ''),
  },
  {
    method: 'post',
    path: '/api/podcasts/{id}/link-spreaker-show',
    tag: 'podcasts',
    access: 'active',
    summary: 'Link the show to one of your Spreaker shows by its numeric id.',
    body: { schema: ZLinkSpreakerShowRequest },
    response: ZPodcast,
    handle: ({ ctx, params, body }) => ctx.services.hostShows.link(userOf(ctx), params.id ?? '', body as TLinkSpreakerShowRequest),
  },
  {
    method: 'post',
    path: '/api/podcasts/{id}/create-spreaker-show',
    tag: 'podcasts',
    access: 'active',
    summary: 'Create a Spreaker show from this show and link it.',
    body: { schema: ZCreateSpreakerShowRequest },
    response: ZCreateSpreakerShowResponse,
    handle: ({ ctx, params, body }) => ctx.services.hostShows.create(userOf(ctx), params.id ?? '', body as TCreateSpreakerShowRequest),
  },
  {
    method: 'post',
    path: '/api/podcasts/{id}/use-builtin-host',
    tag: 'podcasts',
    access: 'active',
    summary: 'Host the show on this server’s own feed again (unlinks Spreaker).',
    response: ZPodcast,
    handle: ({ ctx, params }) => ctx.services.hostShows.useBuiltin(userOf(ctx), params.id ?? ''),
  },
  {
    method: 'post',
    path: '/api/podcasts/{id}/publish-all',
    tag: 'podcasts',
    access: 'active',
    summary: 'Publish every unpublished episode of the show (at least 2).',
    body: { schema: ZPublishAllRequest },
    response: ZPublishAllResponse,
    handle: ({ ctx, params, body }) => ctx.services.publishAll.publishAll(userOf(ctx), params.id ?? '', body as TPublishAllRequest),
  },
  {
    method: 'get',
    path: '/api/podcasts/{id}/distribution/checklist',
    tag: 'podcasts',
    access: 'active',
    summary: 'Directory submission steps with your progress, and the feed URL to submit.',
    response: ZChecklistResponse,
    handle: ({ ctx, params }) => ctx.services.distribution.checklist(userOf(ctx), params.id ?? ''),
  },
  {
    method: 'put',
    path: '/api/podcasts/{id}/distribution/checklist/{key}',
    tag: 'podcasts',
    access: 'active',
    summary: 'Save the status and notes of one checklist item.',
    body: { schema: ZChecklistUpdateRequest },
    response: ZChecklistItem,
    handle: ({ ctx, params, body }) =>
      ctx.services.distribution.update(userOf(ctx), params.id ?? '', params.key ?? '', body as TChecklistUpdateRequest),
  },
]);

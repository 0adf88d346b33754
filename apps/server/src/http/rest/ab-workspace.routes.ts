import {
  ZAbDraft,
  ZAbDraftList,
  ZAbDraftPatch,
  ZAbDraftStatus,
  ZAbDraftsQuery,
  ZAbPublishRequest,
  ZAbPublishResponse,
  ZAbSaveSectionsRequest,
  ZAbSaveSectionsResponse,
  ZAbSavedSections,
  ZAbSectionsQuery,
  ZAbSuggestSectionRequest,
  ZAbSuggestSectionResponse,
  ZAbUploadRequest,
} from '@ppp/contracts';
import { abWorkspaceOf } from '../../domain/ab-workspace/ab-workspace-services.ts';
import { userOf, type RequestContext } from '../request-context.ts';
import { defineRoutes, route } from './route.ts';

const ab = (ctx: RequestContext) => abWorkspaceOf(ctx.services);

/**
 * The /ab workspace's helper endpoints (spec 002 §7, issue 22): drafts per upload, their status, saved
 * intro/outro sections and publishing to the show's host. Media, sound effects, Spreaker shows and AI
 * metadata are the documented /api/media/, /api/spreaker/shows and /api/episodes/ai/metadata.
 */
export const abWorkspaceRoutes = defineRoutes([
  route({
    method: 'post',
    path: '/ab/upload',
    tag: 'ab',
    access: 'active',
    status: 201,
    summary:
      "A finished upload (tus, main_content) becomes a draft of a show (the first show when none is named); asked again, the same draft. Another user's upload is 404.",
    body: { schema: ZAbUploadRequest },
    response: ZAbDraft,
    handle: ({ ctx, body }) => ab(ctx).abDrafts.register(userOf(ctx), body),
  }),
  route({
    method: 'get',
    path: '/ab/drafts',
    tag: 'ab',
    access: 'active',
    summary: 'Your drafts (newest first), optionally of one show; a draft without a template gets the show’s only active one.',
    query: ZAbDraftsQuery,
    response: ZAbDraftList,
    handle: ({ ctx, query }) => ab(ctx).abDrafts.list(userOf(ctx), query.podcast_id),
  }),
  route({
    method: 'patch',
    path: '/ab/drafts/{id}',
    tag: 'ab',
    access: 'active',
    summary:
      "The checklist's fields: title, description, tags (comma string), template_id ('Template not found', 'Template not available. Choose a template first.'), show, schedule.",
    body: { schema: ZAbDraftPatch },
    response: ZAbDraft,
    handle: ({ ctx, params, body }) => ab(ctx).abDrafts.patch(userOf(ctx), params.id, body),
  }),
  route({
    method: 'delete',
    path: '/ab/drafts/{id}',
    tag: 'ab',
    access: 'active',
    status: 204,
    summary: 'Deletes the upload and with it its draft and saved draft metadata.',
    handle: ({ ctx, params }) => ab(ctx).abDrafts.delete(userOf(ctx), params.id),
  }),
  route({
    method: 'get',
    path: '/ab/drafts/{id}/status',
    tag: 'ab',
    access: 'active',
    summary: "The draft's transcript (processing, ready, error; polled every 5 s) and its episode once finalized.",
    response: ZAbDraftStatus,
    handle: ({ ctx, params }) => ab(ctx).abDrafts.status(userOf(ctx), params.id),
  }),
  route({
    method: 'get',
    path: '/api/ab/sections',
    tag: 'ab',
    access: 'active',
    summary: "Your saved intro/outro sections ('Intro n', 'Outro n'), newest first, optionally of one show.",
    query: ZAbSectionsQuery,
    response: ZAbSavedSections,
    handle: ({ ctx, query }) => ab(ctx).abSections.list(userOf(ctx), query.podcast_id),
  }),
  route({
    method: 'post',
    path: '/api/ab/sections',
    tag: 'ab',
    access: 'active',
    summary:
      "Save section: the draft's intro/outro segments, checked ('Please fix before saving:' with the issues), saved as 'Intro n' / 'Outro n'.",
    body: { schema: ZAbSaveSectionsRequest },
    response: ZAbSaveSectionsResponse,
    handle: ({ ctx, body }) => ab(ctx).abSections.save(userOf(ctx), body),
  }),
  route({
    method: 'post',
    path: '/api/ab/sections/suggest',
    tag: 'ab',
    access: 'active',
    summary:
      'Suggest section: a script for an intro or outro from the transcript, learning from the last saved sections; 409 until the show has 5 processed or published episodes.',
    body: { schema: ZAbSuggestSectionRequest },
    response: ZAbSuggestSectionResponse,
    handle: ({ ctx, body }) => ab(ctx).abSections.suggest(userOf(ctx), body),
  }),
  route({
    method: 'post',
    path: '/api/ab/publish',
    tag: 'ab',
    access: 'active',
    summary:
      "Publish to the host: assembles the draft (draft, now, or at auto_published_at), or publishes its assembled episode; 'Saved', 'Scheduled for Spreaker.' or 'Published to Spreaker.'.",
    body: { schema: ZAbPublishRequest },
    response: ZAbPublishResponse,
    handle: ({ ctx, body }) => ab(ctx).abPublish.publish(userOf(ctx), body),
  }),
]);

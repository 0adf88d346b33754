import { ZAbDraftPatch } from '@ppp/contracts';
import { abWorkspaceOperations as ops } from '../operations/ab-workspace.operations.ts';
import { bodyRoute, pathRoute, queryRoute } from './operation-route.ts';
import { defineRoutes } from './route.ts';

/**
 * The /ab workspace's helper endpoints (spec 002 §7, issue 22): drafts per upload, their status, saved
 * intro/outro sections and publishing to the show's host. Media, sound effects, Spreaker shows and AI
 * metadata are the documented /api/media/, /api/spreaker/shows and /api/episodes/ai/metadata.
 */
export const abWorkspaceRoutes = defineRoutes([
  bodyRoute(ops.upload, {
    method: 'post',
    path: '/ab/upload',
    tag: 'ab',
    status: 201,
    summary:
      "A finished upload (tus, main_content) becomes a draft of a show (the first show when none is named); asked again, the same draft. Another user's upload is 404.",
  }),
  queryRoute(ops.drafts, {
    method: 'get',
    path: '/ab/drafts',
    tag: 'ab',
    summary: 'Your drafts (newest first), optionally of one show; a draft without a template gets the show’s only active one.',
  }),
  pathRoute(ops.updateDraft, {
    method: 'patch',
    path: '/ab/drafts/{id}',
    tag: 'ab',
    summary:
      "The checklist's fields: title, description, tags (comma string), template_id ('Template not found', 'Template not available. Choose a template first.'), show, schedule.",
    body: { schema: ZAbDraftPatch },
    input: ({ id }, patch) => ({ ...patch, id }),
  }),
  pathRoute(ops.deleteDraft, {
    method: 'delete',
    path: '/ab/drafts/{id}',
    tag: 'ab',
    status: 204,
    summary: 'Deletes the upload and with it its draft and saved draft metadata.',
    input: (params) => params,
  }),
  pathRoute(ops.status, {
    method: 'get',
    path: '/ab/drafts/{id}/status',
    tag: 'ab',
    summary: "The draft's transcript (processing, ready, error; polled every 5 s) and its episode once finalized.",
    input: (params) => params,
  }),
  queryRoute(ops.sections, {
    method: 'get',
    path: '/api/ab/sections',
    tag: 'ab',
    summary: "Your saved intro/outro sections ('Intro n', 'Outro n'), newest first, optionally of one show.",
  }),
  bodyRoute(ops.saveSections, {
    method: 'post',
    path: '/api/ab/sections',
    tag: 'ab',
    summary:
      "Save section: the draft's intro/outro segments, checked ('Please fix before saving:' with the issues), saved as 'Intro n' / 'Outro n'.",
  }),
  bodyRoute(ops.suggestSection, {
    method: 'post',
    path: '/api/ab/sections/suggest',
    tag: 'ab',
    summary:
      'Suggest section: a script for an intro or outro from the transcript, learning from the last saved sections; 409 until the show has 5 processed or published episodes.',
  }),
  bodyRoute(ops.publish, {
    method: 'post',
    path: '/api/ab/publish',
    tag: 'ab',
    summary:
      "Publish to the host: assembles the draft (draft, now, or at auto_published_at), or publishes its assembled episode; 'Saved', 'Scheduled for Spreaker.' or 'Published to Spreaker.'.",
  }),
]);

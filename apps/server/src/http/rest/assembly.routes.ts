import { ZAssembleEpisodeRequest, ZAssembleEpisodeResponse } from '@ppp/contracts';
import { userOf } from '../request-context.ts';
import { assemblyOperations as ops } from '../operations/assembly.operations.ts';
import { pathRoute } from './operation-route.ts';
import { defineRoutes, route } from './route.ts';
import { editsIn } from '../workspace.ts';
import { templateAt } from '../workspace-rules.ts';

/** Assembly (spec 000 §7): start, poll, re-render a template's episodes, and the manual editor's peaks. */
export const assemblyRoutes = defineRoutes([
  route({
    method: 'post',
    path: '/api/episodes/assemble',
    workspace: editsIn(templateAt('template_id')),
    tag: 'episodes',
    access: 'active',
    status: 202,
    summary:
      "Assemble an episode from a template, a Ready upload and the wizard's choices: 202 with job_id and episode_id; 402 INSUFFICIENT_MINUTES (with minutes_required, minutes_remaining, renewal_date) or 402 when the monthly episode quota is reached.",
    body: { schema: ZAssembleEpisodeRequest },
    response: ZAssembleEpisodeResponse,
    handle: async ({ ctx, body, c }) => c.json(await ctx.services.assembly.assemble(userOf(ctx), body), 202),
  }),
  pathRoute(ops.status, {
    method: 'get',
    path: '/api/episodes/status/{jobId}',
    tag: 'episodes',
    summary:
      'An assembly job: status (queued, processing, processed, error), progress, the episode with a signed final_audio_url, error. Poll every 5 s.',
    input: ({ jobId }) => ({ job_id: jobId }),
  }),
  pathRoute(ops.rerenderTemplate, {
    method: 'post',
    path: '/api/templates/{id}/rerender',
    tag: 'templates',
    summary:
      "Re-render episodes made with this template: each assembled episode is planned again with the template's current intro, outro, music and timing, and rendered.",
    input: (params) => params,
  }),
  pathRoute(ops.rerenderTemplatePreview, {
    method: 'get',
    path: '/api/templates/{id}/rerender',
    tag: 'templates',
    summary:
      "What a re-render of this template's episodes would do now: rerenderable (assembled episodes made with it), skipped (never assembled or rendering now), uses_minutes (false: a re-render is not charged); another user's template is 404.",
    input: (params) => params,
  }),
  pathRoute(ops.peaks, {
    method: 'get',
    path: '/api/episodes/{id}/peaks',
    tag: 'episodes',
    summary:
      "Waveform peaks of the rendered episode for the manual editor (min and max per pixel, 8 kHz, 256 samples a pixel); another user's episode is 404.",
    input: (params) => params,
  }),
]);

import { ZIntentHintsResponse, ZTranscriptReadyQuery, ZTranscriptReadyResponse } from '@ppp/contracts';
import { userOf } from '../request-context.ts';
import { defineRoutes, route } from './route.ts';
import { readsIn } from '../workspace.ts';
import { episodeAt } from '../workspace-rules.ts';

export const aiRoutes = defineRoutes([
  route({
    method: 'get',
    path: '/api/ai/transcript-ready',
    workspace: readsIn(episodeAt('episode_id')),
    tag: 'ai',
    access: 'active',
    summary:
      "Whether an upload's transcript is ready (hint: the upload's id or filename, or episode_id: the episode made from it); polled every 5 s.",
    query: ZTranscriptReadyQuery,
    response: ZTranscriptReadyResponse,
    handle: ({ ctx, query }) => ctx.services.transcripts.transcriptReady(userOf(ctx), query),
  }),
  route({
    method: 'get',
    path: '/api/ai/intent-hints',
    workspace: readsIn(episodeAt('episode_id')),
    tag: 'ai',
    access: 'active',
    summary:
      'Flubber, Intern and sound-effect commands found in an upload (plus fillers, pauses, censored words). ' +
      '404 unknown upload, 425 TRANSCRIPT_NOT_READY while transcribing, 409 when transcription failed.',
    query: ZTranscriptReadyQuery,
    response: ZIntentHintsResponse,
    handle: ({ ctx, query }) => ctx.services.transcripts.intentHints(userOf(ctx), query),
  }),
]);

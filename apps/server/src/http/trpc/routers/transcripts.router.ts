import {
  ZIntentHintsResponse,
  ZRescanRequest,
  ZRescanResult,
  ZTranscriptCorrectionsRequest,
  ZTranscriptCorrectionsResult,
  ZTranscriptQuery,
  ZTranscriptReadyQuery,
  ZTranscriptReadyResponse,
  ZTranscriptView,
} from '@ppp/contracts';
import { actingIn, router } from '../init.ts';
import { readsIn, editsIn } from '../../workspace.ts';
import { episodeAt, mediaAt } from '../../workspace-rules.ts';

/**
 * Transcript readiness and detected commands of an upload (twins of /api/ai/transcript-ready and
 * /api/ai/intent-hints), its words to read and correct, and Re-scan (issue 18).
 */
export const transcriptsRouter = router({
  ready: actingIn(readsIn(episodeAt('episode_id')), ZTranscriptReadyQuery)
    .output(ZTranscriptReadyResponse)
    .query(({ ctx, input }) => ctx.services.transcripts.transcriptReady(ctx.user, input)),
  intentHints: actingIn(readsIn(episodeAt('episode_id')), ZTranscriptReadyQuery)
    .output(ZIntentHintsResponse)
    .query(({ ctx, input }) => ctx.services.transcripts.intentHints(ctx.user, input)),
  view: actingIn(readsIn(mediaAt('media_id')), ZTranscriptQuery)
    .output(ZTranscriptView)
    .query(({ ctx, input }) => ctx.services.transcriptReview.view(ctx.user, input)),
  correct: actingIn(editsIn(mediaAt('media_id')), ZTranscriptCorrectionsRequest)
    .output(ZTranscriptCorrectionsResult)
    .mutation(({ ctx, input }) => ctx.services.transcriptReview.correct(ctx.user, input)),
  rescan: actingIn(editsIn(mediaAt('media_id')), ZRescanRequest)
    .output(ZRescanResult)
    .mutation(({ ctx, input }) => ctx.services.transcriptReview.rescan(ctx.user, input)),
});

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
import { activeProcedure, router } from '../init.ts';

/**
 * Transcript readiness and detected commands of an upload (twins of /api/ai/transcript-ready and
 * /api/ai/intent-hints), its words to read and correct, and Re-scan (issue 18).
 */
export const transcriptsRouter = router({
  ready: activeProcedure
    .input(ZTranscriptReadyQuery)
    .output(ZTranscriptReadyResponse)
    .query(({ ctx, input }) => ctx.services.transcripts.transcriptReady(ctx.user, input)),
  intentHints: activeProcedure
    .input(ZTranscriptReadyQuery)
    .output(ZIntentHintsResponse)
    .query(({ ctx, input }) => ctx.services.transcripts.intentHints(ctx.user, input)),
  view: activeProcedure
    .input(ZTranscriptQuery)
    .output(ZTranscriptView)
    .query(({ ctx, input }) => ctx.services.transcriptReview.view(ctx.user, input)),
  correct: activeProcedure
    .input(ZTranscriptCorrectionsRequest)
    .output(ZTranscriptCorrectionsResult)
    .mutation(({ ctx, input }) => ctx.services.transcriptReview.correct(ctx.user, input)),
  rescan: activeProcedure
    .input(ZRescanRequest)
    .output(ZRescanResult)
    .mutation(({ ctx, input }) => ctx.services.transcriptReview.rescan(ctx.user, input)),
});

import { ZIntentHintsResponse, ZTranscriptReadyQuery, ZTranscriptReadyResponse } from '@ppp/contracts';
import { activeProcedure, router } from '../init.ts';

/** Transcript readiness and detected commands of an upload (twins of /api/ai/transcript-ready and /api/ai/intent-hints). */
export const transcriptsRouter = router({
  ready: activeProcedure
    .input(ZTranscriptReadyQuery)
    .output(ZTranscriptReadyResponse)
    .query(({ ctx, input }) => ctx.services.transcripts.transcriptReady(ctx.user, input.hint)),
  intentHints: activeProcedure
    .input(ZTranscriptReadyQuery)
    .output(ZIntentHintsResponse)
    .query(({ ctx, input }) => ctx.services.transcripts.intentHints(ctx.user, input.hint)),
});

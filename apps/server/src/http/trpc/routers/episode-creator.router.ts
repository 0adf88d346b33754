import {
  ZFlubberPrepareByFileRequest,
  ZFlubberPrepareByFileResponse,
  ZInternExecuteRequest,
  ZInternExecuteResponse,
  ZInternPrepareByFileRequest,
  ZInternPrepareByFileResponse,
  ZLastNumbering,
  ZLastNumberingQuery,
} from '@ppp/contracts';
import { activeProcedure, router } from '../init.ts';

/** Twins of POST /api/flubber/prepare-by-file, /api/intern/prepare-by-file, /api/intern/execute and GET /api/episodes/last/numbering. */
export const episodeCreatorRouter = router({
  flubberPrepareByFile: activeProcedure
    .input(ZFlubberPrepareByFileRequest)
    .output(ZFlubberPrepareByFileResponse)
    .mutation(({ ctx, input }) => ctx.services.flubberByFile.prepare(ctx.user, input)),
  internPrepareByFile: activeProcedure
    .input(ZInternPrepareByFileRequest)
    .output(ZInternPrepareByFileResponse)
    .mutation(({ ctx, input }) => ctx.services.internReview.prepare(ctx.user, input)),
  internExecute: activeProcedure
    .input(ZInternExecuteRequest)
    .output(ZInternExecuteResponse)
    .mutation(({ ctx, input }) => ctx.services.internReview.execute(ctx.user, input)),
  lastNumbering: activeProcedure
    .input(ZLastNumberingQuery)
    .output(ZLastNumbering)
    .query(({ ctx, input }) => ctx.services.showEpisodes.lastNumbering(ctx.user, input.podcast_id)),
});

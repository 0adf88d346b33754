import {
  ZAssembleEpisodeRequest,
  ZAssembleEpisodeResponse,
  ZAssemblyEpisodeInput,
  ZEpisodeJobStatus,
  ZEpisodePeaks,
  ZJobIdInput,
  ZRerenderTemplatePreview,
  ZRerenderTemplateResponse,
} from '@ppp/contracts';
import { activeProcedure, router } from '../init.ts';

/** Twins of POST /api/episodes/assemble, GET /api/episodes/status/{jobId}, GET and POST /api/templates/{id}/rerender and GET /api/episodes/{id}/peaks. */
export const assemblyRouter = router({
  assemble: activeProcedure
    .input(ZAssembleEpisodeRequest)
    .output(ZAssembleEpisodeResponse)
    .mutation(({ ctx, input }) => ctx.services.assembly.assemble(ctx.user, input)),
  status: activeProcedure
    .input(ZJobIdInput)
    .output(ZEpisodeJobStatus)
    .query(({ ctx, input }) => ctx.services.assembly.status(ctx.user, input.job_id)),
  /** The episode's current assembly job (the wizard follows its build by episode: a retry or re-render queues a new job). */
  episodeStatus: activeProcedure
    .input(ZAssemblyEpisodeInput)
    .output(ZEpisodeJobStatus)
    .query(({ ctx, input }) => ctx.services.assembly.episodeStatus(ctx.user, input.id)),
  rerenderTemplate: activeProcedure
    .input(ZAssemblyEpisodeInput)
    .output(ZRerenderTemplateResponse)
    .mutation(({ ctx, input }) => ctx.services.assembly.rerenderTemplate(ctx.user, input.id)),
  rerenderTemplatePreview: activeProcedure
    .input(ZAssemblyEpisodeInput)
    .output(ZRerenderTemplatePreview)
    .query(({ ctx, input }) => ctx.services.assembly.rerenderTemplatePreview(ctx.user, input.id)),
  peaks: activeProcedure
    .input(ZAssemblyEpisodeInput)
    .output(ZEpisodePeaks)
    .query(({ ctx, input }) => ctx.services.renders.peaks(ctx.user, input.id)),
});

import { ZAssembleEpisodeRequest, ZAssembleEpisodeResponse, ZAssemblyEpisodeInput, ZEpisodeJobStatus } from '@ppp/contracts';
import { assemblyOperations as ops } from '../../operations/assembly.operations.ts';
import { actingIn, router } from '../init.ts';
import { mutationOf, queryOf } from '../operation-procedure.ts';
import { readsIn, editsIn } from '../../workspace.ts';
import { episodeAt, templateAt } from '../../workspace-rules.ts';

/** Twins of POST /api/episodes/assemble, GET /api/episodes/status/{jobId}, GET and POST /api/templates/{id}/rerender and GET /api/episodes/{id}/peaks. */
export const assemblyRouter = router({
  assemble: actingIn(editsIn(templateAt('template_id')), ZAssembleEpisodeRequest)
    .output(ZAssembleEpisodeResponse)
    .mutation(({ ctx, input }) => ctx.services.assembly.assemble(ctx.user, input)),
  status: queryOf(ops.status),
  /** The episode's current assembly job (the wizard follows its build by episode: a retry or re-render queues a new job). */
  episodeStatus: actingIn(readsIn(episodeAt()), ZAssemblyEpisodeInput)
    .output(ZEpisodeJobStatus)
    .query(({ ctx, input }) => ctx.services.assembly.episodeStatus(ctx.user, input.id)),
  rerenderTemplate: mutationOf(ops.rerenderTemplate),
  rerenderTemplatePreview: queryOf(ops.rerenderTemplatePreview),
  peaks: queryOf(ops.peaks),
});

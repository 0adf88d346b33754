import { ZTemplateList, ZTemplateSetActiveRequest, ZTemplateUpdateRequest, ZTemplateView } from '@ppp/contracts';
import { templateOperations as ops } from '../../operations/templates.operations.ts';
import { actingIn, actingInWorkspace, router } from '../init.ts';
import { mutationOf, queryOf } from '../operation-procedure.ts';
import { editsIn, readsIn, showVisible } from '../../workspace.ts';
import { templateAt } from '../../workspace-rules.ts';

/** Twins of /api/templates/ and /api/recurring/templates/{id}/... */
export const templatesRouter = router({
  list: actingInWorkspace(readsIn())
    .output(ZTemplateList)
    .query(async ({ ctx }) => (await ctx.services.templates.findForUser(ctx.user)).filter((t) => showVisible(ctx, t.podcast_id))),
  get: queryOf(ops.get),
  create: mutationOf(ops.create),
  update: actingIn(editsIn(templateAt()), ZTemplateUpdateRequest)
    .output(ZTemplateView)
    .mutation(({ ctx, input }) => ctx.services.templates.update(ctx.user, input.id, input.template)),
  setActive: actingIn(editsIn(templateAt()), ZTemplateSetActiveRequest)
    .output(ZTemplateView)
    .mutation(({ ctx, input }) => ctx.services.templates.setActive(ctx.user, input.id, input.is_active)),
  delete: mutationOf(ops.delete),
  schedules: queryOf(ops.schedules),
  saveSchedules: mutationOf(ops.saveSchedules),
  next: queryOf(ops.next),
});

import { ZTemplateList, ZTemplateSetActiveRequest, ZTemplateUpdateRequest, ZTemplateView } from '@ppp/contracts';
import { templateOperations as ops } from '../../operations/templates.operations.ts';
import { activeProcedure, router } from '../init.ts';
import { mutationOf, queryOf } from '../operation-procedure.ts';

/** Twins of /api/templates/ and /api/recurring/templates/{id}/... */
export const templatesRouter = router({
  list: activeProcedure.output(ZTemplateList).query(({ ctx }) => ctx.services.templates.findForUser(ctx.user)),
  get: queryOf(ops.get),
  create: mutationOf(ops.create),
  update: activeProcedure
    .input(ZTemplateUpdateRequest)
    .output(ZTemplateView)
    .mutation(({ ctx, input }) => ctx.services.templates.update(ctx.user, input.id, input.template)),
  setActive: activeProcedure
    .input(ZTemplateSetActiveRequest)
    .output(ZTemplateView)
    .mutation(({ ctx, input }) => ctx.services.templates.setActive(ctx.user, input.id, input.is_active)),
  delete: mutationOf(ops.delete),
  schedules: queryOf(ops.schedules),
  saveSchedules: mutationOf(ops.saveSchedules),
  next: queryOf(ops.next),
});

import {
  ZPutRecurringSchedulesRequest,
  ZRecurringNextResponse,
  ZRecurringSchedulesResponse,
  ZTemplateBody,
  ZTemplateDeleteResponse,
  ZTemplateIdInput,
  ZTemplateList,
  ZTemplateSetActiveRequest,
  ZTemplateUpdateRequest,
  ZTemplateView,
} from '@ppp/contracts';
import { z } from 'zod';
import { activeProcedure, router } from '../init.ts';

/** Twins of /api/templates/ and /api/recurring/templates/{id}/... */
export const templatesRouter = router({
  list: activeProcedure.output(ZTemplateList).query(({ ctx }) => ctx.services.templates.findForUser(ctx.user)),
  get: activeProcedure
    .input(ZTemplateIdInput)
    .output(ZTemplateView)
    .query(({ ctx, input }) => ctx.services.templates.get(ctx.user, input.id)),
  create: activeProcedure
    .input(ZTemplateBody)
    .output(ZTemplateView)
    .mutation(({ ctx, input }) => ctx.services.templates.create(ctx.user, input)),
  update: activeProcedure
    .input(ZTemplateUpdateRequest)
    .output(ZTemplateView)
    .mutation(({ ctx, input }) => ctx.services.templates.update(ctx.user, input.id, input.template)),
  setActive: activeProcedure
    .input(ZTemplateSetActiveRequest)
    .output(ZTemplateView)
    .mutation(({ ctx, input }) => ctx.services.templates.setActive(ctx.user, input.id, input.is_active)),
  delete: activeProcedure
    .input(ZTemplateIdInput)
    .output(ZTemplateDeleteResponse)
    .mutation(async ({ ctx, input }) => {
      await ctx.services.templates.delete(ctx.user, input.id);
      return { ok: true as const, id: input.id };
    }),
  schedules: activeProcedure
    .input(ZTemplateIdInput)
    .output(ZRecurringSchedulesResponse)
    .query(({ ctx, input }) => ctx.services.recurringSchedules.get(ctx.user, input.id)),
  saveSchedules: activeProcedure
    .input(z.object({ id: z.string().min(1), schedule: ZPutRecurringSchedulesRequest }))
    .output(ZRecurringSchedulesResponse)
    .mutation(({ ctx, input }) => ctx.services.recurringSchedules.put(ctx.user, input.id, input.schedule)),
  next: activeProcedure
    .input(ZTemplateIdInput)
    .output(ZRecurringNextResponse)
    .query(({ ctx, input }) => ctx.services.recurringSchedules.next(ctx.user, input.id)),
});

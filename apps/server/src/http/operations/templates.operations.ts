import {
  ZPutRecurringSchedulesRequest,
  ZRecurringNextResponse,
  ZRecurringSchedulesResponse,
  ZTemplateBody,
  ZTemplateDeleteResponse,
  ZTemplateIdInput,
  ZTemplateView,
} from '@ppp/contracts';
import { z } from 'zod';
import { activeCall, operation } from '../operation.ts';

/** Episode templates and their recurring publish slots: /api/templates/ and /api/recurring/templates/{id}/... */
export const templateOperations = {
  get: activeCall(ZTemplateIdInput, ZTemplateView, (services, user, input) => services.templates.get(user, input.id)),
  create: activeCall(ZTemplateBody, ZTemplateView, (services, user, input) => services.templates.create(user, input)),
  delete: operation({
    access: 'active',
    input: ZTemplateIdInput,
    output: ZTemplateDeleteResponse,
    run: async (ctx, input) => {
      await ctx.services.templates.delete(ctx.user, input.id);
      return { ok: true as const, id: input.id };
    },
  }),
  schedules: activeCall(ZTemplateIdInput, ZRecurringSchedulesResponse, (services, user, input) =>
    services.recurringSchedules.get(user, input.id),
  ),
  saveSchedules: activeCall(
    z.object({ id: z.string().min(1), schedule: ZPutRecurringSchedulesRequest }),
    ZRecurringSchedulesResponse,
    (services, user, input) => services.recurringSchedules.put(user, input.id, input.schedule),
  ),
  next: activeCall(ZTemplateIdInput, ZRecurringNextResponse, (services, user, input) => services.recurringSchedules.next(user, input.id)),
};

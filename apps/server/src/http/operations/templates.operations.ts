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
import { operation } from '../operation.ts';

/** Episode templates and their recurring publish slots: /api/templates/ and /api/recurring/templates/{id}/... */
export const templateOperations = {
  get: operation({
    access: 'active',
    input: ZTemplateIdInput,
    output: ZTemplateView,
    run: (ctx, input) => ctx.services.templates.get(ctx.user, input.id),
  }),
  create: operation({
    access: 'active',
    input: ZTemplateBody,
    output: ZTemplateView,
    run: (ctx, input) => ctx.services.templates.create(ctx.user, input),
  }),
  delete: operation({
    access: 'active',
    input: ZTemplateIdInput,
    output: ZTemplateDeleteResponse,
    run: async (ctx, input) => {
      await ctx.services.templates.delete(ctx.user, input.id);
      return { ok: true as const, id: input.id };
    },
  }),
  schedules: operation({
    access: 'active',
    input: ZTemplateIdInput,
    output: ZRecurringSchedulesResponse,
    run: (ctx, input) => ctx.services.recurringSchedules.get(ctx.user, input.id),
  }),
  saveSchedules: operation({
    access: 'active',
    input: z.object({ id: z.string().min(1), schedule: ZPutRecurringSchedulesRequest }),
    output: ZRecurringSchedulesResponse,
    run: (ctx, input) => ctx.services.recurringSchedules.put(ctx.user, input.id, input.schedule),
  }),
  next: operation({
    access: 'active',
    input: ZTemplateIdInput,
    output: ZRecurringNextResponse,
    run: (ctx, input) => ctx.services.recurringSchedules.next(ctx.user, input.id),
  }),
};

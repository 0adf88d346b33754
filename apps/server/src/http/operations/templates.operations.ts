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
import { editsIn, readsIn } from '../workspace.ts';
import { showAt, templateAt, within } from '../workspace-rules.ts';

/** Episode templates and their recurring publish slots: /api/templates/ and /api/recurring/templates/{id}/... */
export const templateOperations = {
  get: within(
    readsIn(templateAt()),
    activeCall(ZTemplateIdInput, ZTemplateView, (services, user, input) => services.templates.get(user, input.id)),
  ),
  create: within(
    editsIn(showAt('podcast_id')),
    activeCall(ZTemplateBody, ZTemplateView, (services, user, input) => services.templates.create(user, input)),
  ),
  delete: within(
    editsIn(templateAt()),
    operation({
      access: 'active',
      input: ZTemplateIdInput,
      output: ZTemplateDeleteResponse,
      run: async (ctx, input) => {
        await ctx.services.templates.delete(ctx.user, input.id);
        return { ok: true as const, id: input.id };
      },
    }),
  ),
  schedules: within(
    readsIn(templateAt()),
    activeCall(ZTemplateIdInput, ZRecurringSchedulesResponse, (services, user, input) => services.recurringSchedules.get(user, input.id)),
  ),
  saveSchedules: within(
    editsIn(templateAt()),
    activeCall(
      z.object({ id: z.string().min(1), schedule: ZPutRecurringSchedulesRequest }),
      ZRecurringSchedulesResponse,
      (services, user, input) => services.recurringSchedules.put(user, input.id, input.schedule),
    ),
  ),
  next: within(
    readsIn(templateAt()),
    activeCall(ZTemplateIdInput, ZRecurringNextResponse, (services, user, input) => services.recurringSchedules.next(user, input.id)),
  ),
};

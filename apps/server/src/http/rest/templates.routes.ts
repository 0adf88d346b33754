import {
  ZPutRecurringSchedulesRequest,
  ZRecurringNextResponse,
  ZRecurringSchedulesResponse,
  ZTemplateBody,
  ZTemplatePatch,
  ZTemplateDeleteResponse,
  ZTemplateList,
  ZTemplateView,
} from '@ppp/contracts';
import { userOf } from '../request-context.ts';
import { defineRoutes, route } from './route.ts';

export const templateRoutes = defineRoutes([
  route({
    method: 'get',
    path: '/api/templates/',
    tag: 'templates',
    access: 'active',
    summary: 'Your episode templates, oldest first.',
    response: ZTemplateList,
    handle: ({ ctx }) => ctx.services.templates.findForUser(userOf(ctx)),
  }),
  route({
    method: 'post',
    path: '/api/templates/',
    tag: 'templates',
    access: 'active',
    status: 201,
    summary:
      'Create a template: name, show (required), segments with exactly one content, music rules (volume in dB), timing, AI settings.',
    body: { schema: ZTemplateBody },
    response: ZTemplateView,
    handle: ({ ctx, body }) => ctx.services.templates.create(userOf(ctx), body),
  }),
  route({
    method: 'get',
    path: '/api/templates/{id}',
    tag: 'templates',
    access: 'active',
    summary: "One of your templates; another user's is 404.",
    response: ZTemplateView,
    handle: ({ ctx, params }) => ctx.services.templates.get(userOf(ctx), params.id),
  }),
  route({
    method: 'put',
    path: '/api/templates/{id}',
    tag: 'templates',
    access: 'active',
    summary: 'Update a template; fields left out keep their stored values (send is_active alone to disable or enable).',
    body: { schema: ZTemplatePatch },
    response: ZTemplateView,
    handle: ({ ctx, params, body }) => ctx.services.templates.update(userOf(ctx), params.id, body),
  }),
  route({
    method: 'delete',
    path: '/api/templates/{id}',
    tag: 'templates',
    access: 'active',
    summary: "Delete a template; refused (400, 'at least one template') for your last one.",
    response: ZTemplateDeleteResponse,
    handle: async ({ ctx, params }) => {
      await ctx.services.templates.delete(userOf(ctx), params.id);
      return { ok: true, id: params.id };
    },
  }),
  route({
    method: 'get',
    path: '/api/recurring/templates/{id}/schedules',
    tag: 'templates',
    access: 'active',
    summary: "A template's recurring publish slots with each one's next occurrence in its timezone.",
    response: ZRecurringSchedulesResponse,
    handle: ({ ctx, params }) => ctx.services.recurringSchedules.get(userOf(ctx), params.id),
  }),
  route({
    method: 'put',
    path: '/api/recurring/templates/{id}/schedules',
    tag: 'templates',
    access: 'active',
    summary:
      'Replace the schedule: {timezone, schedules[{id, day_of_week 0=Mon..6=Sun, time_of_day HH:MM, enabled, advance_minutes, timezone}]}; duplicate day+time slots are dropped.',
    body: { schema: ZPutRecurringSchedulesRequest },
    response: ZRecurringSchedulesResponse,
    handle: ({ ctx, params, body }) => ctx.services.recurringSchedules.put(userOf(ctx), params.id, body),
  }),
  route({
    method: 'get',
    path: '/api/recurring/templates/{id}/next',
    tag: 'templates',
    access: 'active',
    summary: 'The next publish date and time over the enabled slots, in the slot’s timezone (daylight saving included).',
    response: ZRecurringNextResponse,
    handle: ({ ctx, params }) => ctx.services.recurringSchedules.next(userOf(ctx), params.id),
  }),
]);

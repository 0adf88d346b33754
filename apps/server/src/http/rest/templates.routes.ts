import { ZPutRecurringSchedulesRequest, ZTemplatePatch, ZTemplateList, ZTemplateView } from '@ppp/contracts';
import { userOf } from '../request-context.ts';
import { editsIn, readsIn, showVisible } from '../workspace.ts';
import { templateAt } from '../workspace-rules.ts';
import { templateOperations as ops } from '../operations/templates.operations.ts';
import { bodyRoute, pathRoute } from './operation-route.ts';
import { defineRoutes, route } from './route.ts';

export const templateRoutes = defineRoutes([
  route({
    method: 'get',
    path: '/api/templates/',
    workspace: readsIn(),
    tag: 'templates',
    access: 'active',
    summary: 'Your episode templates, oldest first.',
    response: ZTemplateList,
    handle: async ({ ctx }) => (await ctx.services.templates.findForUser(userOf(ctx))).filter((t) => showVisible(ctx, t.podcast_id)),
  }),
  bodyRoute(ops.create, {
    method: 'post',
    path: '/api/templates/',
    tag: 'templates',
    status: 201,
    summary:
      'Create a template: name, show (required), segments with exactly one content, music rules (volume in dB), timing, AI settings.',
  }),
  pathRoute(ops.get, {
    method: 'get',
    path: '/api/templates/{id}',
    tag: 'templates',
    summary: "One of your templates; another user's is 404.",
    input: (params) => params,
  }),
  route({
    method: 'put',
    path: '/api/templates/{id}',
    workspace: editsIn(templateAt()),
    tag: 'templates',
    access: 'active',
    summary: 'Update a template; fields left out keep their stored values (send is_active alone to disable or enable).',
    body: { schema: ZTemplatePatch },
    response: ZTemplateView,
    handle: ({ ctx, params, body }) => ctx.services.templates.update(userOf(ctx), params.id, body),
  }),
  pathRoute(ops.delete, {
    method: 'delete',
    path: '/api/templates/{id}',
    tag: 'templates',
    summary: "Delete a template; refused (400, 'at least one template') for your last one.",
    input: (params) => params,
  }),
  pathRoute(ops.schedules, {
    method: 'get',
    path: '/api/recurring/templates/{id}/schedules',
    tag: 'templates',
    summary: "A template's recurring publish slots with each one's next occurrence in its timezone.",
    input: (params) => params,
  }),
  pathRoute(ops.saveSchedules, {
    method: 'put',
    path: '/api/recurring/templates/{id}/schedules',
    tag: 'templates',
    summary:
      'Replace the schedule: {timezone, schedules[{id, day_of_week 0=Mon..6=Sun, time_of_day HH:MM, enabled, advance_minutes, timezone}]}; duplicate day+time slots are dropped.',
    body: { schema: ZPutRecurringSchedulesRequest },
    input: ({ id }, schedule) => ({ id, schedule }),
  }),
  pathRoute(ops.next, {
    method: 'get',
    path: '/api/recurring/templates/{id}/next',
    tag: 'templates',
    summary: 'The next publish date and time over the enabled slots, in the slot’s timezone (daylight saving included).',
    input: (params) => params,
  }),
]);

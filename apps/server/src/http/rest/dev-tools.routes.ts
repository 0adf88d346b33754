import { ZDevToolsStatus, ZResetDatabaseRequest, ZResetDatabaseResult, ZSeedResult } from '@ppp/contracts';
import { userOf } from '../request-context.ts';
import { defineRoutes, route } from './route.ts';

/** The admin's Dev Tools (spec 002 sections 2.14, 6 and 7): the demo seed and the database reset. */
export const devToolsRoutes = defineRoutes([
  route({
    method: 'post',
    path: '/api/admin/seed',
    tag: 'admin',
    access: 'admin',
    summary:
      "Make a demo show of the admin's own: intro and outro clips, a template and a short spoken upload with its transcript, ready for the Episode Creator in seconds. Calling it again makes nothing new.",
    response: ZSeedResult,
    handle: ({ ctx }) => ctx.services.demoSeed.seed(userOf(ctx)),
  }),
  route({
    method: 'get',
    path: '/api/admin/dev-tools',
    tag: 'admin',
    access: 'admin',
    summary: 'Whether the database reset is available on this instance (DEV_TOOLS=true outside production) and the name that confirms it.',
    response: ZDevToolsStatus,
    handle: async ({ ctx }) => ctx.services.devTools.status(),
  }),
  route({
    method: 'post',
    path: '/api/dev/reset-database',
    tag: 'admin',
    access: 'admin',
    summary:
      "Empty the instance but for the calling admin's account and the built-in music, after the instance name is typed in confirm. 404 unless the server runs with DEV_TOOLS=true outside production.",
    body: { schema: ZResetDatabaseRequest },
    response: ZResetDatabaseResult,
    handle: ({ ctx, body }) => ctx.services.devTools.reset(userOf(ctx), body),
  }),
]);

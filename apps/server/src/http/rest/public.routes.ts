import { ZHealth, ZOkResponse, ZPublicConfig, ZWaitlistRequest } from '@ppp/contracts';
import { defineRoutes, route, OK } from './route.ts';

export const publicRoutes = defineRoutes([
  route({
    method: 'get',
    path: '/api/health',
    tag: 'public',
    access: 'public',
    summary: 'Liveness and database reachability.',
    response: ZHealth,
    handle: async ({ ctx }) => {
      await ctx.services.em.getConnection().execute('select 1');
      return { status: 'ok', database: 'ok', version: '0.1.0' };
    },
  }),
  route({
    method: 'get',
    path: '/api/public/config',
    tag: 'public',
    access: 'public',
    summary: 'Instance facts a visitor needs: upload limit, maintenance, sign-in options.',
    response: ZPublicConfig,
    handle: ({ ctx }) => ctx.services.publicConfig.get(),
  }),
  route({
    method: 'post',
    path: '/api/public/waitlist',
    tag: 'public',
    access: 'public',
    summary: 'Request access (closed alpha); the bearer token is optional.',
    body: { schema: ZWaitlistRequest },
    response: ZOkResponse,
    handle: async ({ ctx, body }) => (await ctx.services.waitlist.request(body, ctx.user, ctx.clientIp), OK),
  }),
]);

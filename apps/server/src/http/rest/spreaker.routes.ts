import { z } from 'zod';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import {
  SPREAKER_CONNECT,
  ZSpreakerConnectTicket,
  SPREAKER_MESSAGES,
  ZMappedSpreakerShow,
  ZSpreakerCategories,
  ZSpreakerShows,
  ZSpreakerStatus,
  ZOkResponse,
} from '@ppp/contracts';
import { mapSpreakerShow } from '../../adapters/spreaker/index.ts';
import { AppError } from '../../domain/errors.ts';
import { userOf } from '../request-context.ts';
import { scriptNonceOf } from '../security-headers.ts';
import { defineRoutes, route, OK } from './route.ts';

const SETTINGS_PATH = '/dashboard/settings';
const STATE_COOKIE = {
  httpOnly: true,
  sameSite: 'Lax',
  path: '/api/auth/spreaker',
  maxAge: SPREAKER_CONNECT.stateTtlMinutes * 60,
} as const;

/** The popup's last page: tells the opener (postMessage) and closes; without an opener it lands on settings with the query flag. */
function callbackPage(ok: boolean, message: string, nonce: string): string {
  const payload = JSON.stringify({ type: SPREAKER_CONNECT.message, ok, message }).replace(/</g, '\\u003c');
  const fallback = ok ? `${SETTINGS_PATH}?${SPREAKER_CONNECT.queryFlag}=true` : SETTINGS_PATH;
  return `<!doctype html><html><head><meta charset="utf-8"><title>Spreaker</title></head><body>
<p>${ok ? 'Spreaker is connected. You can close this window.' : message.replace(/[<>&]/g, '')}</p>
<script nonce="${nonce}">
(function () {
  var data = ${payload};
  if (window.opener) { try { window.opener.postMessage(data, window.location.origin); } catch (e) {} window.close(); }
  else { window.location.replace(${JSON.stringify(fallback)}); }
})();
</script></body></html>`;
}

export const spreakerRoutes = defineRoutes([
  route({
    method: 'post',
    path: '/api/auth/spreaker/ticket',
    tag: 'spreaker',
    access: 'active',
    summary: `A one-time ticket (valid ${SPREAKER_CONNECT.ticketTtlSeconds} s) that opens /api/auth/spreaker/start in a popup.`,
    response: ZSpreakerConnectTicket,
    handle: ({ ctx }) => ctx.services.spreaker.connectTicket(userOf(ctx)),
  }),
  route({
    method: 'get',
    path: '/api/auth/spreaker/start',
    tag: 'spreaker',
    access: 'public',
    status: 302,
    summary: 'Start connecting Spreaker in a popup, with a ticket from POST /api/auth/spreaker/ticket (a popup cannot send a header).',
    query: z.object({ ticket: z.string().optional() }),
    handle: async ({ ctx, c, query }) => {
      const start = await ctx.services.spreaker.startConnect(query.ticket ?? '');
      // The state is bound to this browser: the callback accepts it only with this cookie.
      setCookie(c, SPREAKER_CONNECT.stateCookie, start.state, { ...STATE_COOKIE, secure: c.req.url.startsWith('https:') });
      return c.redirect(start.url, 302);
    },
  }),
  route({
    method: 'get',
    path: '/api/auth/spreaker/callback',
    produces: ['text/html'],
    tag: 'spreaker',
    access: 'public',
    summary: 'Spreaker redirects here with code and state; the page tells its opener spreaker_connected and closes.',
    handle: async ({ ctx, c, query }) => {
      const browserState = getCookie(c, SPREAKER_CONNECT.stateCookie) ?? '';
      deleteCookie(c, SPREAKER_CONNECT.stateCookie, { path: STATE_COOKIE.path });
      try {
        await ctx.services.spreaker.finishConnect(query.code ?? '', query.state ?? '', browserState);
        return c.html(callbackPage(true, '', scriptNonceOf(c)));
      } catch (error) {
        const message = error instanceof AppError ? error.message : SPREAKER_MESSAGES.connectFailed;
        return c.html(callbackPage(false, message, scriptNonceOf(c)), 400);
      }
    },
  }),
  route({
    method: 'get',
    path: '/api/spreaker/status',
    tag: 'spreaker',
    access: 'active',
    summary: 'Whether Spreaker is configured on this server and connected for you.',
    response: ZSpreakerStatus,
    handle: ({ ctx }) => ctx.services.spreaker.status(userOf(ctx)),
  }),
  route({
    method: 'post',
    path: '/api/spreaker/disconnect',
    tag: 'spreaker',
    access: 'active',
    summary: 'Forget your Spreaker tokens.',
    response: ZOkResponse,
    handle: async ({ ctx }) => {
      await ctx.services.spreaker.disconnect(userOf(ctx));
      return OK;
    },
  }),
  route({
    method: 'get',
    path: '/api/spreaker/shows',
    tag: 'spreaker',
    access: 'active',
    summary: 'Your Spreaker shows, each with the local show linked to it.',
    response: ZSpreakerShows,
    handle: ({ ctx }) => ctx.services.spreaker.shows(userOf(ctx)),
  }),
  route({
    method: 'get',
    path: '/api/spreaker/show/{id}',
    tag: 'spreaker',
    access: 'active',
    summary: 'One of your Spreaker shows; with mapped=true, under the product’s Podcast field names.',
    query: z.object({ mapped: z.string().optional() }),
    response: z.union([ZMappedSpreakerShow, z.unknown()]),
    handle: async ({ ctx, params, query }) => {
      if (query.mapped === 'true' || query.mapped === '1') return ctx.services.spreaker.mappedShow(userOf(ctx), params.id);
      const show = await ctx.services.spreaker.show(userOf(ctx), params.id);
      return { ...show, mapped: mapSpreakerShow(show) };
    },
  }),
  route({
    method: 'get',
    path: '/api/spreaker/categories',
    tag: 'spreaker',
    access: 'active',
    summary: 'Spreaker’s show categories.',
    response: ZSpreakerCategories,
    handle: ({ ctx }) => ctx.services.spreaker.categories(userOf(ctx)),
  }),
]);

import { getCookie, setCookie, deleteCookie } from 'hono/cookie';
import { ZGoogleLoginQuery, safeReturnPath } from '@ppp/contracts';
import { AppError } from '../../domain/errors.ts';
import { defineRoutes, route } from './route.ts';

const COOKIE = { httpOnly: true, sameSite: 'Lax', path: '/api/auth', maxAge: 600 } as const;

/** Google sign-in: redirect out with state and PKCE, come back, land on return_to with the token in the hash. */
export const googleRoutes = defineRoutes([
  route({
    method: 'get',
    path: '/api/auth/login/google',
    tag: 'auth',
    access: 'public',
    status: 302,
    summary: 'Start Google sign-in (enabled when GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set).',
    query: ZGoogleLoginQuery,
    handle: async ({ ctx, c, query }) => {
      if (!ctx.services.google) throw new AppError('NOT_CONFIGURED', 'Google sign-in is not configured.');
      const start = ctx.services.google.start(query.return_to);
      const secure = c.req.url.startsWith('https:');
      setCookie(c, 'ppp_google_state', start.state, { ...COOKIE, secure });
      setCookie(c, 'ppp_google_verifier', start.codeVerifier, { ...COOKIE, secure });
      setCookie(c, 'ppp_google_return', start.returnTo, { ...COOKIE, secure });
      return c.redirect(start.url, 302);
    },
  }),
  route({
    method: 'get',
    path: '/api/auth/google/callback',
    tag: 'auth',
    access: 'public',
    status: 302,
    summary: 'Google redirects here; the browser lands on return_to with #access_token=….',
    handle: async ({ ctx, c, query }) => {
      if (!ctx.services.google) throw new AppError('NOT_CONFIGURED', 'Google sign-in is not configured.');
      const token = await ctx.services.google.finish({
        code: query.code ?? '',
        state: query.state ?? '',
        storedState: getCookie(c, 'ppp_google_state') ?? '',
        codeVerifier: getCookie(c, 'ppp_google_verifier') ?? '',
      });
      const returnTo = safeReturnPath(getCookie(c, 'ppp_google_return'));
      for (const name of ['ppp_google_state', 'ppp_google_verifier', 'ppp_google_return']) {
        deleteCookie(c, name, { path: COOKIE.path });
      }
      return c.redirect(`${returnTo}#access_token=${encodeURIComponent(token)}`, 302);
    },
  }),
]);

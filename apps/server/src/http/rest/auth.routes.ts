import { TERMS, ZMe, ZOkResponse, ZTermsInfo, ZTokenRequest, ZUpdatePrefsRequest } from '@ppp/contracts';
import { toMe } from '../../domain/users/users.service.ts';
import { authOperations as ops } from '../operations/auth.operations.ts';
import { passwordGrant, TOKEN_PATH } from '../oauth.ts';
import { tokenOf, userOf } from '../request-context.ts';
import { bodyRoute } from './operation-route.ts';
import { defineRoutes, route, OK, type RestRoute } from './route.ts';

const me = (user: Parameters<typeof toMe>[0], terms: string) => toMe(user, terms);

/** The signed-in user, answered at two paths. */
function meRoute(path: string): RestRoute {
  return route({
    method: 'get',
    path,
    tag: 'users',
    access: 'user',
    summary: 'The signed-in user.',
    response: ZMe,
    handle: async ({ ctx }) => me(userOf(ctx), ctx.services.config.TERMS_VERSION),
  });
}

export const authRoutes = defineRoutes([
  route({
    method: 'post',
    path: TOKEN_PATH,
    tag: 'auth',
    access: ops.login.access,
    summary:
      'Sign in: the OAuth 2.0 token endpoint (RFC 6749 §4.3, the password grant). A form with grant_type=password (read as password when absent), username = email, password; returns a bearer access token. Errors answer RFC 6749’s {error, error_description} beside {detail, code}: 400 invalid_request, invalid_grant or unsupported_grant_type, 401 invalid_client.',
    body: { schema: ZTokenRequest, form: true },
    response: ops.login.output,
    handle: ({ ctx, body, c }) => {
      const credentials = passwordGrant(body, c.req.header('authorization'));
      c.header('Pragma', 'no-cache');
      return ops.login.call(ctx, credentials);
    },
  }),
  bodyRoute(ops.register, {
    method: 'post',
    path: '/api/auth/register',
    tag: 'auth',
    summary: 'Create an account. The first account of an instance becomes an active admin.',
  }),
  bodyRoute(ops.confirmEmail, {
    method: 'post',
    path: '/api/auth/confirm-email',
    tag: 'auth',
    summary: 'Confirm an email with the 6-digit code ({email, code} or {token, email}); activates the account.',
  }),
  bodyRoute(ops.resendVerification, {
    method: 'post',
    path: '/api/auth/resend-verification',
    tag: 'auth',
    summary: 'Send a new verification code (always answers OK).',
  }),
  bodyRoute(ops.updatePendingEmail, {
    method: 'post',
    path: '/api/auth/update-pending-email',
    tag: 'auth',
    summary: 'Correct the address of an unconfirmed account; a new code goes to the new address.',
  }),
  route({
    method: 'post',
    path: '/api/auth/logout',
    tag: 'auth',
    access: 'user',
    summary: 'End the current session.',
    response: ZOkResponse,
    handle: async ({ ctx }) => (await ctx.services.auth.logout(tokenOf(ctx)), OK),
  }),
  bodyRoute(ops.changePassword, {
    method: 'post',
    path: '/api/auth/change-password',
    tag: 'auth',
    summary: 'Change the password; every other session is ended.',
  }),
  route({
    method: 'get',
    path: '/api/auth/terms/info',
    tag: 'auth',
    access: 'public',
    summary: 'The terms version users must accept, and where to read it.',
    response: ZTermsInfo,
    handle: async ({ ctx }) => ({ version: ctx.services.config.TERMS_VERSION, url: TERMS.url }),
  }),
  bodyRoute(ops.acceptTerms, {
    method: 'post',
    path: '/api/auth/terms/accept',
    tag: 'auth',
    summary: 'Accept the required terms version.',
  }),
  meRoute('/api/auth/users/me'),
  meRoute('/api/users/me'),
  route({
    method: 'patch',
    path: '/api/auth/users/me/prefs',
    tag: 'users',
    access: 'active',
    summary: 'Update first and last name (and timezone).',
    body: { schema: ZUpdatePrefsRequest },
    response: ZMe,
    handle: async ({ ctx, body }) => me(await ctx.services.users.updatePrefs(userOf(ctx), body), ctx.services.config.TERMS_VERSION),
  }),
]);

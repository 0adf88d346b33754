import type { z } from 'zod';
import {
  TERMS,
  ZAcceptTermsRequest,
  ZChangePasswordRequest,
  ZConfirmEmailRequest,
  ZLoginRequest,
  ZMe,
  ZOkResponse,
  ZRegisterRequest,
  ZRegisterResponse,
  ZResendVerificationRequest,
  ZTermsInfo,
  ZTokenResponse,
  ZUpdatePendingEmailRequest,
  ZUpdatePrefsRequest,
  type TConfirmEmailRequest,
  type TLoginRequest,
  type TRegisterRequest,
} from '@ppp/contracts';
import { toMe } from '../../domain/users/users.service.ts';
import { tokenOf, userOf } from '../request-context.ts';
import { defineRoutes, OK } from './route.ts';

const me = (user: Parameters<typeof toMe>[0], terms: string) => toMe(user, terms);

export const authRoutes = defineRoutes([
  {
    method: 'post', path: '/api/auth/token', tag: 'auth', access: 'public',
    summary: 'Sign in with a form (username = email, password); returns a bearer access token.',
    body: { schema: ZLoginRequest, form: true }, response: ZTokenResponse,
    handle: ({ ctx, body }) => ctx.services.auth.login(body as TLoginRequest, ctx.clientIp),
  },
  {
    method: 'post', path: '/api/auth/register', tag: 'auth', access: 'public',
    summary: 'Create an account. The first account of an instance becomes an active admin.',
    body: { schema: ZRegisterRequest }, response: ZRegisterResponse,
    handle: ({ ctx, body }) => ctx.services.auth.register(body as TRegisterRequest, ctx.clientIp),
  },
  {
    method: 'post', path: '/api/auth/confirm-email', tag: 'auth', access: 'public',
    summary: 'Confirm an email with the 6-digit code ({email, code} or {token, email}); activates the account.',
    body: { schema: ZConfirmEmailRequest }, response: ZOkResponse,
    handle: async ({ ctx, body }) => (await ctx.services.auth.confirmEmail(body as TConfirmEmailRequest), OK),
  },
  {
    method: 'post', path: '/api/auth/resend-verification', tag: 'auth', access: 'public',
    summary: 'Send a new verification code (always answers OK).',
    body: { schema: ZResendVerificationRequest }, response: ZOkResponse,
    handle: async ({ ctx, body }) => (await ctx.services.auth.resendVerification(body as { email: string }), OK),
  },
  {
    method: 'post', path: '/api/auth/update-pending-email', tag: 'auth', access: 'public',
    summary: 'Correct the address of an unconfirmed account; a new code goes to the new address.',
    body: { schema: ZUpdatePendingEmailRequest }, response: ZOkResponse,
    handle: async ({ ctx, body }) =>
      (await ctx.services.auth.updatePendingEmail(body as { old_email: string; new_email: string }), OK),
  },
  {
    method: 'post', path: '/api/auth/logout', tag: 'auth', access: 'user',
    summary: 'End the current session.', response: ZOkResponse,
    handle: async ({ ctx }) => (await ctx.services.auth.logout(tokenOf(ctx)), OK),
  },
  {
    method: 'post', path: '/api/auth/change-password', tag: 'auth', access: 'user',
    summary: 'Change the password; every other session is ended.',
    body: { schema: ZChangePasswordRequest }, response: ZOkResponse,
    handle: async ({ ctx, body }) =>
      (await ctx.services.auth.changePassword(userOf(ctx), tokenOf(ctx), ZChangePasswordRequest.parse(body)), OK),
  },
  {
    method: 'get', path: '/api/auth/terms/info', tag: 'auth', access: 'public',
    summary: 'The terms version users must accept, and where to read it.', response: ZTermsInfo,
    handle: async ({ ctx }) => ({ version: ctx.services.config.TERMS_VERSION, url: TERMS.url }),
  },
  {
    method: 'post', path: '/api/auth/terms/accept', tag: 'auth', access: 'user',
    summary: 'Accept the required terms version.', body: { schema: ZAcceptTermsRequest }, response: ZMe,
    handle: async ({ ctx, body }) => {
      const terms = ctx.services.config.TERMS_VERSION;
      return me(await ctx.services.users.acceptTerms(userOf(ctx), body as { version: string }, terms), terms);
    },
  },
  {
    method: 'get', path: '/api/auth/users/me', tag: 'users', access: 'user',
    summary: 'The signed-in user.', response: ZMe,
    handle: async ({ ctx }) => me(userOf(ctx), ctx.services.config.TERMS_VERSION),
  },
  {
    method: 'get', path: '/api/users/me', tag: 'users', access: 'user',
    summary: 'The signed-in user.', response: ZMe,
    handle: async ({ ctx }) => me(userOf(ctx), ctx.services.config.TERMS_VERSION),
  },
  {
    method: 'patch', path: '/api/auth/users/me/prefs', tag: 'users', access: 'user',
    summary: 'Update first and last name (and timezone).', body: { schema: ZUpdatePrefsRequest }, response: ZMe,
    handle: async ({ ctx, body }) =>
      me(await ctx.services.users.updatePrefs(userOf(ctx), body as z.input<typeof ZUpdatePrefsRequest>), ctx.services.config.TERMS_VERSION),
  },
]);

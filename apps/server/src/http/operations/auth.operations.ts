import {
  ZAcceptTermsRequest,
  ZChangePasswordRequest,
  ZConfirmEmailRequest,
  ZLoginRequest,
  ZMe,
  ZOkResponse,
  ZRegisterRequest,
  ZRegisterResponse,
  ZResendVerificationRequest,
  ZTokenResponse,
  ZUpdatePendingEmailRequest,
} from '@ppp/contracts';
import { toMe } from '../../domain/users/users.service.ts';
import { OK, operation, publicOperation } from '../operation.ts';
import { tokenOf } from '../request-context.ts';

/** Signing up, confirming the address, signing in and the account's password and terms. */
export const authOperations = {
  register: publicOperation({
    input: ZRegisterRequest,
    output: ZRegisterResponse,
    run: (ctx, input) => ctx.services.auth.register(input, ctx.clientIp),
  }),
  login: publicOperation({
    input: ZLoginRequest,
    output: ZTokenResponse,
    run: (ctx, input) => ctx.services.auth.login(input, ctx.clientIp),
  }),
  confirmEmail: publicOperation({
    input: ZConfirmEmailRequest,
    output: ZOkResponse,
    run: async (ctx, input) => (await ctx.services.auth.confirmEmail(input), OK),
  }),
  resendVerification: publicOperation({
    input: ZResendVerificationRequest,
    output: ZOkResponse,
    run: async (ctx, input) => (await ctx.services.auth.resendVerification(input), OK),
  }),
  updatePendingEmail: publicOperation({
    input: ZUpdatePendingEmailRequest,
    output: ZOkResponse,
    run: async (ctx, input) => (await ctx.services.auth.updatePendingEmail(input), OK),
  }),
  changePassword: operation({
    access: 'active',
    input: ZChangePasswordRequest,
    output: ZOkResponse,
    run: async (ctx, input) => (await ctx.services.auth.changePassword(ctx.user, tokenOf(ctx), input), OK),
  }),
  acceptTerms: operation({
    access: 'active',
    input: ZAcceptTermsRequest,
    output: ZMe,
    run: async (ctx, input) => {
      const terms = ctx.services.config.TERMS_VERSION;
      return toMe(await ctx.services.users.acceptTerms(ctx.user, input, terms), terms);
    },
  }),
};

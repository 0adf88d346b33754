import { z } from 'zod';
import {
  ZRegisterRequest,
  ZRegisterResponse,
  ZLoginRequest,
  ZTokenResponse,
  ZConfirmEmailRequest,
  ZResendVerificationRequest,
  ZUpdatePendingEmailRequest,
  ZTermsInfo,
  ZAcceptTermsRequest,
  ZChangePasswordRequest,
  ZMe,
  TERMS,
} from '@ppp/contracts';
import { activeProcedure, publicProcedure, router, userProcedure } from '../init.ts';
import { toMe } from '../../../domain/users/users.service.ts';
import { tokenOf } from '../../request-context.ts';

export const authRouter = router({
  register: publicProcedure
    .input(ZRegisterRequest)
    .output(ZRegisterResponse)
    .mutation(({ ctx, input }) => ctx.services.auth.register(input, ctx.clientIp)),
  login: publicProcedure
    .input(ZLoginRequest)
    .output(ZTokenResponse)
    .mutation(({ ctx, input }) => ctx.services.auth.login(input, ctx.clientIp)),
  confirmEmail: publicProcedure.input(ZConfirmEmailRequest).mutation(async ({ ctx, input }) => {
    await ctx.services.auth.confirmEmail(input);
    return { ok: true as const };
  }),
  resendVerification: publicProcedure.input(ZResendVerificationRequest).mutation(async ({ ctx, input }) => {
    await ctx.services.auth.resendVerification(input);
    return { ok: true as const };
  }),
  updatePendingEmail: publicProcedure.input(ZUpdatePendingEmailRequest).mutation(async ({ ctx, input }) => {
    await ctx.services.auth.updatePendingEmail(input);
    return { ok: true as const };
  }),
  logout: userProcedure.mutation(async ({ ctx }) => {
    await ctx.services.auth.logout(tokenOf(ctx));
    return { ok: true as const };
  }),
  changePassword: activeProcedure.input(ZChangePasswordRequest).mutation(async ({ ctx, input }) => {
    await ctx.services.auth.changePassword(ctx.user, tokenOf(ctx), input);
    return { ok: true as const };
  }),
  termsInfo: publicProcedure.output(ZTermsInfo).query(({ ctx }) => ({ version: ctx.services.config.TERMS_VERSION, url: TERMS.url })),
  acceptTerms: activeProcedure
    .input(ZAcceptTermsRequest)
    .output(ZMe)
    .mutation(async ({ ctx, input }) => {
      const user = await ctx.services.users.acceptTerms(ctx.user, input, ctx.services.config.TERMS_VERSION);
      return toMe(user, ctx.services.config.TERMS_VERSION);
    }),
  googleEnabled: publicProcedure.output(z.boolean()).query(({ ctx }) => ctx.services.google !== null),
});

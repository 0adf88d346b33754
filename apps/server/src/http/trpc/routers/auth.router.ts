import { z } from 'zod';
import { ZTermsInfo, TERMS } from '@ppp/contracts';
import { publicProcedure, router, userProcedure } from '../init.ts';
import { authOperations as ops } from '../../operations/auth.operations.ts';
import { OK } from '../../operation.ts';
import { tokenOf } from '../../request-context.ts';
import { mutationOf } from '../operation-procedure.ts';

export const authRouter = router({
  register: mutationOf(ops.register),
  login: mutationOf(ops.login),
  confirmEmail: mutationOf(ops.confirmEmail),
  resendVerification: mutationOf(ops.resendVerification),
  updatePendingEmail: mutationOf(ops.updatePendingEmail),
  logout: userProcedure.mutation(async ({ ctx }) => {
    await ctx.services.auth.logout(tokenOf(ctx));
    return OK;
  }),
  changePassword: mutationOf(ops.changePassword),
  termsInfo: publicProcedure.output(ZTermsInfo).query(({ ctx }) => ({ version: ctx.services.config.TERMS_VERSION, url: TERMS.url })),
  acceptTerms: mutationOf(ops.acceptTerms),
  googleEnabled: publicProcedure.output(z.boolean()).query(({ ctx }) => ctx.services.google !== null),
});

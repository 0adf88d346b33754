import { ZNotifyAddress, ZNotifyAddressAdd, ZNotifyAddressList, ZNotifyAddressVerify, ZOkResponse } from '@ppp/contracts';
import { activeProcedure, router } from '../init.ts';

/** The creator's notification addresses (issue 14); REST twins in notify-addresses.routes.ts. */
export const notifyAddressesRouter = router({
  list: activeProcedure.output(ZNotifyAddressList).query(({ ctx }) => ctx.services.notifyAddresses.list(ctx.user)),
  add: activeProcedure
    .input(ZNotifyAddressAdd)
    .output(ZNotifyAddress)
    .mutation(({ ctx, input }) => ctx.services.notifyAddresses.add(ctx.user, input.email)),
  verify: activeProcedure
    .input(ZNotifyAddressVerify)
    .output(ZNotifyAddress)
    .mutation(({ ctx, input }) => ctx.services.notifyAddresses.verify(ctx.user, input.email, input.code)),
  remove: activeProcedure
    .input(ZNotifyAddressAdd)
    .output(ZOkResponse)
    .mutation(async ({ ctx, input }) => {
      await ctx.services.notifyAddresses.remove(ctx.user, input.email);
      return { ok: true as const };
    }),
});

import { ZNotifyAddress, ZNotifyAddressAdd, ZNotifyAddressList, ZNotifyAddressVerify, ZOkResponse } from '@ppp/contracts';
import { z } from 'zod';
import { userOf } from '../request-context.ts';
import { OK, defineRoutes, route } from './route.ts';

/** The notification addresses of the signed-in creator (issue 14): REST twins of the notifyAddresses router. */
export const notifyAddressRoutes = defineRoutes([
  route({
    method: 'get',
    path: '/api/users/me/notify-addresses',
    tag: 'settings',
    access: 'active',
    summary: 'Where your upload notifications may go: your own address, then the ones you added (verified or waiting for their code).',
    response: ZNotifyAddressList,
    handle: ({ ctx }) => ctx.services.notifyAddresses.list(userOf(ctx)),
  }),
  route({
    method: 'post',
    path: '/api/users/me/notify-addresses',
    tag: 'settings',
    access: 'active',
    summary:
      'Add another notification address (or ask for a new code): a 6-digit code is mailed to it; 409 past 5 addresses, 429 past the sends a window allows.',
    body: { schema: ZNotifyAddressAdd },
    response: ZNotifyAddress,
    handle: ({ ctx, body }) => ctx.services.notifyAddresses.add(userOf(ctx), body.email),
  }),
  route({
    method: 'post',
    path: '/api/users/me/notify-addresses/verify',
    tag: 'settings',
    access: 'active',
    summary: 'Verify an added address with the code mailed to it (5 tries, 15 minutes, single use); 400 for a wrong or used code.',
    body: { schema: ZNotifyAddressVerify },
    response: ZNotifyAddress,
    handle: ({ ctx, body }) => ctx.services.notifyAddresses.verify(userOf(ctx), body.email, body.code),
  }),
  route({
    method: 'delete',
    path: '/api/users/me/notify-addresses/{email}',
    tag: 'settings',
    access: 'active',
    summary: 'Remove an added notification address; uploads that named it mail your own address instead.',
    params: z.object({ email: z.string().trim().toLowerCase() }),
    response: ZOkResponse,
    handle: async ({ ctx, params }) => {
      await ctx.services.notifyAddresses.remove(userOf(ctx), params.email);
      return OK;
    },
  }),
]);

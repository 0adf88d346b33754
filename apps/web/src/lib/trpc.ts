import { createTRPCReact, httpBatchLink } from '@trpc/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import superjson from 'superjson';
import type { AppRouter } from '@ppp/server/trpc';
import { readToken, tabId } from './session.ts';

export const trpc = createTRPCReact<AppRouter>();
export type RouterOutputs = inferRouterOutputs<AppRouter>;

/** Every call carries the bearer token when there is one, and this tab's id. */
export function createTrpcClient() {
  return trpc.createClient({
    links: [
      httpBatchLink({
        url: '/trpc',
        transformer: superjson,
        headers() {
          const token = readToken();
          const headers: Record<string, string> = { 'x-tab-id': tabId() };
          if (token) headers.authorization = `Bearer ${token}`;
          return headers;
        },
      }),
    ],
  });
}

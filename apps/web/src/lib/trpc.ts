import { createTRPCReact, httpBatchLink, httpLink, splitLink } from '@trpc/react-query';
import { TRPC_BATCH } from '@ppp/contracts';
import type { inferRouterOutputs } from '@trpc/server';
import superjson from 'superjson';
import type { AppRouter } from '@ppp/server/trpc';
import { readToken, tabId } from './session.ts';

export const trpc = createTRPCReact<AppRouter>();
export type RouterOutputs = inferRouterOutputs<AppRouter>;

function headers(): Record<string, string> {
  const token = readToken();
  const result: Record<string, string> = { 'x-tab-id': tabId() };
  if (token) result.authorization = `Bearer ${token}`;
  return result;
}

/**
 * Every call carries the bearer token when there is one, and this tab's id. Sign-in calls go one
 * per request (the server refuses them in a batch); the rest are batched within the server's maximum.
 */
export function createTrpcClient() {
  return trpc.createClient({
    links: [
      splitLink({
        condition: (op) => op.path.startsWith(TRPC_BATCH.unbatchedPrefix),
        true: httpLink({ url: '/trpc', transformer: superjson, headers }),
        false: httpBatchLink({ url: '/trpc', transformer: superjson, headers, maxItems: TRPC_BATCH.maxCalls }),
      }),
    ],
  });
}

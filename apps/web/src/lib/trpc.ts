import { createTRPCReact, httpBatchLink, httpLink, isNonJsonSerializable, splitLink } from '@trpc/react-query';
import { TRPC_BATCH } from '@ppp/contracts';
import type { inferRouterOutputs } from '@trpc/server';
import superjson from 'superjson';
import type { AppRouter } from '@ppp/server/trpc';
import { readToken, tabId } from './session.ts';
import { workspaceHeaders } from './workspace-store.ts';

export const trpc = createTRPCReact<AppRouter>();
export type RouterOutputs = inferRouterOutputs<AppRouter>;

function headers(): Record<string, string> {
  const token = readToken();
  const result: Record<string, string> = { 'x-tab-id': tabId(), ...workspaceHeaders() };
  if (token) result.authorization = `Bearer ${token}`;
  return result;
}

/**
 * Every call carries the bearer token when there is one, this tab's id and the chosen workspace. A FormData input (a
 * show's or an episode's cover, an upload, a transcript file) goes alone, sent as it is (superjson
 * cannot carry files) with the answer read by superjson; sign-in calls go one per request (the server
 * refuses them in a batch); the kept queries (Episode History's page) go alone as a plain GET, which
 * the server answers from its kept page with an ETag, so the browser's cache revalidates them (304);
 * the rest are batched within the server's maximum.
 */
export function createTrpcClient() {
  return trpc.createClient({
    links: [
      splitLink({
        condition: (op) => isNonJsonSerializable(op.input),
        true: httpLink({
          url: '/trpc',
          transformer: { serialize: (data: unknown) => data, deserialize: (data: unknown) => superjson.deserialize(data as never) },
          headers,
        }),
        false: splitLink({
          condition: (op) => op.path.startsWith(TRPC_BATCH.unbatchedPrefix) || TRPC_BATCH.keptQueries.includes(op.path),
          true: httpLink({ url: '/trpc', transformer: superjson, headers }),
          false: httpBatchLink({ url: '/trpc', transformer: superjson, headers, maxItems: TRPC_BATCH.maxCalls }),
        }),
      }),
    ],
  });
}

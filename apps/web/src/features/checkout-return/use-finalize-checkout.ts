import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PAYMENTS } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { readToken } from '../../lib/session.ts';
import { FINALIZE_START, finalizeStep, type FinalizeApi, type FinalizeOutcome, type FinalizeProgress } from './finalize-checkout.ts';

/**
 * Finalizes the checkout `sessionId` (spec 002 §4): one call of the sequence per
 * PAYMENTS.subscriptionPollMs through react-query's refetchInterval, until the purchase is applied
 * or pending. Null while it is still being confirmed (or without a session).
 */
export function useFinalizeCheckout(sessionId: string | null): FinalizeOutcome | null {
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  const queryKey = ['billing', 'finalize-checkout', sessionId];
  const api: FinalizeApi = {
    checkoutResult: (id) => utils.client.billing.checkoutResult.query({ session_id: id }),
    forceSync: (id) => utils.client.billing.forceSyncSession.mutate({ session_id: id }),
    subscription: () => utils.client.billing.subscription.query(),
  };
  const finalize = useQuery({
    queryKey,
    enabled: Boolean(sessionId && readToken()),
    queryFn: () => finalizeStep(api, sessionId ?? '', queryClient.getQueryData<FinalizeProgress>(queryKey) ?? FINALIZE_START),
    refetchInterval: (query) => (query.state.data?.outcome ? false : PAYMENTS.subscriptionPollMs),
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: false,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  return finalize.data?.outcome ?? null;
}

/** The signed-in user read again every 750 ms, at most 9 times (spec 002 §4), so the session shows the new plan. */
export function useUserRefresh(): void {
  trpc.users.me.useQuery(undefined, {
    enabled: Boolean(readToken()),
    refetchInterval: (query) => (query.state.dataUpdateCount <= PAYMENTS.maxUserRefreshes ? PAYMENTS.userRefreshMs : false),
    refetchIntervalInBackground: true,
  });
}

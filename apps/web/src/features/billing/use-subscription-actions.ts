import { useEffect, useRef, useState } from 'react';
import { MESSAGES, type TCheckoutRequestInput } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { messageOf } from '../../lib/api-error.ts';
import { clearCheckoutReturn, markCheckoutReturn, readBillingIntent, readCheckoutReturn, takePendingCheckout } from './billing-intent.ts';
import { useCheckout } from './use-checkout.ts';

/** Manage billing and Start free trial: the portal is left for, a started trial replaces the subscription shown. */
function usePortalAndTrial() {
  const utils = trpc.useUtils();
  const portal = trpc.billing.portal.useMutation();
  const trial = trpc.billing.startTrial.useMutation();
  const [error, setError] = useState<string | null>(null);
  const onError = (err: unknown) => setError(messageOf(err, MESSAGES.unexpected));
  return {
    error,
    portalBusy: portal.isPending,
    trialBusy: trial.isPending,
    openPortal: () => portal.mutate(undefined, { onSuccess: ({ url }) => window.location.assign(url), onError }),
    startTrial: () =>
      trial.mutate(undefined, {
        onSuccess: (next) => {
          utils.billing.subscription.setData(undefined, next);
          void utils.billing.usage.invalidate();
        },
        onError,
      }),
  };
}

/**
 * Checkouts of the Subscription view. Sent here by the Episode Creator, a checkout started now goes back there
 * (leaving in the app forgets it); a plan chosen on the pricing page before signing in starts its checkout, once.
 */
function useSubscriptionCheckout(subscriptionLoaded: boolean) {
  const checkout = useCheckout();
  const resumed = useRef(false);
  const [returnTo] = useState(readCheckoutReturn);
  useEffect(() => clearCheckoutReturn, []);
  // What the last checkout was for, so its refusal shows in that card, beside its button (issue 35).
  const [kind, setKind] = useState<'plan' | 'minutes'>('plan');
  const { start } = checkout;
  useEffect(() => {
    if (resumed.current || !subscriptionLoaded) return;
    resumed.current = true;
    const pending = takePendingCheckout();
    if (pending) start(pending);
  }, [subscriptionLoaded, start]);
  const buy = (request: TCheckoutRequestInput) => {
    if (returnTo) markCheckoutReturn(returnTo);
    setKind(request.plan_key === 'minutes' ? 'minutes' : 'plan');
    start(request);
  };
  return {
    buy,
    pending: checkout.pending,
    planError: kind === 'plan' ? checkout.error : null,
    minutesError: kind === 'minutes' ? checkout.error : null,
  };
}

/** The Subscription view's data: the subscription, the usage, what the creator came for, and its actions. */
export function useSubscriptionActions() {
  const subscription = trpc.billing.subscription.useQuery(undefined, { retry: false });
  // Always read afresh: the Episode Creator sends creators here when their minutes just ran out.
  const usage = trpc.billing.usage.useQuery(undefined, { retry: false, refetchOnMount: 'always' });
  const [{ intent, shortfallMinutes }] = useState(readBillingIntent);
  const checkout = useSubscriptionCheckout(Boolean(subscription.data));
  const account = usePortalAndTrial();
  useEffect(() => {
    if (intent) document.getElementById(intent === 'buy_minutes' ? 'buy-minutes' : 'change-plan')?.scrollIntoView({ block: 'start' });
  }, [intent, subscription.data]);
  return { subscription, usage, intent, shortfallMinutes, checkout, account, error: account.error };
}

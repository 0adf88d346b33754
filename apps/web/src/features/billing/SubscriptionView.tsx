import { useEffect, useRef, useState } from 'react';
import { Alert, Loader, Stack, Text, Title } from '@mantine/core';
import { MESSAGES, PAYMENTS_MESSAGES, type TCheckoutRequestInput } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { messageOf } from '../../lib/api-error.ts';
import { clearCheckoutReturn, markCheckoutReturn, readBillingIntent, readCheckoutReturn, takePendingCheckout } from './billing-intent.ts';
import { useCheckout } from './use-checkout.ts';
import { CurrentPlanCard } from './CurrentPlanCard.tsx';
import { ChangePlanSection } from './ChangePlanSection.tsx';
import { BuyMinutesForm } from './BuyMinutesForm.tsx';

/**
 * The Subscription view (spec 002 §2.3 'billing'): the current plan, its renewal or cancellation,
 * minutes used and left, Change plan, Buy minutes, Manage billing and invoices (the Stripe portal).
 * Arriving from the Episode Creator's Upgrade Plan or Buy Minutes, that section is marked and in view,
 * and what is bought here brings the creator back to the Episode Creator;
 * arriving from a plan chosen on the pricing page while signed out, its checkout starts.
 */
export function SubscriptionView() {
  const subscription = trpc.billing.subscription.useQuery(undefined, { retry: false });
  // Always read afresh: the Episode Creator sends creators here when their minutes just ran out.
  const usage = trpc.billing.usage.useQuery(undefined, { retry: false, refetchOnMount: 'always' });
  const utils = trpc.useUtils();
  const checkout = useCheckout();
  const portal = trpc.billing.portal.useMutation();
  const trial = trpc.billing.startTrial.useMutation();
  const [{ intent, shortfallMinutes }] = useState(readBillingIntent);
  const [actionError, setActionError] = useState<string | null>(null);
  const resumed = useRef(false);
  // Sent here by the Episode Creator: a checkout started now goes back there; leaving in the app forgets it.
  const [returnTo] = useState(readCheckoutReturn);
  useEffect(() => clearCheckoutReturn, []);
  const buy = (request: TCheckoutRequestInput) => {
    if (returnTo) markCheckoutReturn(returnTo);
    checkout.start(request);
  };

  useEffect(() => {
    if (intent) document.getElementById(intent === 'buy_minutes' ? 'buy-minutes' : 'change-plan')?.scrollIntoView({ block: 'start' });
  }, [intent, subscription.data]);

  // A plan chosen on the pricing page before signing in: its checkout, once.
  const { start } = checkout;
  useEffect(() => {
    if (resumed.current || !subscription.data) return;
    resumed.current = true;
    const pending = takePendingCheckout();
    if (pending) start(pending);
  }, [subscription.data, start]);

  if (subscription.isError) return <Alert color="red">{messageOf(subscription.error, MESSAGES.unexpected)}</Alert>;
  if (!subscription.data) return <Loader aria-label="Loading your subscription" />;
  const sub = subscription.data;
  const error = checkout.error ?? actionError;

  return (
    <Stack gap="lg" maw={1100}>
      <div>
        <Title order={1}>Subscription</Title>
        <Text c="dimmed" mt={4}>
          Your plan, your processing minutes and your billing.
        </Text>
      </div>
      {!sub.payments_enabled && (
        <Alert color="yellow" title="Payments are not set up" data-testid="payments-off">
          {PAYMENTS_MESSAGES.paymentsOff}
        </Alert>
      )}
      {error && (
        <Alert color="red" role="alert" data-testid="billing-error">
          {error}
        </Alert>
      )}
      <CurrentPlanCard
        subscription={sub}
        usage={usage.data}
        portalBusy={portal.isPending}
        trialBusy={trial.isPending}
        onPortal={() =>
          portal.mutate(undefined, {
            onSuccess: ({ url }) => window.location.assign(url),
            onError: (err) => setActionError(messageOf(err, MESSAGES.unexpected)),
          })
        }
        onTrial={() =>
          trial.mutate(undefined, {
            onSuccess: (next) => {
              utils.billing.subscription.setData(undefined, next);
              void utils.billing.usage.invalidate();
            },
            onError: (err) => setActionError(messageOf(err, MESSAGES.unexpected)),
          })
        }
      />
      <ChangePlanSection
        currentTier={sub.plan_key}
        busy={checkout.pending}
        highlighted={intent === 'upgrade'}
        onChoose={(plan, cycle) => buy({ plan_key: plan.key, billing_cycle: cycle })}
      />
      <BuyMinutesForm
        tier={sub.plan_key}
        shortfallMinutes={shortfallMinutes}
        busy={checkout.pending}
        highlighted={intent === 'buy_minutes'}
        onBuy={(hours) => buy({ plan_key: 'minutes', billing_cycle: 'once', hours })}
      />
    </Stack>
  );
}

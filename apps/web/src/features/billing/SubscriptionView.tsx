import { Alert, Loader, Stack, Text, Title } from '@mantine/core';
import { MESSAGES, PAYMENTS_MESSAGES } from '@ppp/contracts';
import { messageOf } from '../../lib/api-error.ts';
import { useSubscriptionActions } from './use-subscription-actions.ts';
import { CurrentPlanCard } from './CurrentPlanCard.tsx';
import { ChangePlanSection } from './ChangePlanSection.tsx';
import { BuyMinutesForm } from './BuyMinutesForm.tsx';

function SubscriptionHeader({ paymentsEnabled, error }: { paymentsEnabled: boolean; error: string | null }) {
  return (
    <>
      <div>
        <Title order={1}>Subscription</Title>
        <Text c="dimmed" mt={4}>
          Your plan, your processing minutes and your billing.
        </Text>
      </div>
      {!paymentsEnabled && (
        <Alert color="yellow" title="Payments are not set up" data-testid="payments-off">
          {PAYMENTS_MESSAGES.paymentsOff}
        </Alert>
      )}
      {error && (
        <Alert color="red" role="alert" data-testid="billing-error">
          {error}
        </Alert>
      )}
    </>
  );
}

/**
 * The Subscription view (spec 002 §2.3 'billing'): the current plan, its renewal or cancellation,
 * minutes used and left, Change plan, Buy minutes, Manage billing and invoices (the Stripe portal).
 * Arriving from the Episode Creator's Upgrade Plan or Buy Minutes, that section is marked and in view,
 * and what is bought here brings the creator back to the Episode Creator;
 * arriving from a plan chosen on the pricing page while signed out, its checkout starts.
 */
export function SubscriptionView() {
  const { subscription, usage, intent, shortfallMinutes, checkout, account, error } = useSubscriptionActions();
  if (subscription.isError) return <Alert color="red">{messageOf(subscription.error, MESSAGES.unexpected)}</Alert>;
  if (!subscription.data) return <Loader aria-label="Loading your subscription" />;
  const sub = subscription.data;
  return (
    <Stack gap="lg" maw={1100}>
      <SubscriptionHeader paymentsEnabled={sub.payments_enabled} error={error} />
      <CurrentPlanCard
        subscription={sub}
        usage={usage.data}
        portalBusy={account.portalBusy}
        trialBusy={account.trialBusy}
        onPortal={account.openPortal}
        onTrial={account.startTrial}
      />
      <ChangePlanSection
        currentTier={sub.plan_key}
        busy={checkout.pending}
        error={checkout.planError}
        highlighted={intent === 'upgrade'}
        onChoose={(plan, cycle) => checkout.buy({ plan_key: plan.key, billing_cycle: cycle })}
      />
      <BuyMinutesForm
        tier={sub.plan_key}
        shortfallMinutes={shortfallMinutes}
        busy={checkout.pending}
        error={checkout.minutesError}
        highlighted={intent === 'buy_minutes'}
        onBuy={(hours) => checkout.buy({ plan_key: 'minutes', billing_cycle: 'once', hours })}
      />
    </Stack>
  );
}

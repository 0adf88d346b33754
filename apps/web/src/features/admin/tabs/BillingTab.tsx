import { Alert, Anchor, Badge, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { ADMIN_MESSAGES, PAYMENTS_MESSAGES, formatDollars, type TPaymentsHealth } from '@ppp/contracts';
import { trpc } from '../../../lib/trpc.ts';
import { AdminFigure } from '../AdminFigure.tsx';
import { formatWhen } from '../admin-format.ts';

/** Billing (spec 002 §2.14 and §3 'Billing overview'): subscriptions, trials and revenue from the stored subscriptions and payments. */
export function BillingTab() {
  const overview = trpc.billing.overview.useQuery();
  const revenue = trpc.billing.revenueMetrics.useQuery();
  if (overview.isError) return <Alert color="red">{ADMIN_MESSAGES.failedToLoadBillingOverview}</Alert>;
  if (!overview.data) return <Loader aria-label="Loading billing overview" />;
  const data = overview.data;
  return (
    <Stack gap="lg">
      <Group gap="sm">
        <Text fw={600}>Payments</Text>
        <Badge color={data.payments_enabled ? 'teal' : 'gray'} data-testid="billing-payments">
          {data.payments_enabled ? 'Stripe' : 'Off'}
        </Badge>
      </Group>
      {!data.payments_enabled && (
        <Text size="sm" c="dimmed">
          {`${PAYMENTS_MESSAGES.paymentsOff.split('.')[0]}. Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, then run pnpm stripe:sync; until then, assign tiers in the Users tab.`}
        </Text>
      )}
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }}>
        <AdminFigure label="Active subscriptions" value={String(data.active_subscriptions)} testId="billing-active" />
        <AdminFigure label="Trialing" value={String(data.trialing)} testId="billing-trialing" />
        <AdminFigure label="Trials ending in 7 days" value={String(data.trial_expiring_7d)} testId="billing-trial-expiring" />
        <AdminFigure label="Canceled in 30 days" value={String(data.canceled_last_30d)} testId="billing-canceled" />
        <AdminFigure label="Gross MRR" value={formatDollars(data.gross_mrr_cents)} testId="billing-mrr" />
        <AdminFigure label="ARR" value={revenue.data ? formatDollars(revenue.data.arr_cents) : '…'} testId="billing-arr" />
        <AdminFigure
          label="Revenue, last 30 days"
          value={revenue.data ? formatDollars(revenue.data.revenue_30d_cents) : '…'}
          testId="billing-revenue-30d"
        />
        <AdminFigure label="Lifetime seats sold" value={String(data.lifetime_seats_sold)} testId="billing-lifetime" />
      </SimpleGrid>
      {data.payments_enabled && <StripeHealth health={data.health} />}
      {data.dashboard_url && (
        <Anchor href={data.dashboard_url} target="_blank" rel="noreferrer">
          Open the Stripe dashboard
        </Anchor>
      )}
    </Stack>
  );
}

const whenOf = (iso: string | null) => formatWhen(iso ? new Date(iso) : null);

/** Stripe as this instance saw it (issue 35): the last time it could not be reached and why, and the webhook's health. */
function StripeHealth({ health }: { health: TPaymentsHealth }) {
  return (
    <Stack gap="xs" data-testid="billing-stripe-health">
      <Text fw={600}>Stripe health</Text>
      {health.last_stripe_error ? (
        <Alert
          color="orange"
          title={`Stripe unreachable at ${whenOf(health.last_stripe_error_at)}`}
          data-testid="billing-last-stripe-error"
        >
          {health.last_stripe_error}
        </Alert>
      ) : (
        <Text size="sm" c="dimmed">
          No Stripe outage seen.
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <AdminFigure
          label="Last webhook event"
          value={health.last_event_at ? `${health.last_event_type ?? ''} · ${whenOf(health.last_event_at)}` : 'None yet'}
          testId="billing-last-event"
        />
        <AdminFigure label="Webhook failures" value={String(health.webhook_failures)} testId="billing-webhook-failures" />
        <AdminFigure
          label="Last webhook failure"
          value={health.last_webhook_failure ? `${health.last_webhook_failure} · ${whenOf(health.last_webhook_failure_at)}` : '—'}
          testId="billing-last-webhook-failure"
        />
      </SimpleGrid>
    </Stack>
  );
}

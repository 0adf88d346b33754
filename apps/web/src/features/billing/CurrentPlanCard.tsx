import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { TSubscription, TUsage } from '@ppp/contracts';
import { monthlyMinutesText, renewalText, statusLabel, tierName } from './subscription-text.ts';

interface PlanActionsProps {
  subscription: TSubscription;
  portalBusy: boolean;
  trialBusy: boolean;
  onPortal(): void;
  onTrial(): void;
}

/** Start free trial when one is open to the account; Invoices and Manage billing when it has a Stripe customer. */
function PlanActions({ subscription, portalBusy, trialBusy, onPortal, onTrial }: PlanActionsProps) {
  return (
    <Group gap="sm">
      {subscription.trial_available && (
        <Button variant="light" loading={trialBusy} onClick={onTrial}>
          Start free trial
        </Button>
      )}
      {subscription.portal_available && (
        <>
          <Button variant="default" loading={portalBusy} onClick={onPortal}>
            Invoices
          </Button>
          <Button loading={portalBusy} onClick={onPortal}>
            Manage billing
          </Button>
        </>
      )}
    </Group>
  );
}

function MinutesSummary({ usage }: { usage: TUsage }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
      <Text data-testid="minutes-monthly">{monthlyMinutesText(usage)}</Text>
      <Text data-testid="minutes-bought">{`${usage.bought_minutes_left} bought minutes left`}</Text>
      <Text data-testid="minutes-used">{`${Math.ceil(usage.minutes_used)} minutes used this month`}</Text>
    </SimpleGrid>
  );
}

/** The current plan: its name and status, when it renews or cancels, and the minutes used and left (monthly and bought). */
export function CurrentPlanCard({ usage, ...actions }: PlanActionsProps & { usage: TUsage | undefined }) {
  const { subscription } = actions;
  const renewal = renewalText(subscription);
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Group gap="sm">
            <Title order={2} size="h3" data-testid="current-plan">
              {tierName(subscription.plan_key)}
            </Title>
            <Badge variant="light" data-testid="plan-status">
              {statusLabel(subscription)}
            </Badge>
          </Group>
          <PlanActions {...actions} />
        </Group>
        {renewal && <Text data-testid="plan-renewal">{renewal}</Text>}
        {usage && <MinutesSummary usage={usage} />}
      </Stack>
    </Card>
  );
}

import { Alert, Badge, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { PLAN_FEATURE_KEYS, PLAN_FEATURE_LABELS, annualSavings, formatDollars, formatQueueStorage, type TPlan } from '@ppp/contracts';

function Price({ plan, annual }: { plan: TPlan; annual: boolean }) {
  if (plan.contact || plan.monthlyCents === null) {
    return (
      <Text fz={36} fw={800} lh={1.1}>
        Let&apos;s talk
      </Text>
    );
  }
  const useAnnual = annual && plan.annualMonthlyCents !== null;
  const cents = useAnnual && plan.annualMonthlyCents !== null ? plan.annualMonthlyCents : plan.monthlyCents;
  const savings = useAnnual ? annualSavings(plan) : null;
  return (
    <Stack gap={2}>
      <Group gap={4} align="baseline">
        <Text fz={40} fw={800} lh={1.1}>
          {formatDollars(cents)}
        </Text>
        <Text c="dimmed">/mo</Text>
      </Group>
      <Text size="sm" c="dimmed">
        {useAnnual && savings
          ? `Billed annually (${formatDollars(cents * 12)}/yr), you save ${formatDollars(savings.centsPerYear)}`
          : annual
            ? 'Monthly billing only'
            : 'Billed monthly'}
      </Text>
    </Stack>
  );
}

/** The plan's minutes, extra hours, queue storage and headline features. */
function PlanAllowances({ plan }: { plan: TPlan }) {
  const features = PLAN_FEATURE_KEYS.filter((f) => plan.features[f]);
  return (
    <List spacing={6} size="sm" icon={<IconCheck size={16} color="var(--mantine-color-teal-8)" aria-hidden="true" />}>
      <List.Item>{`${plan.processingMinutes ?? 'Unlimited'} processing minutes a month`}</List.Item>
      {plan.extraRateCentsPerHour !== null && <List.Item>{`Extra hours ${formatDollars(plan.extraRateCentsPerHour)} each`}</List.Item>}
      <List.Item>{`Queue storage: ${formatQueueStorage(plan.queueStorageHours, plan.queueHeldDays)}`}</List.Item>
      {features.map((f) => (
        <List.Item key={f}>{PLAN_FEATURE_LABELS[f]}</List.Item>
      ))}
    </List>
  );
}

/** A checkout's refusal, beside the button that started it. */
export function CheckoutError({ error }: { error: string | null }) {
  if (!error) return null;
  return (
    <Alert color="red" variant="light" role="alert" data-testid="checkout-error" p="xs">
      <Text size="sm">{error}</Text>
    </Alert>
  );
}

/** The call to action: a contact link for a plan sold by talking, else the button that starts its checkout. */
function PlanAction({ plan, busy, onChoose }: { plan: TPlan; busy: boolean; onChoose(): void }) {
  if (plan.contact)
    return (
      <Button component="a" href={plan.cta.href} mt="auto" fullWidth variant="light" aria-label={`${plan.cta.label} about ${plan.name}`}>
        {plan.cta.label}
      </Button>
    );
  return (
    <Button mt="auto" fullWidth variant={plan.popular ? 'filled' : 'light'} loading={busy} onClick={onChoose}>
      {plan.cta.label}
    </Button>
  );
}

/** One plan of the table: price for the chosen period, allowances, headline features, call to action. */
export function PlanCard({
  plan,
  annual,
  onChoose,
  busy = false,
  error = null,
}: {
  plan: TPlan;
  annual: boolean;
  onChoose(): void;
  busy?: boolean;
  /** Why its checkout could not start (payments unavailable, ...), shown under the button that was pressed. */
  error?: string | null;
}) {
  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      shadow={plan.popular ? 'md' : undefined}
      style={plan.popular ? { borderColor: 'var(--mantine-color-violet-7)', borderWidth: 2 } : undefined}
      component="article"
      aria-labelledby={`plan-${plan.key}`}
    >
      <Stack gap="md" h="100%">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h3" id={`plan-${plan.key}`}>
            {plan.name}
          </Title>
          {plan.badge && <Badge color={plan.popular ? 'violet.8' : 'gray.8'}>{plan.badge}</Badge>}
        </Group>
        <Text size="sm" c="dimmed" mih={40}>
          {plan.tagline}
        </Text>
        <Price plan={plan} annual={annual} />
        <PlanAllowances plan={plan} />
        <PlanAction plan={plan} busy={busy} onChoose={onChoose} />
        <CheckoutError error={error} />
      </Stack>
    </Card>
  );
}

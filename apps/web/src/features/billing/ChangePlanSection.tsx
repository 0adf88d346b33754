import { useState } from 'react';
import { Badge, Button, Card, Group, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { highlightStyle } from './highlight-style.ts';
import { CheckoutError } from '../pricing/PlanCard.tsx';
import { CONTACT_SALES_PATH, PLANS, PRICING, formatDollars, formatProcessingMinutes, type TPlan, type TTierKey } from '@ppp/contracts';

type Cycle = 'monthly' | 'annual';

function priceText(plan: TPlan, cycle: Cycle): string {
  if (plan.contact || plan.monthlyCents === null) return 'Contact sales';
  if (cycle === 'annual' && plan.annualMonthlyCents !== null) return `${formatDollars(plan.annualMonthlyCents)}/mo billed annually`;
  return `${formatDollars(plan.monthlyCents)}/mo`;
}

function PlanChoice({
  plan,
  cycle,
  current,
  busy,
  onChoose,
}: {
  plan: TPlan;
  cycle: Cycle;
  current: boolean;
  busy: boolean;
  onChoose(): void;
}) {
  const noAnnual = cycle === 'annual' && plan.annualMonthlyCents === null && !plan.contact;
  return (
    <Card withBorder padding="md" data-testid={`plan-choice-${plan.key}`}>
      <Stack gap="xs" h="100%">
        <Group justify="space-between" gap="xs">
          <Text fw={700}>{plan.name}</Text>
          {current && <Badge color="teal">Current plan</Badge>}
        </Group>
        <Text fw={650}>{priceText(plan, cycle)}</Text>
        <Text size="sm" c="dimmed">
          {formatProcessingMinutes(plan.processingMinutes)} minutes a month
        </Text>
        {noAnnual && (
          <Text size="xs" c="dimmed">
            {PRICING.starterAnnualNote}
          </Text>
        )}
        {plan.contact ? (
          <Button component="a" href={CONTACT_SALES_PATH} variant="light" mt="auto">
            Contact Sales
          </Button>
        ) : (
          <Button mt="auto" disabled={current || noAnnual} loading={busy} onClick={onChoose} aria-label={`Choose ${plan.name}`}>
            {current ? 'Current plan' : `Choose ${plan.name}`}
          </Button>
        )}
      </Stack>
    </Card>
  );
}

function ChangePlanHeader({ cycle, onCycle }: { cycle: Cycle; onCycle(cycle: Cycle): void }) {
  return (
    <Group justify="space-between" wrap="wrap">
      <Title order={2} size="h3">
        Change plan
      </Title>
      <SegmentedControl
        aria-label="Billing period"
        value={cycle}
        onChange={(value) => onCycle(value === 'annual' ? 'annual' : 'monthly')}
        data={[
          { value: 'monthly', label: 'Monthly' },
          { value: 'annual', label: `Annual (${PRICING.annualSavingsLabel})` },
        ]}
      />
    </Group>
  );
}

/** Change plan: the plan cards of the pricing table, monthly or annual, each starting its checkout. */
export function ChangePlanSection({
  currentTier,
  busy,
  error = null,
  highlighted,
  onChoose,
}: {
  currentTier: TTierKey;
  busy: boolean;
  /** Why the chosen plan's checkout could not start, shown in this card. */
  error?: string | null;
  highlighted: boolean;
  onChoose(plan: TPlan, cycle: Cycle): void;
}) {
  const [cycle, setCycle] = useState<Cycle>('monthly');
  return (
    <Card withBorder padding="lg" id="change-plan" style={highlightStyle(highlighted)}>
      <Stack gap="md">
        <ChangePlanHeader cycle={cycle} onCycle={setCycle} />
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
          {PLANS.map((plan) => (
            <PlanChoice
              key={plan.key}
              plan={plan}
              cycle={cycle}
              current={plan.key === currentTier}
              busy={busy}
              onChoose={() => onChoose(plan, cycle)}
            />
          ))}
        </SimpleGrid>
        <CheckoutError error={error} />
        <Text size="sm" c="dimmed">
          {PRICING.minutesNote}
        </Text>
      </Stack>
    </Card>
  );
}

import { SimpleGrid } from '@mantine/core';
import { PLANS } from '@ppp/contracts';
import { PlanCard } from './PlanCard.tsx';
import type { PlanChoice } from './use-plan-choice.ts';

export interface PlanGridProps {
  annual: boolean;
  busyFor: (key: string) => boolean;
  errorFor: (key: string) => string | null;
  onChoose: (choice: PlanChoice) => void;
}

/** The four plans side by side; a plan with an annual price is chosen annually when the annual toggle is on. */
export function PlanGrid({ annual, busyFor, errorFor, onChoose }: PlanGridProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg">
      {PLANS.map((plan) => (
        <PlanCard
          key={plan.key}
          plan={plan}
          annual={annual}
          busy={busyFor(plan.key)}
          error={errorFor(plan.key)}
          onChoose={() =>
            onChoose({ plan_key: plan.key, billing_cycle: annual && plan.annualMonthlyCents !== null ? 'annual' : 'monthly' })
          }
        />
      ))}
    </SimpleGrid>
  );
}

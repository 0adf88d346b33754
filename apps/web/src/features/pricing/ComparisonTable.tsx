import type { ReactNode } from 'react';
import { Table, Title, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconMinus } from '@tabler/icons-react';
import {
  PLANS,
  PLAN_FEATURE_KEYS,
  PLAN_FEATURE_LABELS,
  formatDollars,
  formatProcessingMinutes,
  formatQueueStorage,
  type TPlan,
} from '@ppp/contracts';

function price(plan: TPlan, cents: number | null): string {
  if (plan.contact) return 'Contact Sales';
  return cents === null ? 'None' : `${formatDollars(cents)}/mo`;
}

const ALLOWANCE_ROWS: { label: string; cell: (p: TPlan) => string }[] = [
  { label: 'Monthly', cell: (p) => price(p, p.monthlyCents) },
  { label: 'Annual, per month', cell: (p) => price(p, p.annualMonthlyCents) },
  { label: 'Processing minutes per month', cell: (p) => formatProcessingMinutes(p.processingMinutes) },
  { label: 'Extra rate per hour', cell: (p) => (p.extraRateCentsPerHour === null ? 'None' : formatDollars(p.extraRateCentsPerHour)) },
  { label: 'Queue storage', cell: (p) => formatQueueStorage(p.queueStorageHours, p.queueHeldDays) },
];

function Included({ on }: { on: boolean }): ReactNode {
  return on ? (
    <>
      <IconCheck size={18} color="var(--mantine-color-teal-8)" aria-hidden="true" />
      <VisuallyHidden>Included</VisuallyHidden>
    </>
  ) : (
    <>
      <IconMinus size={18} color="var(--mantine-color-gray-6)" aria-hidden="true" />
      <VisuallyHidden>Not included</VisuallyHidden>
    </>
  );
}

/** Every plan side by side: prices, allowances and each feature flag of the plan table. */
export function ComparisonTable() {
  return (
    <section aria-labelledby="compare-title">
      <Title order={2} ta="center" mb="lg" id="compare-title">
        Compare plans
      </Title>
      <Table.ScrollContainer minWidth={720}>
        <Table striped highlightOnHover withTableBorder verticalSpacing="sm" aria-labelledby="compare-title">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Feature</Table.Th>
              {PLANS.map((p) => (
                <Table.Th key={p.key} scope="col" ta="center">
                  {p.name}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {ALLOWANCE_ROWS.map((row) => (
              <Table.Tr key={row.label}>
                <Table.Th scope="row" fw={500}>
                  {row.label}
                </Table.Th>
                {PLANS.map((p) => (
                  <Table.Td key={p.key} ta="center">
                    {row.cell(p)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
            {PLAN_FEATURE_KEYS.map((f) => (
              <Table.Tr key={f}>
                <Table.Th scope="row" fw={500}>
                  {PLAN_FEATURE_LABELS[f]}
                </Table.Th>
                {PLANS.map((p) => (
                  <Table.Td key={p.key} ta="center">
                    <Included on={p.features[f]} />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </section>
  );
}

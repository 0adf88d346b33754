import { Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { CREATOR_STEP_COPY, EPISODE_CREATOR_MESSAGES, minutesShortfall } from '@ppp/contracts';
import { requestBillingNavigation } from './billing-navigation.ts';

export interface InsufficientMinutesInfo {
  minutes_required: number | null;
  minutes_remaining: number | null;
  renewal_date: string | null;
  message: string | null;
}

function minutesText(value: number | null): string {
  if (value === null) return '—';
  return `${value} minute${value === 1 ? '' : 's'}`;
}

/** A yyyy-mm-dd (or ISO) renewal date in the reader's own words. */
function dateText(value: string | null): string {
  if (!value) return '—';
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00`) : new Date(value);
  return Number.isNaN(day.getTime()) ? value : day.toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });
}

/** 'Not enough processing minutes' (spec 000 §2, §8): the numbers, Upgrade Plan, Buy Minutes, Cancel. */
export function InsufficientMinutesDialog({ opened, onClose, info }: { opened: boolean; onClose(): void; info: InsufficientMinutesInfo }) {
  function go(intent: 'upgrade' | 'buy_minutes') {
    onClose();
    requestBillingNavigation(intent, window, minutesShortfall(info.minutes_required, info.minutes_remaining));
  }
  return (
    <Modal opened={opened} onClose={onClose} title={EPISODE_CREATOR_MESSAGES.notEnoughMinutesTitle} centered>
      <Stack gap="md">
        <Text>{info.message ?? EPISODE_CREATOR_MESSAGES.notEnoughMinutes}</Text>
        <Table withRowBorders={false} verticalSpacing={4}>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th scope="row">Episode length</Table.Th>
              <Table.Td data-testid="minutes-required">{minutesText(info.minutes_required)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">Minutes remaining</Table.Th>
              <Table.Td data-testid="minutes-remaining">{minutesText(info.minutes_remaining)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">Renews on</Table.Th>
              <Table.Td data-testid="minutes-renewal">{dateText(info.renewal_date)}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        <Group justify="flex-end" gap="sm" wrap="wrap">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="light" onClick={() => go('buy_minutes')}>
            {CREATOR_STEP_COPY.buyMinutes}
          </Button>
          <Button onClick={() => go('upgrade')}>{CREATOR_STEP_COPY.upgradePlan}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

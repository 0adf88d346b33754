import { useState } from 'react';
import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { EPISODE_CREATOR_MESSAGES } from '@ppp/contracts';
import { InsufficientMinutesDialog } from './InsufficientMinutesDialog.tsx';
import type { MinutesCheck } from './use-details-data.ts';

function minutes(value: number | null | undefined): string {
  return value === null || value === undefined ? 'unlimited' : String(value);
}

/** The processing-minutes check (spec 000 §4): pending, error (amber, non-blocking), ok, or blocking. */
export function MinutesPanel({ check }: { check: MinutesCheck }) {
  const [open, setOpen] = useState(false);
  if (check.state === 'pending') {
    return (
      <Group gap="xs" data-testid="minutes-check" data-state="pending">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          Checking processing minutes…
        </Text>
      </Group>
    );
  }
  if (check.state === 'error') {
    return (
      <Text size="sm" c="yellow.8" data-testid="minutes-check" data-state="error">
        {EPISODE_CREATOR_MESSAGES.unableToCheckMinutes}
      </Text>
    );
  }
  if (check.state === 'ok') {
    return (
      <Text size="sm" c="green.8" data-testid="minutes-check" data-state="ok">
        This episode needs about {check.info?.minutes_required ?? '?'} processing minute{check.info?.minutes_required === 1 ? '' : 's'};{' '}
        {minutes(check.info?.minutes_remaining)} remaining.
      </Text>
    );
  }
  const info = check.info ?? { minutes_required: null, minutes_remaining: null, renewal_date: null, message: null };
  return (
    <Alert color="red" title={EPISODE_CREATOR_MESSAGES.notEnoughMinutesTitle} data-testid="minutes-check" data-state="blocking">
      <Text size="sm">{info.message ?? EPISODE_CREATOR_MESSAGES.notEnoughMinutes}</Text>
      <Button size="compact-sm" variant="white" color="red" mt="xs" onClick={() => setOpen(true)}>
        See options
      </Button>
      <InsufficientMinutesDialog opened={open} onClose={() => setOpen(false)} info={info} />
    </Alert>
  );
}

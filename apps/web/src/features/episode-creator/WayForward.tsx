import { useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { CREATOR_STEP_COPY, MESSAGES, WAY_FORWARD_COPY, minutesShortfall, type TMinutesPrecheck } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { messageOf } from '../../lib/api-error.ts';
import { requestBillingNavigation } from './details/billing-navigation.ts';
import type { CappedPoll } from './use-capped-poll.ts';

/**
 * Step 2 on a plan without Flubber or Intern when the recording has their markers (issue 37): what is
 * skipped and the ways on, Start free trial (when the account still has it) and Upgrade; the step's
 * Continue reads 'Continue without'.
 */
export function SkippedAutomationsNotice({ text }: { text: string }) {
  const utils = trpc.useUtils();
  const subscription = trpc.billing.subscription.useQuery(undefined, { staleTime: 60_000, retry: false });
  const trial = trpc.billing.startTrial.useMutation();
  const [error, setError] = useState<string | null>(null);
  const startTrial = () =>
    trial.mutate(undefined, {
      onSuccess: (next) => {
        utils.billing.subscription.setData(undefined, next);
        void utils.billing.usage.invalidate();
      },
      onError: (err) => setError(messageOf(err, MESSAGES.unexpected)),
    });
  return (
    <Alert color="yellow" variant="light" icon={<IconLock size={16} aria-hidden="true" />} data-testid="skipped-automations">
      <Stack gap="xs">
        <Text size="sm">{text}</Text>
        <Group gap="xs" wrap="wrap">
          {subscription.data?.trial_available && (
            <Button size="xs" loading={trial.isPending} onClick={startTrial}>
              {WAY_FORWARD_COPY.startTrial}
            </Button>
          )}
          <Button size="xs" variant="light" onClick={() => requestBillingNavigation('upgrade')}>
            {WAY_FORWARD_COPY.upgrade}
          </Button>
        </Group>
        {error && (
          <Text size="sm" c="red.8" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}

/** Where minutes stop a step (issue 37): the step 5 dialog's two ways on, Upgrade Plan and Buy Minutes (exactly the minutes short). */
export function MinutesWayOn({ result }: { result: TMinutesPrecheck }) {
  const go = (intent: 'upgrade' | 'buy_minutes') =>
    requestBillingNavigation(intent, window, minutesShortfall(result.minutes_required, result.minutes_remaining));
  return (
    <Group gap="xs" wrap="wrap" data-testid="minutes-way-on">
      <Text size="sm">{WAY_FORWARD_COPY.minutesWayOn}</Text>
      <Button size="xs" variant="light" onClick={() => go('buy_minutes')}>
        {CREATOR_STEP_COPY.buyMinutes}
      </Button>
      <Button size="xs" onClick={() => go('upgrade')}>
        {CREATOR_STEP_COPY.upgradePlan}
      </Button>
    </Group>
  );
}

/** The transcript poll stopped at its 10-minute cap (issue 37): said, with Retry. */
export function TranscriptPollStopped({ poll }: { poll: Pick<CappedPoll, 'stopped' | 'retry'> }) {
  if (!poll.stopped) return null;
  return (
    <Alert color="orange" variant="light" data-testid="transcript-poll-stopped">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm">{WAY_FORWARD_COPY.transcriptPollStopped}</Text>
        <Button size="xs" variant="light" onClick={poll.retry}>
          {WAY_FORWARD_COPY.retry}
        </Button>
      </Group>
    </Alert>
  );
}

import { useEffect } from 'react';
import { Alert, Loader, Group, Text } from '@mantine/core';
import { BILLING_MESSAGES, type TMinutesPrecheck } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { MinutesWayOn } from './WayForward.tsx';

export type MinutesCheckState =
  | { kind: 'idle' }
  | { kind: 'pending' }
  | { kind: 'error' }
  | { kind: 'ok'; result: TMinutesPrecheck }
  | { kind: 'blocking'; result: TMinutesPrecheck };

/** POST /api/episodes/precheck/minutes for the template and upload (its stored filename): pending, error (non-blocking), ok or blocking. */
export function useMinutesCheck(
  templateId: string | null,
  mainContentFilename: string | null,
  ttsValues?: Record<string, string>,
): MinutesCheckState {
  const precheck = trpc.billing.precheckMinutes.useMutation();
  const { mutate } = precheck;
  const scripts = JSON.stringify(ttsValues ?? {});
  useEffect(() => {
    if (!templateId || !mainContentFilename) return;
    mutate({
      template_id: templateId,
      main_content_filename: mainContentFilename,
      tts_values: JSON.parse(scripts) as Record<string, string>,
    });
  }, [templateId, mainContentFilename, scripts, mutate]);
  if (!templateId || !mainContentFilename || precheck.isIdle) return { kind: 'idle' };
  if (precheck.isPending) return { kind: 'pending' };
  if (precheck.isError || !precheck.data) return { kind: 'error' };
  return precheck.data.allowed ? { kind: 'ok', result: precheck.data } : { kind: 'blocking', result: precheck.data };
}

export function MinutesCheckPanel({ check }: { check: MinutesCheckState }) {
  if (check.kind === 'idle') return null;
  if (check.kind === 'pending') {
    return (
      <Group gap="xs" data-testid="minutes-check">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          Checking processing minutes…
        </Text>
      </Group>
    );
  }
  if (check.kind === 'error')
    return (
      <Text size="sm" c="orange.8" data-testid="minutes-check">
        {BILLING_MESSAGES.unableToCheckMinutes}
      </Text>
    );
  const { result } = check;
  const left = result.minutes_remaining;
  const remaining = left === null ? 'unlimited minutes remain' : `${left} ${left === 1 ? 'minute remains' : 'minutes remain'} this month`;
  if (check.kind === 'blocking') {
    return (
      <Alert color="red" role="alert" data-testid="minutes-check">
        {result.message ?? BILLING_MESSAGES.insufficientMinutes} This episode needs {result.minutes_required} minute
        {result.minutes_required === 1 ? '' : 's'}; {remaining}.
        <MinutesWayOn result={result} />
      </Alert>
    );
  }
  return (
    <Text size="sm" c="dimmed" data-testid="minutes-check">
      This episode needs about {result.minutes_required} processing minute{result.minutes_required === 1 ? '' : 's'}; {remaining}.
    </Text>
  );
}

import { Button, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconReload } from '@tabler/icons-react';
import { engineLabel, MESSAGES, RETRANSCRIBE_MESSAGES, type TRetranscribeRun } from '@ppp/contracts';
import { trpc } from '../../../lib/trpc.ts';
import { messageOf } from '../../../lib/api-error.ts';

/** A run's progress: uploads re-transcribed and kept as they were, of those it found. */
function RunProgress({ run }: { run: TRetranscribeRun }) {
  const finished = run.done + run.failed;
  const percent = run.total > 0 ? Math.round((100 * finished) / run.total) : 100;
  return (
    <Stack gap={4} data-testid="retranscribe-run">
      <Text size="sm">
        {run.status === 'running' ? 'Running' : run.status === 'done' ? 'Finished' : 'Cancelled'} with {engineLabel(run.engine, run.model)}:{' '}
        {run.done} of {run.total} re-transcribed{run.failed > 0 ? `, ${run.failed} kept as they were` : ''}
      </Text>
      <Progress value={percent} animated={run.status === 'running'} aria-label="Re-transcription progress" />
    </Stack>
  );
}

/** Starts the run, says how it went, and reads its state and the queues again. */
function useStartRun() {
  const utils = trpc.useUtils();
  const start = trpc.retranscribe.fallbackStart.useMutation();
  async function run() {
    try {
      await start.mutateAsync({});
      notifications.show({ color: 'teal', title: RETRANSCRIBE_MESSAGES.bulkTitle, message: RETRANSCRIBE_MESSAGES.bulkStarted });
    } catch (error) {
      notifications.show({ color: 'red', title: RETRANSCRIBE_MESSAGES.bulkTitle, message: messageOf(error, MESSAGES.unexpected) });
    }
    await Promise.all([utils.retranscribe.fallbackState.invalidate(), utils.admin.jobs.invalidate()]);
  }
  return { run, pending: start.isPending };
}

/**
 * Issue 32: re-transcribe every upload the offline fallback transcribed, once a better engine runs:
 * one job (transcripts.retranscribe-fallback in the queues below), one upload at a time behind
 * creators' own, with its progress. Shown in Jobs and in the Speech & AI tab.
 */
export function RetranscribeFallbackCard() {
  const state = trpc.retranscribe.fallbackState.useQuery(
    {},
    { refetchInterval: (q) => (q.state.data?.run?.status === 'running' ? 3_000 : 15_000) },
  );
  const { run, pending } = useStartRun();
  const data = state.data;
  if (!data) return null;
  const now = data.engine_now;
  const better = now && !now.fallback ? now : null;
  return (
    <Card withBorder padding="md" data-testid="retranscribe-fallback">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {RETRANSCRIBE_MESSAGES.bulkTitle}
        </Title>
        <Text size="sm">
          {data.fallback_uploads === 0 ? RETRANSCRIBE_MESSAGES.bulkNothingToDo : RETRANSCRIBE_MESSAGES.bulkBody(data.fallback_uploads)}
        </Text>
        {!better && (
          <Text size="sm" c="dimmed">
            {now ? RETRANSCRIBE_MESSAGES.noBetterEngine(engineLabel(now.engine, now.model)) : RETRANSCRIBE_MESSAGES.noEngine}
          </Text>
        )}
        {data.run && <RunProgress run={data.run} />}
        <Group>
          <Button
            leftSection={<IconReload size={16} />}
            disabled={!better || data.run?.status === 'running' || data.fallback_uploads === 0}
            loading={pending}
            onClick={() => void run()}
          >
            {RETRANSCRIBE_MESSAGES.bulkStart}
          </Button>
          {better && (
            <Text size="xs" c="dimmed">
              With {engineLabel(better.engine, better.model)}
            </Text>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

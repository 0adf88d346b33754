import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { ASSEMBLY_MESSAGES, CREATOR_STEP_COPY, type TEpisodeJobStatus } from '@ppp/contracts';
import { trpc } from '../../../lib/trpc.ts';
import { messageOf } from '../../../lib/api-error.ts';

interface Props {
  episodeId: string;
  /** The failed job's status; null when the episode is gone. */
  status: TEpisodeJobStatus | null;
  /** Follows the build again once the retry is queued. */
  onRetried(): Promise<void>;
  onStartOver(): void;
  onBackToDashboard(): void;
}

/**
 * A build that did not finish (issue 19): the server's reason, Retry (the same episode queued again,
 * with no second charge), Start over (the same template and audio, a new build) and Back to Dashboard.
 * A failed re-render of an episode already processed offers no Retry: it keeps its earlier audio.
 */
export function AssemblyFailure({ episodeId, status, onRetried, onStartOver, onBackToDashboard }: Props) {
  const retry = trpc.episodes.retry.useMutation();
  const retryable = status?.episode?.status === 'error';
  const reason = status ? (status.error ?? ASSEMBLY_MESSAGES.renderFailed('unknown error')) : CREATOR_STEP_COPY.buildLost;

  async function retryBuild() {
    await retry.mutateAsync({ id: episodeId });
    await onRetried();
  }

  return (
    <Paper withBorder p="xl" radius="md">
      <Stack gap="md" data-testid="assembly-error">
        <Alert color="red" role="alert" title={CREATOR_STEP_COPY.assemblyFailed}>
          {reason}
        </Alert>
        {retry.isError && (
          <Alert color="red" title={CREATOR_STEP_COPY.retryFailed} data-testid="retry-error">
            {messageOf(retry.error, ASSEMBLY_MESSAGES.renderFailed('the job could not be queued'))}
          </Alert>
        )}
        {retryable && (
          <Text size="sm" c="dimmed">
            {CREATOR_STEP_COPY.retryHint}
          </Text>
        )}
        <Group>
          {retryable && (
            <Button
              leftSection={<IconRefresh size={16} />}
              onClick={() => void retryBuild().catch(() => undefined)}
              loading={retry.isPending}
            >
              {CREATOR_STEP_COPY.retry}
            </Button>
          )}
          <Button variant={retryable ? 'light' : 'filled'} onClick={onStartOver}>
            {CREATOR_STEP_COPY.startOver}
          </Button>
          <Button variant="default" onClick={onBackToDashboard}>
            {CREATOR_STEP_COPY.backToDashboard}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

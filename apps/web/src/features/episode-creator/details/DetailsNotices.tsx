import { Alert, Badge, Group, Title } from '@mantine/core';
import { IconClock, IconSparkles } from '@tabler/icons-react';
import { CREATOR_STEP_COPY, EPISODE_CREATOR_MESSAGES } from '@ppp/contracts';
import type { AutoFillState } from './use-ai-auto-fill.ts';

interface Props {
  testMode: boolean | null;
  transcriptReady: boolean;
  filename: string;
  autoFill: AutoFillState;
  quotaExceeded: boolean;
}

/** Step 5's title (with the admin's test-mode badge) and what holds it up: the transcript, auto fill, the quota. */
export function DetailsNotices({ testMode, transcriptReady, filename, autoFill, quotaExceeded }: Props) {
  return (
    <>
      <Group gap="sm" align="center">
        <Title order={2}>{CREATOR_STEP_COPY.detailsTitle}</Title>
        {testMode && (
          <Badge color="orange" variant="light" data-testid="test-mode-badge">
            Test mode
          </Badge>
        )}
      </Group>
      {!transcriptReady && (
        <Alert color="blue" icon={<IconClock size={18} />} data-testid="transcript-waiting">
          Waiting for the transcript of {filename}; AI Suggest and Assemble Episode are available once it is ready.
        </Alert>
      )}
      {autoFill.status !== 'idle' && (
        <Alert
          color={autoFill.status === 'failed' ? 'orange' : 'teal'}
          icon={<IconSparkles size={18} />}
          data-testid="ai-autofill-notice"
          title="Auto fill with AI"
        >
          {autoFill.message}
        </Alert>
      )}
      {quotaExceeded && (
        <Alert color="red" role="alert">
          {EPISODE_CREATOR_MESSAGES.quotaExceeded}
        </Alert>
      )}
    </>
  );
}

import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { IconCircleCheck, IconAlertCircle } from '@tabler/icons-react';
import { MESSAGES } from '@ppp/contracts';
import { CenteredCard } from '@ppp/ui';
import type { TVerifyState } from './verify-request.ts';
import { useVerifyEmail } from './use-verify-email.ts';

/** /verify (spec 002 sections 2.16 and 4): idle, verifying, success or error. */
export function VerifyPage() {
  const state = useVerifyEmail();
  return (
    <CenteredCard title={MESSAGES.emailVerificationTitle}>
      <VerifyStatus state={state} />
      <Group>
        <Button component="a" href="/onboarding">
          Continue
        </Button>
        <Button component="a" href="/" variant="default">
          Home
        </Button>
      </Group>
    </CenteredCard>
  );
}

function VerifyStatus({ state }: { state: TVerifyState }) {
  if (state.status === 'success')
    return (
      <Alert color="teal" icon={<IconCircleCheck size={18} />} role="status">
        {state.message}
      </Alert>
    );
  if (state.status === 'error')
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
        {state.message}
      </Alert>
    );
  return (
    <Group gap="sm" role="status">
      <Loader size="sm" aria-hidden="true" />
      <Text>{MESSAGES.verifying}</Text>
    </Group>
  );
}

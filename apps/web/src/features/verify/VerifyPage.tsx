import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { IconCircleCheck, IconAlertCircle } from '@tabler/icons-react';
import { MESSAGES } from '@ppp/contracts';
import { CenteredCard } from '@ppp/ui';
import { trpc } from '../../lib/trpc.ts';
import { VERIFY_SUCCESS, verifyBodyFrom, verifyFailureState, type TVerifyState } from './verify-request.ts';

/** /verify (spec 002 sections 2.16 and 4): idle, verifying, success or error. */
export function VerifyPage() {
  const [search] = useSearchParams();
  const query = search.toString();
  const [state, setState] = useState<TVerifyState>({ status: 'idle' });
  const { mutateAsync: confirm } = trpc.auth.confirmEmail.useMutation();

  useEffect(() => {
    const body = verifyBodyFrom(new URLSearchParams(query));
    let cancelled = false;
    // The first state change happens after a microtask, so React never renders a stale state.
    void Promise.resolve().then(async () => {
      if (cancelled) return;
      if (!body) {
        setState({ status: 'error', message: MESSAGES.missingVerificationToken });
        return;
      }
      setState({ status: 'verifying' });
      const result = await confirm(body).then(
        () => VERIFY_SUCCESS,
        (err: unknown) => verifyFailureState(err),
      );
      if (!cancelled) setState(result);
    });
    return () => {
      cancelled = true;
    };
  }, [query, confirm]);

  return (
    <CenteredCard title={MESSAGES.emailVerificationTitle}>
      {(state.status === 'idle' || state.status === 'verifying') && (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden="true" />
          <Text>{MESSAGES.verifying}</Text>
        </Group>
      )}
      {state.status === 'success' && (
        <Alert color="teal" icon={<IconCircleCheck size={18} />} role="status">
          {state.message}
        </Alert>
      )}
      {state.status === 'error' && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {state.message}
        </Alert>
      )}
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

import { useEffect, useRef, useState } from 'react';
import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBroadcast, IconCheck, IconPlugConnected } from '@tabler/icons-react';
import { ONBOARDING_MESSAGES, SPREAKER_CONNECT } from '@ppp/contracts';
import { trpc } from '../../../lib/trpc.ts';
import { readToken } from '../../../lib/session.ts';
import type { StepProps } from './step-props.ts';

/**
 * Where the show is hosted (spec 002 sections 2.9 and 7): connect Spreaker in a 600x700 popup polled
 * each second until it closes (a spreaker_connected message also counts), or use this server's
 * built-in host. Moving on needs one of them; choosing the built-in host counts as connected.
 */
export function HostStep({ state, update, error }: StepProps) {
  const status = trpc.spreaker.status.useQuery();
  const [problem, setProblem] = useState<string | null>(null);
  const [waiting, setWaiting] = useState(false);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);
  const { refetch } = status;

  useEffect(() => () => {
    if (timer.current) clearInterval(timer.current);
  }, []);

  // Already connected (before, or in another tab): the Spreaker choice is ready.
  useEffect(() => {
    if (status.data?.connected && state.host === 'spreaker' && !state.hostConnected) update({ hostConnected: true });
  }, [status.data?.connected, state.host, state.hostConnected, update]);

  function connect() {
    setProblem(null);
    const url = `/api/auth/spreaker/start?access_token=${encodeURIComponent(readToken() ?? '')}`;
    const popup = window.open(url, 'spreaker-connect', `width=${SPREAKER_CONNECT.popupWidth},height=${SPREAKER_CONNECT.popupHeight}`);
    if (!popup) {
      setProblem(ONBOARDING_MESSAGES.popupBlocked);
      return;
    }
    update({ host: 'spreaker', hostConnected: false });
    setWaiting(true);
    let failed = false;
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { type?: string; ok?: boolean } | null;
      if (event.origin === window.location.origin && data?.type === SPREAKER_CONNECT.message) failed = data.ok === false;
    };
    window.addEventListener('message', onMessage);
    if (timer.current) clearInterval(timer.current);
    timer.current = setInterval(() => {
      if (!popup.closed) return;
      if (timer.current) clearInterval(timer.current);
      window.removeEventListener('message', onMessage);
      void refetch().then((r) => {
        setWaiting(false);
        if (r.data?.connected) update({ host: 'spreaker', hostConnected: true });
        else setProblem(failed || r.isError ? ONBOARDING_MESSAGES.connectionError : ONBOARDING_MESSAGES.hostRequired);
      });
    }, SPREAKER_CONNECT.pollMs);
  }

  const configured = status.data?.configured ?? false;
  const spreakerReady = state.host === 'spreaker' && state.hostConnected;
  const builtinChosen = state.host === 'builtin';
  const message = problem ?? (error === ONBOARDING_MESSAGES.hostRequired ? error : null);
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Card withBorder radius="md" padding="lg" component="section" aria-label="Built-in host">
          <Stack gap="xs" h="100%">
            <Group justify="space-between">
              <ThemeIcon variant="light" size={40} radius="md"><IconBroadcast size={22} aria-hidden="true" /></ThemeIcon>
              {builtinChosen ? <Badge color="green" leftSection={<IconCheck size={12} />}>Chosen</Badge> : null}
            </Group>
            <Title order={2} size="h4">Use the built-in host</Title>
            <Text size="sm" c="dimmed" style={{ flex: 1 }}>
              Your show gets its own public RSS feed on this server, ready for Apple Podcasts, Spotify and every other app.
            </Text>
            <Button variant={builtinChosen ? 'filled' : 'default'} onClick={() => update({ host: 'builtin', hostConnected: true })}>
              {builtinChosen ? 'Using the built-in host' : 'Use the built-in host'}
            </Button>
          </Stack>
        </Card>
        <Card withBorder radius="md" padding="lg" component="section" aria-label="Spreaker">
          <Stack gap="xs" h="100%">
            <Group justify="space-between">
              <ThemeIcon variant="light" size={40} radius="md" color="orange"><IconPlugConnected size={22} aria-hidden="true" /></ThemeIcon>
              {spreakerReady ? <Badge color="green" leftSection={<IconCheck size={12} />}>Connected</Badge> : null}
            </Group>
            <Title order={2} size="h4">Connect Spreaker</Title>
            <Text size="sm" c="dimmed" style={{ flex: 1 }}>
              {configured ? 'Publish to your Spreaker account: sign in there in a small window.' : 'Spreaker is not set up on this server; the built-in host works without it.'}
            </Text>
            <Button variant={spreakerReady ? 'filled' : 'default'} onClick={connect} disabled={!configured} loading={waiting}>
              {spreakerReady ? 'Connected to Spreaker' : 'Connect Spreaker'}
            </Button>
          </Stack>
        </Card>
      </SimpleGrid>
      {message ? <Alert color="red" role="alert">{message}</Alert> : null}
    </Stack>
  );
}

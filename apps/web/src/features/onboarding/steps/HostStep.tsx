import { useEffect, useState } from 'react';
import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBroadcast, IconCheck, IconPlugConnected } from '@tabler/icons-react';
import { ONBOARDING_MESSAGES, SPREAKER_MESSAGES } from '@ppp/contracts';
import { trpc } from '../../../lib/trpc.ts';
import { connectSpreakerPopup } from '../../../lib/spreaker-popup.ts';
import { connectOutcome, recogniseConnectedHost } from '../host-connection.ts';
import type { StepProps } from './step-props.ts';

/**
 * Where the show is hosted (spec 002 sections 2.9 and 7): connect Spreaker in a 600x700 popup polled
 * each second until it closes, its spreaker_connected message counting as connected (spec 001 §4), or
 * use this server's built-in host. Moving on needs one of them; choosing the built-in host counts as
 * connected, and an account already connected to Spreaker is recognised when the step opens.
 */
export function HostStep({ state, update, error }: StepProps) {
  const status = trpc.spreaker.status.useQuery();
  const [problem, setProblem] = useState<string | null>(null);
  const [waiting, setWaiting] = useState(false);
  const { refetch } = status;
  const ticket = trpc.spreaker.connectTicket.useMutation();

  useEffect(() => {
    const patch = recogniseConnectedHost(state, status.data);
    if (patch) update(patch);
  }, [status.data, state, update]);

  async function connect() {
    setProblem(null);
    let message;
    try {
      const popup = connectSpreakerPopup(async () => (await ticket.mutateAsync()).ticket);
      setWaiting(true);
      message = await popup;
    } catch (err) {
      setWaiting(false);
      // A blocked popup says so in the step's words; a refused ticket says why.
      setProblem(err instanceof Error && err.message !== SPREAKER_MESSAGES.popupBlocked ? err.message : ONBOARDING_MESSAGES.popupBlocked);
      return;
    }
    const fresh = await refetch();
    setWaiting(false);
    const outcome = connectOutcome(message, fresh.isError ? null : (fresh.data ?? null));
    if ('connected' in outcome) update({ host: 'spreaker', hostConnected: true });
    else setProblem(outcome.problem);
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
              <ThemeIcon variant="light" size={40} radius="md">
                <IconBroadcast size={22} aria-hidden="true" />
              </ThemeIcon>
              {builtinChosen ? (
                <Badge color="green" leftSection={<IconCheck size={12} />}>
                  Chosen
                </Badge>
              ) : null}
            </Group>
            <Title order={2} size="h4">
              Use the built-in host
            </Title>
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
              <ThemeIcon variant="light" size={40} radius="md" color="orange">
                <IconPlugConnected size={22} aria-hidden="true" />
              </ThemeIcon>
              {spreakerReady ? (
                <Badge color="green" leftSection={<IconCheck size={12} />}>
                  Connected
                </Badge>
              ) : null}
            </Group>
            <Title order={2} size="h4">
              Connect Spreaker
            </Title>
            <Text size="sm" c="dimmed" style={{ flex: 1 }}>
              {configured
                ? 'Publish to your Spreaker account: sign in there in a small window.'
                : 'Spreaker is not set up on this server; the built-in host works without it.'}
            </Text>
            <Button variant={spreakerReady ? 'filled' : 'default'} onClick={() => void connect()} disabled={!configured} loading={waiting}>
              {spreakerReady ? 'Connected to Spreaker' : 'Connect Spreaker'}
            </Button>
          </Stack>
        </Card>
      </SimpleGrid>
      {message ? (
        <Alert color="red" role="alert">
          {message}
        </Alert>
      ) : null}
    </Stack>
  );
}

import type { ReactNode } from 'react';
import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBroadcast, IconCheck, IconPlugConnected } from '@tabler/icons-react';
import { ONBOARDING_MESSAGES } from '@ppp/contracts';
import { useSpreakerConnect } from '../use-spreaker-connect.ts';
import type { StepProps } from './step-props.ts';

interface HostCardProps {
  name: string;
  icon: ReactNode;
  colour?: string;
  title: string;
  text: string;
  /** The badge shown once this host is chosen or connected; null before. */
  badge: string | null;
  children: ReactNode;
}

function HostCard({ name, icon, colour, title, text, badge, children }: HostCardProps) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={name}>
      <Stack gap="xs" h="100%">
        <Group justify="space-between">
          <ThemeIcon variant="light" size={40} radius="md" color={colour}>
            {icon}
          </ThemeIcon>
          {badge ? (
            <Badge color="green" leftSection={<IconCheck size={12} />}>
              {badge}
            </Badge>
          ) : null}
        </Group>
        <Title order={2} size="h4">
          {title}
        </Title>
        <Text size="sm" c="dimmed" style={{ flex: 1 }}>
          {text}
        </Text>
        {children}
      </Stack>
    </Card>
  );
}

/**
 * Where the show is hosted (spec 002 sections 2.9 and 7): connect Spreaker in a 600x700 popup polled
 * each second until it closes, its spreaker_connected message counting as connected (spec 001 §4), or
 * use this server's built-in host. Moving on needs one of them; choosing the built-in host counts as
 * connected, and an account already connected to Spreaker is recognised when the step opens.
 */
export function HostStep({ state, update, error }: StepProps) {
  const { configured, problem, waiting, connect } = useSpreakerConnect(state, update);
  const spreakerReady = state.host === 'spreaker' && state.hostConnected;
  const builtinChosen = state.host === 'builtin';
  const message = problem ?? (error === ONBOARDING_MESSAGES.hostRequired ? error : null);
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <HostCard
          name="Built-in host"
          icon={<IconBroadcast size={22} aria-hidden="true" />}
          title="Use the built-in host"
          text="Your show gets its own public RSS feed on this server, ready for Apple Podcasts, Spotify and every other app."
          badge={builtinChosen ? 'Chosen' : null}
        >
          <Button variant={builtinChosen ? 'filled' : 'default'} onClick={() => update({ host: 'builtin', hostConnected: true })}>
            {builtinChosen ? 'Using the built-in host' : 'Use the built-in host'}
          </Button>
        </HostCard>
        <HostCard
          name="Spreaker"
          icon={<IconPlugConnected size={22} aria-hidden="true" />}
          colour="orange"
          title="Connect Spreaker"
          text={
            configured
              ? 'Publish to your Spreaker account: sign in there in a small window.'
              : 'Spreaker is not set up on this server; the built-in host works without it.'
          }
          badge={spreakerReady ? 'Connected' : null}
        >
          <Button variant={spreakerReady ? 'filled' : 'default'} onClick={() => void connect()} disabled={!configured} loading={waiting}>
            {spreakerReady ? 'Connected to Spreaker' : 'Connect Spreaker'}
          </Button>
        </HostCard>
      </SimpleGrid>
      {message ? (
        <Alert color="red" role="alert">
          {message}
        </Alert>
      ) : null}
    </Stack>
  );
}

import { Card, Stack, Text, Title } from '@mantine/core';
import type { TMe } from '@ppp/contracts';
import { NameForm } from './NameForm.tsx';
import { DisplayOptionsCard } from './DisplayOptionsCard.tsx';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';
import { SpreakerConnection } from '../podcast-manager/SpreakerConnection.tsx';
import { useSpreakerConnectedFlag } from '../podcast-manager/use-spreaker-connected-flag.ts';
import { ElevenLabsKeyCard } from './ElevenLabsKeyCard.tsx';

/** The settings screen (spec 002 section 2.12). The host connection and audio filters arrive with their issues. */
export function SettingsView({ me }: { me: TMe }) {
  useSpreakerConnectedFlag();
  return (
    <Stack gap="lg" maw={760}>
      <div>
        <Title order={1}>Settings</Title>
        <Text c="dimmed">Your name, how the app looks, and your password.</Text>
      </div>
      <NameForm key={`${me.first_name ?? ''}|${me.last_name ?? ''}`} me={me} />
      <DisplayOptionsCard />
      <ChangePasswordForm />
      <Card withBorder padding="lg" aria-label="Podcast hosting">
        <Title order={2} size="h4" mb="xs">
          Podcast hosting
        </Title>
        <SpreakerConnection />
      </Card>
      <ElevenLabsKeyCard />
    </Stack>
  );
}

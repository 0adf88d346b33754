import { Stack, Text, Title } from '@mantine/core';
import type { TMe } from '@ppp/contracts';
import { NameForm } from './NameForm.tsx';
import { DisplayOptionsCard } from './DisplayOptionsCard.tsx';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';
import { ElevenLabsKeyCard } from './ElevenLabsKeyCard.tsx';

/** The settings screen (spec 002 section 2.12). The host connection and audio filters arrive with their issues. */
export function SettingsView({ me }: { me: TMe }) {
  return (
    <Stack gap="lg" maw={760}>
      <div>
        <Title order={1}>Settings</Title>
        <Text c="dimmed">Your name, how the app looks, and your password.</Text>
      </div>
      <NameForm key={`${me.first_name ?? ''}|${me.last_name ?? ''}`} me={me} />
      <DisplayOptionsCard />
      <ChangePasswordForm />
      <ElevenLabsKeyCard />
    </Stack>
  );
}

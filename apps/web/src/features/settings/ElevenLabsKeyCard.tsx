import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { trpc } from '../../lib/trpc.ts';
import { toApiFailure } from '../../lib/api-error.ts';

/** AI voices: the user's own ElevenLabs key (stored encrypted, never shown again) and which engines speak. */
export function ElevenLabsKeyCard() {
  const utils = trpc.useUtils();
  const capabilities = trpc.speech.capabilities.useQuery();
  const save = trpc.speech.setElevenLabsKey.useMutation({ onSuccess: (data) => utils.speech.capabilities.setData(undefined, data) });
  const [key, setKey] = useState('');

  async function store(value: string | null) {
    try {
      await save.mutateAsync({ api_key: value });
      setKey('');
      await utils.speech.voices.invalidate();
      notifications.show({
        color: 'green',
        title: 'Saved',
        message: value ? 'Your ElevenLabs voices are available.' : 'Your ElevenLabs key was removed.',
      });
    } catch (err) {
      notifications.show({ color: 'red', title: 'Save failed', message: toApiFailure(err).message ?? 'Save failed' });
    }
  }

  const caps = capabilities.data;
  return (
    <Card withBorder padding="lg" component="section" aria-label="AI voices">
      <Stack gap="sm">
        <Title order={2} size="h4">
          AI voices
        </Title>
        <Text size="sm" c="dimmed">
          eSpeak NG voices are always available. Add your own ElevenLabs API key to use your ElevenLabs voices; it is stored encrypted and
          never shown again.
        </Text>
        {caps && (
          <Group gap="xs">
            {caps.tts_providers.map((provider) => (
              <Badge key={provider} variant="light">
                {provider === 'espeak'
                  ? 'eSpeak NG'
                  : provider === 'elevenlabs'
                    ? 'ElevenLabs'
                    : provider === 'google'
                      ? 'Google'
                      : 'OpenAI'}
              </Badge>
            ))}
          </Group>
        )}
        {caps?.elevenlabs_key_last4 && <Alert color="teal">ElevenLabs key ending in {caps.elevenlabs_key_last4} is saved.</Alert>}
        <Group align="end" gap="sm">
          <PasswordInput
            label="ElevenLabs API key"
            value={key}
            onChange={(e) => setKey(e.currentTarget.value)}
            style={{ flex: 1, minWidth: 220 }}
            autoComplete="off"
          />
          <Button onClick={() => void store(key.trim())} disabled={!key.trim()} loading={save.isPending}>
            Save key
          </Button>
          {caps?.elevenlabs_key_last4 && (
            <Button variant="subtle" color="red" onClick={() => void store(null)}>
              Remove
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

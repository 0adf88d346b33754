import { Alert, Badge, Button, Group, PasswordInput, Text } from '@mantine/core';
import { TitledCard, SPEECH_PROVIDER_LABELS } from '@ppp/ui';
import { useElevenLabsKey } from './use-elevenlabs-key.ts';

/** AI voices: the user's own ElevenLabs key (stored encrypted, never shown again) and which engines speak. */
export function ElevenLabsKeyCard() {
  const { capabilities: caps, key, setKey, store, saving } = useElevenLabsKey();
  return (
    <TitledCard title="AI voices" component="section" aria-label="AI voices">
      <Text size="sm" c="dimmed">
        eSpeak NG voices are always available. Add your own ElevenLabs API key to use your ElevenLabs voices; it is stored encrypted and
        never shown again.
      </Text>
      {caps && (
        <Group gap="xs">
          {caps.tts_providers.map((provider) => (
            <Badge key={provider} variant="light">
              {SPEECH_PROVIDER_LABELS[provider]}
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
        <Button onClick={() => void store(key.trim())} disabled={!key.trim()} loading={saving}>
          Save key
        </Button>
        {caps?.elevenlabs_key_last4 && (
          <Button variant="subtle" color="red" onClick={() => void store(null)}>
            Remove
          </Button>
        )}
      </Group>
    </TitledCard>
  );
}

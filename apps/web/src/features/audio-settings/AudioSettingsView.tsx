import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { MESSAGES, type TAudioCleanupSettings } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { toApiFailure } from '../../lib/api-error.ts';
import { CensorCard } from './CensorCard.tsx';
import { FillersAndPausesCard } from './FillersAndPausesCard.tsx';
import { MagicWordsCard } from './MagicWordsCard.tsx';
import { SpeechEnhancementCard } from './SpeechEnhancementCard.tsx';
import { useAudioSettings } from './use-audio-settings.ts';

/** Audio Improvements and Magic Words (spec 001 §3, §5, §9): saved per user and used when uploads are checked. */
export function AudioSettingsView() {
  const settings = trpc.audioCleanup.get.useQuery();
  if (settings.isPending) return <Loader aria-label="Loading settings" />;
  if (settings.isError) return <Alert color="red">{toApiFailure(settings.error).message ?? MESSAGES.unexpected}</Alert>;
  return <AudioSettingsForm key={JSON.stringify(settings.data)} saved={settings.data} />;
}

function AudioSettingsForm({ saved }: { saved: TAudioCleanupSettings }) {
  const { values, setValues, patch, beeps, changed, reset, save, saving } = useAudioSettings(saved);
  return (
    <Stack gap="lg" maw={760}>
      <div>
        <Title order={1}>Audio Improvements and Magic Words</Title>
        <Text c="dimmed">How your uploads are cleaned up, and the spoken words that mark retakes and AI commands.</Text>
      </div>
      <FillersAndPausesCard values={values} patch={patch} />
      <SpeechEnhancementCard values={values} patch={patch} />
      <CensorCard values={values} patch={patch} beeps={beeps} />
      <MagicWordsCard values={values} setValues={setValues} />
      <Group justify="flex-end">
        <Button variant="default" disabled={!changed} onClick={reset}>
          Reset
        </Button>
        <Button disabled={!changed} loading={saving} onClick={() => void save()}>
          Save settings
        </Button>
      </Group>
    </Stack>
  );
}

import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Group,
  Loader,
  NumberInput,
  Select,
  Slider,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { CLEANUP, MESSAGES, censorStrictness, splitPhraseList, type TAudioCleanupSettings } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { toApiFailure } from '../../lib/api-error.ts';

/** Audio Improvements and Magic Words (spec 001 §3, §5, §9): saved per user and used when uploads are checked. */
export function AudioSettingsView() {
  const settings = trpc.audioCleanup.get.useQuery();
  if (settings.isPending) return <Loader aria-label="Loading settings" />;
  if (settings.isError) return <Alert color="red">{toApiFailure(settings.error).message ?? MESSAGES.unexpected}</Alert>;
  return <AudioSettingsForm key={JSON.stringify(settings.data)} saved={settings.data} />;
}

type Patch = (next: Partial<TAudioCleanupSettings>) => void;

function FillersAndPauses({ values, patch }: { values: TAudioCleanupSettings; patch: Patch }) {
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Title order={2} size="h4">
          Audio improvements
        </Title>
        <Switch
          label="Remove filler words"
          checked={values.removeFillers}
          onChange={(e) => patch({ removeFillers: e.currentTarget.checked })}
        />
        <TagsInput
          label="Filler words"
          value={values.fillerWords}
          onChange={(fillerWords) => patch({ fillerWords })}
          splitChars={[',', '|']}
        />
        <NumberInput
          label="Lead trim before a filler (ms)"
          min={CLEANUP.minFillerLeadTrimMs}
          value={values.fillerLeadTrimMs}
          onChange={(v) => patch({ fillerLeadTrimMs: Number(v) })}
        />
        <Switch
          label="Shorten long pauses"
          checked={values.removePauses}
          onChange={(e) => patch({ removePauses: e.currentTarget.checked })}
        />
        <Group grow>
          <NumberInput
            label="Longest pause kept (s)"
            min={CLEANUP.minMaxPauseSeconds}
            step={0.1}
            decimalScale={2}
            value={values.maxPauseSeconds}
            onChange={(v) => patch({ maxPauseSeconds: Number(v) })}
          />
          <NumberInput
            label="Shortened to (s)"
            min={CLEANUP.minTargetPauseSeconds}
            step={0.1}
            decimalScale={2}
            value={values.targetPauseSeconds}
            onChange={(v) => patch({ targetPauseSeconds: Number(v) })}
          />
        </Group>
      </Stack>
    </Card>
  );
}

function Censor({ values, patch, beeps }: { values: TAudioCleanupSettings; patch: Patch; beeps: { value: string; label: string }[] }) {
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Title order={2} size="h4">
          Censor
        </Title>
        <Switch
          label="Beep out censored words"
          checked={values.censorEnabled}
          onChange={(e) => patch({ censorEnabled: e.currentTarget.checked })}
        />
        <TagsInput
          label="Censored words"
          value={values.censorWords}
          onChange={(censorWords) => patch({ censorWords })}
          splitChars={[',', '|']}
        />
        <Switch label="Fuzzy matching" checked={values.censorFuzzy} onChange={(e) => patch({ censorFuzzy: e.currentTarget.checked })} />
        <div>
          <Text size="sm" fw={500}>
            Match threshold: {values.censorMatchThreshold.toFixed(2)} ({censorStrictness(values.censorMatchThreshold)})
          </Text>
          <Slider
            min={CLEANUP.minCensorMatchThreshold}
            max={CLEANUP.maxCensorMatchThreshold}
            step={CLEANUP.censorMatchThresholdStep}
            value={values.censorMatchThreshold}
            onChange={(censorMatchThreshold) => patch({ censorMatchThreshold })}
            label={(v) => v.toFixed(2)}
            aria-label="Censor match threshold"
          />
        </div>
        <Select
          label="Beep sound"
          placeholder="Generated beep"
          data={beeps}
          value={values.censorBeepFile}
          onChange={(censorBeepFile) => patch({ censorBeepFile })}
          clearable
        />
        <Group grow>
          <NumberInput
            label="Beep length (ms)"
            min={1}
            max={CLEANUP.maxCensorBeepMs}
            value={values.censorBeepMs}
            onChange={(v) => patch({ censorBeepMs: Number(v) })}
          />
          <NumberInput
            label="Beep pitch (Hz)"
            min={CLEANUP.minCensorBeepFreq}
            max={CLEANUP.maxCensorBeepFreq}
            value={values.censorBeepFreq}
            onChange={(v) => patch({ censorBeepFreq: Number(v) })}
          />
          <NumberInput
            label="Beep gain (dB)"
            min={CLEANUP.minCensorBeepGainDb}
            max={CLEANUP.maxCensorBeepGainDb}
            value={values.censorBeepGainDb}
            onChange={(v) => patch({ censorBeepGainDb: Number(v) })}
          />
        </Group>
      </Stack>
    </Card>
  );
}

function MagicWords({ values, setValues }: { values: TAudioCleanupSettings; setValues: (v: TAudioCleanupSettings) => void }) {
  const { flubber, intern } = values.commands;
  const setCommands = (next: Partial<TAudioCleanupSettings['commands']>) =>
    setValues({ ...values, commands: { ...values.commands, ...next } });
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Title order={2} size="h4">
          Magic words
        </Title>
        <TextInput
          label="Flubber trigger word"
          description="Say it right after a mistake; the retake is cut."
          value={flubber.trigger_keyword}
          onChange={(e) => setCommands({ flubber: { ...flubber, trigger_keyword: e.currentTarget.value } })}
        />
        <TextInput
          label="Intern trigger word"
          description="Say it, then a question or instruction for the AI."
          value={intern.trigger_keyword}
          onChange={(e) => setCommands({ intern: { ...intern, trigger_keyword: e.currentTarget.value } })}
        />
        <TextInput
          label="Intern stop phrases"
          description="Separated by commas or pipes."
          defaultValue={intern.end_markers.join(', ')}
          onBlur={(e) => setCommands({ intern: { ...intern, end_markers: splitPhraseList(e.currentTarget.value) } })}
        />
        <Switch
          label="Remove the stop phrase from the audio"
          checked={intern.remove_end_marker}
          onChange={(e) => setCommands({ intern: { ...intern, remove_end_marker: e.currentTarget.checked } })}
        />
        <Switch
          label="Keep the command word in the transcript"
          checked={intern.keep_command_token_in_transcript}
          onChange={(e) => setCommands({ intern: { ...intern, keep_command_token_in_transcript: e.currentTarget.checked } })}
        />
      </Stack>
    </Card>
  );
}

function AudioSettingsForm({ saved }: { saved: TAudioCleanupSettings }) {
  const [values, setValues] = useState<TAudioCleanupSettings>(saved);
  const utils = trpc.useUtils();
  const update = trpc.audioCleanup.update.useMutation();
  const sfx = trpc.media.library.useQuery(undefined, {
    select: (items) => items.filter((i) => i.category === 'sfx').map((i) => ({ value: i.filename, label: i.friendly_name })),
  });
  const changed = JSON.stringify(values) !== JSON.stringify(saved);
  const patch: Patch = (next) => setValues({ ...values, ...next });

  async function save() {
    try {
      utils.audioCleanup.get.setData(undefined, await update.mutateAsync({ settings: values }));
      // Issue 18: the server checked the uploads not yet made into episodes again with these settings.
      await Promise.all([utils.media.mainContent.invalidate(), utils.transcripts.intentHints.invalidate()]);
      notifications.show({
        color: 'teal',
        title: 'Saved',
        message: 'Audio settings updated. Your uploads not yet made into episodes were checked again with them.',
      });
    } catch (err) {
      notifications.show({ color: 'red', title: MESSAGES.failedToSaveSettings, message: toApiFailure(err).message ?? MESSAGES.unexpected });
    }
  }

  return (
    <Stack gap="lg" maw={760}>
      <div>
        <Title order={1}>Audio Improvements and Magic Words</Title>
        <Text c="dimmed">How your uploads are cleaned up, and the spoken words that mark retakes and AI commands.</Text>
      </div>
      <FillersAndPauses values={values} patch={patch} />
      <Censor values={values} patch={patch} beeps={sfx.data ?? []} />
      <MagicWords values={values} setValues={setValues} />
      <Group justify="flex-end">
        <Button variant="default" disabled={!changed} onClick={() => setValues(saved)}>
          Reset
        </Button>
        <Button disabled={!changed} loading={update.isPending} onClick={() => void save()}>
          Save settings
        </Button>
      </Group>
    </Stack>
  );
}

import { Group, NumberInput, Switch } from '@mantine/core';
import { CLEANUP, type TAudioCleanupSettings } from '@ppp/contracts';
import { TitledCard } from '@ppp/ui';
import { SwitchedWordList } from './SwitchedWordList.tsx';
import type { PatchSettings } from './use-audio-settings.ts';

interface CardProps {
  values: TAudioCleanupSettings;
  patch: PatchSettings;
}

/** Audio improvements: filler words removed with a lead trim, long pauses shortened. */
export function FillersAndPausesCard({ values, patch }: CardProps) {
  return (
    <TitledCard title="Audio improvements" gap="md">
      <SwitchedWordList
        switchLabel="Remove filler words"
        enabled={values.removeFillers}
        onEnabled={(removeFillers) => patch({ removeFillers })}
        listLabel="Filler words"
        words={values.fillerWords}
        onWords={(fillerWords) => patch({ fillerWords })}
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
      <PauseLengths values={values} patch={patch} />
    </TitledCard>
  );
}

/** The longest pause kept and what a longer one is shortened to. */
function PauseLengths({ values, patch }: CardProps) {
  return (
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
  );
}

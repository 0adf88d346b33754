import { Group, NumberInput, Select, Slider, Switch, Text } from '@mantine/core';
import { CLEANUP, censorStrictness, type TAudioCleanupSettings } from '@ppp/contracts';
import { TitledCard } from '@ppp/ui';
import { SwitchedWordList } from './SwitchedWordList.tsx';
import type { BeepChoice, PatchSettings } from './use-audio-settings.ts';

interface CensorCardProps {
  values: TAudioCleanupSettings;
  patch: PatchSettings;
  /** The user's sound effects a beep can be. */
  beeps: BeepChoice[];
}

/** Censor: the words beeped out, fuzzy matching and its threshold, and the beep itself. */
export function CensorCard({ values, patch, beeps }: CensorCardProps) {
  return (
    <TitledCard title="Censor" gap="md">
      <SwitchedWordList
        switchLabel="Beep out censored words"
        enabled={values.censorEnabled}
        onEnabled={(censorEnabled) => patch({ censorEnabled })}
        listLabel="Censored words"
        words={values.censorWords}
        onWords={(censorWords) => patch({ censorWords })}
      />
      <Switch label="Fuzzy matching" checked={values.censorFuzzy} onChange={(e) => patch({ censorFuzzy: e.currentTarget.checked })} />
      <CensorThreshold values={values} patch={patch} />
      <BeepSound values={values} patch={patch} beeps={beeps} />
    </TitledCard>
  );
}

/** The fuzzy match threshold with its strictness in words. */
function CensorThreshold({ values, patch }: Omit<CensorCardProps, 'beeps'>) {
  return (
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
  );
}

/** The beep: a sound effect or the generated tone, its length, pitch and gain. */
function BeepSound({ values, patch, beeps }: CensorCardProps) {
  return (
    <>
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
    </>
  );
}

import { Button, Card, Group, NumberInput, Stack, Text } from '@mantine/core';
import { EPISODE_CREATOR_MESSAGES, formatCutTime, type TFlubberContext } from '@ppp/contracts';
import { SnippetWaveform } from '@ppp/ui';
import { clampFlubberRange, type FlubberCut } from './creator-rules.ts';
import { MarkerConfidence } from './MarkerConfidence.tsx';
import type { CreatorAction } from './creator-state.ts';

interface Props {
  context: TFlubberContext;
  cut: FlubberCut;
  dispatch(action: CreatorAction): void;
}

/** Where the retake is, what the cut is based on, and Cut or Uncut. */
function RetakeHeading({ context, cut, at, dispatch }: Props & { at: string }) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <div>
        <Text fw={700}>Retake at {at}</Text>
        <Text size="xs" c="dimmed" data-testid="retake-basis">
          {context.retake_found
            ? `The flubbed take began at ${formatCutTime(context.cut_start_s * 1000)}: “${context.retake_text}”`
            : 'No repeated words found after "flubber": the cut covers just the word; drag it to where the take began.'}
        </Text>
        {context.preselected === false && (
          <Text size="xs" c="orange.8" data-testid="retake-choice">
            Not cut unless you choose: this cut starts more than a second before the take you said again. Listen first.
          </Text>
        )}
      </div>
      <Button
        size="xs"
        color={cut.cut ? 'red' : 'gray'}
        variant={cut.cut ? 'filled' : 'light'}
        onClick={() => dispatch({ type: 'toggleCut', index: context.flubber_index, cut: !cut.cut })}
        aria-pressed={cut.cut}
        aria-label={`${cut.cut ? 'Uncut' : 'Cut'} the retake at ${at}`}
      >
        {cut.cut ? 'Uncut' : 'Cut'}
      </Button>
    </Group>
  );
}

/** The cut's edges typed in seconds. */
function CutRangeInputs({ cut, setRange }: { cut: FlubberCut; setRange(start: number, end: number): void }) {
  return (
    <Group grow>
      <NumberInput
        label="Cut from (s)"
        size="xs"
        step={0.05}
        decimalScale={2}
        min={0}
        value={cut.start_s}
        onChange={(v) => setRange(Number(v), cut.end_s)}
      />
      <NumberInput
        label="Cut to (s)"
        size="xs"
        step={0.05}
        decimalScale={2}
        min={0}
        value={cut.end_s}
        onChange={(v) => setRange(cut.start_s, Number(v))}
      />
    </Group>
  );
}

/** One retake found: listen to it, drag or type the cut, or keep the take. */
export function RetakeCard({ context, cut, dispatch }: Props) {
  const at = formatCutTime(context.flubber_time_s * 1000);
  const setRange = (start: number, end: number) =>
    dispatch({ type: 'setCutRange', index: context.flubber_index, ...clampFlubberRange(start, end) });
  return (
    <Card withBorder padding="sm" data-testid="retake-card" style={cut.cut ? { borderColor: 'var(--mantine-color-red-6)' } : undefined}>
      <Stack gap="xs">
        <RetakeHeading context={context} cut={cut} at={at} dispatch={dispatch} />
        <MarkerConfidence confidence={context.confidence} what="retake marker" />
        {context.url ? (
          <SnippetWaveform
            url={context.url}
            label={`the retake at ${at}`}
            highlight={{ start: cut.start_s - context.snippet_start_s, end: cut.end_s - context.snippet_start_s }}
            onHighlightChange={(start, end) => setRange(start + context.snippet_start_s, end + context.snippet_start_s)}
            unavailableText={EPISODE_CREATOR_MESSAGES.snippetUnavailable}
          />
        ) : (
          <Text size="sm" c="red">
            {EPISODE_CREATOR_MESSAGES.snippetUnavailable}
          </Text>
        )}
        <CutRangeInputs cut={cut} setRange={setRange} />
      </Stack>
    </Card>
  );
}

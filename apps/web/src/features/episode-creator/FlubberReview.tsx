import { Alert, Button, Card, Group, Loader, Modal, NumberInput, Slider, Stack, Text } from '@mantine/core';
import { EPISODE_CREATOR, EPISODE_CREATOR_MESSAGES, EPISODE_CREATOR_SHELL, formatCutTime, type TFlubberContext } from '@ppp/contracts';
import { SnippetWaveform } from '@ppp/ui';
import { clampFlubberRange, type FlubberCut } from './creator-rules.ts';
import type { CreatorAction } from './creator-state.ts';
import { useFlubberScan, useScanOnOpen } from './use-flubber-scan.ts';

export interface FlubberReviewProps {
  uploadId: string;
  fuzzyThreshold: number;
  contexts: TFlubberContext[] | null;
  cuts: Record<number, FlubberCut>;
  dispatch(action: CreatorAction): void;
}

function RetakeCard({ context, cut, dispatch }: { context: TFlubberContext; cut: FlubberCut; dispatch: FlubberReviewProps['dispatch'] }) {
  const at = formatCutTime(context.flubber_time_s * 1000);
  const setRange = (start: number, end: number) =>
    dispatch({ type: 'setCutRange', index: context.flubber_index, ...clampFlubberRange(start, end) });
  return (
    <Card withBorder padding="sm" data-testid="retake-card" style={cut.cut ? { borderColor: 'var(--mantine-color-red-6)' } : undefined}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <div>
            <Text fw={700}>Retake at {at}</Text>
            <Text size="xs" c="dimmed" data-testid="retake-basis">
              {context.retake_found
                ? `The flubbed take began at ${formatCutTime(context.cut_start_s * 1000)}: “${context.retake_text}”`
                : 'No repeated words found after "flubber": the cut covers just the word; drag it to where the take began.'}
            </Text>
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
      </Stack>
    </Card>
  );
}

/** 'Scanning for retakes' then 'No retakes detected' or 'Review Retakes' (spec 000 §2 and §4). */
export function FlubberReview({ uploadId, fuzzyThreshold, contexts, cuts, dispatch }: FlubberReviewProps) {
  const { phase, error, scan, drop } = useFlubberScan(uploadId, contexts, dispatch);
  useScanOnOpen(!contexts || contexts.length === 0, () => scan(fuzzyThreshold), drop);

  const skip = () => {
    drop();
    dispatch({ type: 'flubberFinished', keepCuts: false });
  };

  if (phase === 'scanning') {
    return (
      <Modal
        opened
        onClose={skip}
        withCloseButton={false}
        closeOnClickOutside={false}
        centered
        title={<Text fw={800}>{EPISODE_CREATOR_SHELL.scanningTitle}</Text>}
      >
        <Stack align="center" py="md">
          <Loader aria-label={EPISODE_CREATOR_SHELL.scanningTitle} />
          <Text size="sm" c="dimmed">
            Looking for the places you said "flubber"…
          </Text>
          <Button variant="default" onClick={skip}>
            {EPISODE_CREATOR_SHELL.skipForNow}
          </Button>
        </Stack>
      </Modal>
    );
  }
  if (phase === 'none' || phase === 'error') {
    return (
      <Modal opened onClose={skip} centered title={<Text fw={800}>{EPISODE_CREATOR_MESSAGES.noRetakes}</Text>}>
        <Stack>
          {phase === 'error' ? (
            <Alert color="red">{error}</Alert>
          ) : (
            <Text size="sm">{EPISODE_CREATOR_MESSAGES.noFlubberInstances} A lower threshold finds looser matches of the word.</Text>
          )}
          <div>
            <Text size="sm" fw={600}>
              Fuzzy threshold: {fuzzyThreshold.toFixed(2)}
            </Text>
            <Slider
              thumbLabel="Fuzzy threshold"
              min={EPISODE_CREATOR.fuzzyMin}
              max={EPISODE_CREATOR.fuzzyMax}
              step={EPISODE_CREATOR.fuzzyStep}
              value={fuzzyThreshold}
              onChange={(value) => dispatch({ type: 'setFuzzy', value })}
              label={(v) => v.toFixed(2)}
            />
          </div>
          <Group justify="flex-end">
            <Button variant="default" onClick={skip}>
              Skip
            </Button>
            <Button onClick={() => scan(fuzzyThreshold)}>Retry</Button>
          </Group>
        </Stack>
      </Modal>
    );
  }
  return (
    <Modal opened onClose={skip} centered size="lg" title={<Text fw={800}>{EPISODE_CREATOR_SHELL.reviewRetakesTitle}</Text>}>
      <Stack>
        <Text size="sm" c="dimmed">
          Each cut runs from where the flubbed take began to just before you said it again. Listen, drag the shaded range or type its edges
          to adjust it, and pick Uncut to keep a take.
        </Text>
        {(contexts ?? []).map((context) => {
          const cut = cuts[context.flubber_index];
          return cut ? <RetakeCard key={context.flubber_index} context={context} cut={cut} dispatch={dispatch} /> : null;
        })}
        <Group justify="flex-end">
          <Button variant="default" onClick={skip}>
            Skip
          </Button>
          <Button onClick={() => dispatch({ type: 'flubberFinished', keepCuts: true })}>{EPISODE_CREATOR_SHELL.applySelected}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

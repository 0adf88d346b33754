import { Alert, Button, Loader, Modal, Slider, Stack, Text } from '@mantine/core';
import { EPISODE_CREATOR, EPISODE_CREATOR_MESSAGES, EPISODE_CREATOR_SHELL, type TFlubberContext } from '@ppp/contracts';
import { DialogActions } from '@ppp/ui';
import type { FlubberCut } from './creator-rules.ts';
import type { CreatorAction } from './creator-state.ts';
import { RetakeCard } from './RetakeCard.tsx';
import { RetakeExtrasReview } from './RetakeExtrasReview.tsx';
import type { RetakeExtras } from './retake-extras.ts';
import { CorrectTranscriptLink } from './CreatorTranscript.tsx';
import { FallbackNoticeFor } from '../transcript/FallbackNotice.tsx';
import { useFlubberScan, useScanOnOpen } from './use-flubber-scan.ts';

export interface FlubberReviewProps {
  uploadId: string;
  fuzzyThreshold: number;
  contexts: TFlubberContext[] | null;
  cuts: Record<number, FlubberCut>;
  /** Repeats with no marker and fillers, reviewed beside the retakes (issue 33). */
  extras?: RetakeExtras | null;
  dispatch(action: CreatorAction): void;
}

/** 'Scanning for retakes', with Skip for now. */
function ScanningModal({ onSkip }: { onSkip(): void }) {
  return (
    <Modal
      opened
      onClose={onSkip}
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
        <Button variant="default" onClick={onSkip}>
          {EPISODE_CREATOR_SHELL.skipForNow}
        </Button>
      </Stack>
    </Modal>
  );
}

/** The slider setting how loosely "flubber" is matched. */
function FuzzyThresholdSlider({ value, dispatch }: { value: number; dispatch: FlubberReviewProps['dispatch'] }) {
  return (
    <div>
      <Text size="sm" fw={600}>
        Fuzzy threshold: {value.toFixed(2)}
      </Text>
      <Slider
        thumbLabel="Fuzzy threshold"
        min={EPISODE_CREATOR.fuzzyMin}
        max={EPISODE_CREATOR.fuzzyMax}
        step={EPISODE_CREATOR.fuzzyStep}
        value={value}
        onChange={(next) => dispatch({ type: 'setFuzzy', value: next })}
        label={(v) => v.toFixed(2)}
      />
    </div>
  );
}

interface NoRetakesProps {
  uploadId: string;
  /** The scan failed (with its message) rather than finding none. */
  failed: boolean;
  error: string | null;
  fuzzyThreshold: number;
  dispatch: FlubberReviewProps['dispatch'];
  onSkip(): void;
  onRetry(): void;
}

/** 'No retakes detected' (or the scan's failure), with the threshold to loosen and Retry. */
function NoRetakesModal({ uploadId, failed, error, fuzzyThreshold, dispatch, onSkip, onRetry }: NoRetakesProps) {
  return (
    <Modal opened onClose={onSkip} centered title={<Text fw={800}>{EPISODE_CREATOR_MESSAGES.noRetakes}</Text>}>
      <Stack>
        <FallbackNoticeFor mediaId={uploadId} />
        {failed ? (
          <Alert color="red">{error}</Alert>
        ) : (
          <Text size="sm">{EPISODE_CREATOR_MESSAGES.noFlubberInstances} A lower threshold finds looser matches of the word.</Text>
        )}
        <CorrectTranscriptLink />
        <FuzzyThresholdSlider value={fuzzyThreshold} dispatch={dispatch} />
        <DialogActions onCancel={onSkip} cancelLabel="Skip">
          <Button onClick={onRetry}>Retry</Button>
        </DialogActions>
      </Stack>
    </Modal>
  );
}

/** 'Review Retakes': a card per retake found, then Apply Selected. */
function RetakesModal({
  uploadId,
  contexts,
  cuts,
  extras,
  dispatch,
  onSkip,
}: Pick<FlubberReviewProps, 'uploadId' | 'contexts' | 'cuts' | 'extras' | 'dispatch'> & { onSkip(): void }) {
  return (
    <Modal opened onClose={onSkip} centered size="lg" title={<Text fw={800}>{EPISODE_CREATOR_SHELL.reviewRetakesTitle}</Text>}>
      <Stack>
        <FallbackNoticeFor mediaId={uploadId} />
        <Text size="sm" c="dimmed">
          Each cut runs from where the flubbed take began to just before you said it again. Listen, drag the shaded range or type its edges
          to adjust it, and pick Uncut to keep a take.
        </Text>
        <CorrectTranscriptLink />
        {(contexts ?? []).map((context) => {
          const cut = cuts[context.flubber_index];
          return cut ? <RetakeCard key={context.flubber_index} context={context} cut={cut} dispatch={dispatch} /> : null;
        })}
        <RetakeExtrasReview extras={extras ?? null} dispatch={dispatch} />
        <DialogActions onCancel={onSkip} cancelLabel="Skip">
          <Button onClick={() => dispatch({ type: 'flubberFinished', keepCuts: true })}>{EPISODE_CREATOR_SHELL.applySelected}</Button>
        </DialogActions>
      </Stack>
    </Modal>
  );
}

/** 'Scanning for retakes' then 'No retakes detected' or 'Review Retakes' (spec 000 §2 and §4). */
export function FlubberReview({ uploadId, fuzzyThreshold, contexts, cuts, extras, dispatch }: FlubberReviewProps) {
  const { phase, error, scan, drop } = useFlubberScan(uploadId, contexts, dispatch);
  useScanOnOpen(!contexts || contexts.length === 0, () => scan(fuzzyThreshold), drop);

  const skip = () => {
    drop();
    dispatch({ type: 'flubberFinished', keepCuts: false });
  };

  if (phase === 'scanning') return <ScanningModal onSkip={skip} />;
  if (phase === 'none' || phase === 'error') {
    return (
      <NoRetakesModal
        uploadId={uploadId}
        failed={phase === 'error'}
        error={error}
        fuzzyThreshold={fuzzyThreshold}
        dispatch={dispatch}
        onSkip={skip}
        onRetry={() => scan(fuzzyThreshold)}
      />
    );
  }
  return <RetakesModal uploadId={uploadId} contexts={contexts} cuts={cuts} extras={extras} dispatch={dispatch} onSkip={skip} />;
}

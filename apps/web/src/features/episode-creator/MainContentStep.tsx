import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { CREATOR_STEP_COPY, WAY_FORWARD_COPY, type TMediaItem } from '@ppp/contracts';
import { toCreatorUpload } from './creator-rules.ts';
import type { CreatorAction, CreatorState } from './creator-state.ts';
import { stepTitle } from './CreatorHeader.tsx';
import { ChooseAudioStep } from './ChooseAudioStep.tsx';
import { UploadStep } from './UploadStep.tsx';
import { MinutesCheckPanel, type MinutesCheckState } from './MinutesCheck.tsx';
import { SkippedAutomationsNotice } from './WayForward.tsx';

export interface MainContentStepProps {
  state: CreatorState;
  dispatch(action: CreatorAction): void;
  minutes: MinutesCheckState;
  onContinue(): void;
  /** What the plan skips in this recording (issue 37), or null. */
  skipped: string | null;
}

/** Step 2: Upload Main Content (standard) or Choose Audio (preuploaded), the minutes check, Back and Continue. */
export function MainContentStep({ state, dispatch, minutes, onContinue, skipped }: MainContentStepProps) {
  const uploading = state.uploadPercent !== null;
  // Stored is enough to go on (issue 18): the transcript is awaited at step 5.
  const blocked = uploading || minutes.kind === 'pending' || minutes.kind === 'blocking' || !state.upload;
  const choose = (item: TMediaItem) => dispatch({ type: 'setUpload', upload: toCreatorUpload(item) });
  return (
    <Stack gap="md">
      <Title order={2}>{stepTitle(2, state.mode)}</Title>
      {state.mode === 'preuploaded' ? (
        <ChooseAudioStep
          selectedId={state.upload?.id ?? null}
          onSelect={choose}
          onDeleted={(id) => state.upload?.id === id && dispatch({ type: 'setUpload', upload: null })}
          onUploadAudio={() => dispatch({ type: 'setMode', mode: 'standard' })}
          onConfigureAutomations={() => dispatch({ type: 'openIntents' })}
          onRescanned={(id) => dispatch({ type: 'rescanned', uploadId: id })}
        />
      ) : (
        <UploadStep
          upload={state.upload}
          uploading={uploading}
          onProgress={(percent) => dispatch({ type: 'uploadProgress', percent })}
          onUploaded={choose}
          onChooseProcessed={() => dispatch({ type: 'setMode', mode: 'preuploaded' })}
        />
      )}
      {state.upload && !state.upload.transcript_ready && !uploading && (
        <Text size="sm" c="dimmed" data-testid="transcribing-note">
          {CREATOR_STEP_COPY.transcribingContinue}
        </Text>
      )}
      {skipped && !uploading && <SkippedAutomationsNotice text={skipped} />}
      <MinutesCheckPanel check={minutes} />
      <Group justify="space-between">
        <Button variant="default" onClick={() => dispatch({ type: 'goTo', step: 1 })} disabled={uploading}>
          Back
        </Button>
        <Group gap="xs">
          {!state.upload && (
            <Text size="sm" c="dimmed">
              Choose the main audio to continue.
            </Text>
          )}
          <Button onClick={onContinue} disabled={blocked}>
            {skipped ? WAY_FORWARD_COPY.continueWithout : 'Continue'}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}

import { Alert, Button, Card, Checkbox, FileInput, Progress, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconFileMusic, IconFileText } from '@tabler/icons-react';
import { MEDIA, MEDIA_MESSAGES, UPLOAD_CONVERSION_MESSAGES, type TMe } from '@ppp/contracts';
import { DialogActions } from '@ppp/ui';
import type { PreuploadValues } from './preupload-form.ts';
import type { usePreparedUpload } from '../audio-conversion/use-prepared-upload.ts';
import { usePreuploadForm } from './use-preupload-form.ts';
import { NotifyAddressField } from './NotifyAddressField.tsx';

/** 'Upload audio for processing' (spec 001 'Pre-upload flow'): the upload runs in the background and the user returns to the dashboard. */
export function PreuploadForm({ me, onCancel }: { me: TMe; onCancel: () => void }) {
  const { values, update, chooseFile, maxMb, conversion, shownProblem, waiting, submit } = usePreuploadForm(me);
  return (
    <Card withBorder padding="lg">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          <Title order={2} size="h3">
            {MEDIA_MESSAGES.uploadForProcessingTitle}
          </Title>
          <FileInput
            label="Audio file"
            placeholder="Choose an audio file"
            accept="audio/*"
            leftSection={<IconFileMusic size={18} />}
            value={values.file}
            onChange={chooseFile}
            description={`Up to ${maxMb} MB; under ${MEDIA.recommendedUploadMb} MB is recommended.`}
            clearable
          />
          <ConversionProgress state={conversion} />
          <TextInput
            label="Friendly name"
            required
            value={values.friendlyName}
            maxLength={MEDIA.friendlyNameMaxLength}
            onChange={(e) => update({ friendlyName: e.currentTarget.value })}
          />
          <TranscriptAndNotifyFields values={values} update={update} />
          {shownProblem && (
            <Alert color="red" role="alert">
              {shownProblem}
            </Alert>
          )}
          <Text size="sm" c="dimmed">
            {MEDIA_MESSAGES.emailWhenTranscribed}
          </Text>
          <DialogActions onCancel={onCancel} cancelLabel="Back">
            <Button type="submit" loading={waiting}>
              Upload and return
            </Button>
          </DialogActions>
        </Stack>
      </form>
    </Card>
  );
}

/** The optional transcript, and whether and where the ready mail goes. */
function TranscriptAndNotifyFields({ values, update }: { values: PreuploadValues; update(patch: Partial<PreuploadValues>): void }) {
  return (
    <>
      <FileInput
        label="Transcript (optional)"
        description="A WebVTT, SRT or word JSON transcript of this audio; it is used instead of automatic transcription."
        accept=".vtt,.srt,.json"
        leftSection={<IconFileText size={18} />}
        value={values.transcript}
        onChange={(transcript) => update({ transcript })}
        clearable
      />
      <Checkbox
        label="Email me when it is ready"
        checked={values.notifyWhenReady}
        onChange={(e) => update({ notifyWhenReady: e.currentTarget.checked })}
      />
      <NotifyAddressField
        value={values.notifyEmail}
        onChange={(notifyEmail) => update({ notifyEmail })}
        disabled={!values.notifyWhenReady}
      />
    </>
  );
}

/** The conversion display of the upload form: progress while preparing, then what was done. */
function ConversionProgress({ state }: { state: ReturnType<typeof usePreparedUpload>['state'] }) {
  if (state.stage === 'preparing') {
    const percent = Math.round(state.ratio * 100);
    return (
      <Stack gap={4} data-testid="conversion-progress">
        <Text size="sm">
          {UPLOAD_CONVERSION_MESSAGES.preparing}: converting to MP3 in your browser… {percent}%
        </Text>
        <Progress value={percent} aria-label={UPLOAD_CONVERSION_MESSAGES.preparing} animated />
      </Stack>
    );
  }
  if (state.stage === 'ready' && state.prepared.note) {
    return (
      <Text size="sm" c={state.prepared.converted ? 'teal' : 'dimmed'} data-testid="conversion-note">
        {state.prepared.note}
      </Text>
    );
  }
  return null;
}

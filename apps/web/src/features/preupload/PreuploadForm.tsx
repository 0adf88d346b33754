import { useState, type FormEvent } from 'react';
import { Alert, Button, Card, Checkbox, FileInput, Group, Progress, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileMusic, IconFileText } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { MEDIA, MEDIA_MESSAGES, UPLOAD_CONVERSION_MESSAGES, transcriptUploadForm, type TMe } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { messageOf } from '../../lib/api-error.ts';
import { startBackgroundUpload } from '../../lib/background-uploads.ts';
import { notifyFields, preuploadProblem, problemAfterEdit, type PreuploadValues } from './preupload-form.ts';
import { usePreparedUpload } from '../audio-conversion/use-prepared-upload.ts';
import { NotifyAddressField } from './NotifyAddressField.tsx';

/** 'Upload audio for processing' (spec 001 'Pre-upload flow'): the upload runs in the background and the user returns to the dashboard. */
export function PreuploadForm({ me, onCancel }: { me: TMe; onCancel: () => void }) {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const config = trpc.public.config.useQuery();
  const [values, setValues] = useState<PreuploadValues>({
    file: null,
    friendlyName: '',
    notifyWhenReady: true,
    notifyEmail: me.email,
    transcript: null,
  });
  const [problem, setProblem] = useState<string | null>(null);
  const [waiting, setWaiting] = useState(false);
  const preparation = usePreparedUpload();
  const maxMb = config.data?.max_upload_mb ?? 500;
  // A 'choose a file' or 'enter a friendly name' alert goes as soon as the field is filled in.
  const shownProblem = problemAfterEdit(problem, values);

  /** Submit while the audio is being prepared: the upload starts once it is ready (spec 001 §4). */
  async function submit(e: FormEvent) {
    e.preventDefault();
    const early = preuploadProblem(values, Number.POSITIVE_INFINITY);
    setProblem(early);
    if (early || !values.file) return;
    setWaiting(true);
    const prepared = await preparation.ready().finally(() => setWaiting(false));
    if (!prepared) return;
    // The limit applies to what is sent: a one-hour WAV over it goes up as its much smaller MP3.
    const found = preuploadProblem({ ...values, file: prepared.file }, maxMb);
    setProblem(found);
    if (found) return;
    const { transcript } = values;
    startBackgroundUpload(
      prepared.file,
      { filename: prepared.file.name, category: 'main_content', friendly_name: values.friendlyName.trim(), ...notifyFields(values) },
      {
        onDone: (item) => {
          notifications.show({
            color: 'teal',
            title: MEDIA_MESSAGES.uploadReceived,
            message: `"${item.friendly_name}" is being transcribed.`,
          });
          // After the upload (the form is gone by then): POST /api/media/{id}/transcript's twin.
          const after = transcript
            ? utils.client.mediaUploads.transcript.mutate(transcriptUploadForm(item.id, transcript))
            : Promise.resolve();
          void after
            .catch((err: unknown) =>
              notifications.show({
                color: 'red',
                title: MEDIA_MESSAGES.uploadFailed,
                message: messageOf(err, MEDIA_MESSAGES.unableToUploadAudio),
              }),
            )
            .finally(() => void utils.media.mainContent.invalidate());
        },
        onError: (message) => notifications.show({ color: 'red', title: MEDIA_MESSAGES.uploadFailed, message }),
      },
    );
    notifications.show({
      color: 'indigo',
      title: MEDIA_MESSAGES.uploadingInBackground,
      message: 'You can keep working; the bar on the dashboard shows its progress.',
    });
    void navigate('/dashboard');
  }

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
            onChange={(file) => {
              preparation.choose(file);
              setValues((v) => ({ ...v, file, friendlyName: v.friendlyName || (file?.name.replace(/\.[^.]+$/, '') ?? '') }));
            }}
            description={`Up to ${maxMb} MB; under ${MEDIA.recommendedUploadMb} MB is recommended.`}
            clearable
          />
          <ConversionProgress state={preparation.state} />
          <TextInput
            label="Friendly name"
            required
            value={values.friendlyName}
            maxLength={MEDIA.friendlyNameMaxLength}
            onChange={(e) => {
              const friendlyName = e.currentTarget.value;
              setValues((v) => ({ ...v, friendlyName }));
            }}
          />
          <FileInput
            label="Transcript (optional)"
            description="A WebVTT, SRT or word JSON transcript of this audio; it is used instead of automatic transcription."
            accept=".vtt,.srt,.json"
            leftSection={<IconFileText size={18} />}
            value={values.transcript}
            onChange={(transcript) => setValues((v) => ({ ...v, transcript }))}
            clearable
          />
          <Checkbox
            label="Email me when it is ready"
            checked={values.notifyWhenReady}
            onChange={(e) => {
              const notifyWhenReady = e.currentTarget.checked;
              setValues((v) => ({ ...v, notifyWhenReady }));
            }}
          />
          <NotifyAddressField
            value={values.notifyEmail}
            onChange={(notifyEmail) => setValues((v) => ({ ...v, notifyEmail }))}
            disabled={!values.notifyWhenReady}
          />
          {shownProblem && (
            <Alert color="red" role="alert">
              {shownProblem}
            </Alert>
          )}
          <Text size="sm" c="dimmed">
            {MEDIA_MESSAGES.emailWhenTranscribed}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              Back
            </Button>
            <Button type="submit" loading={waiting}>
              Upload and return
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
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

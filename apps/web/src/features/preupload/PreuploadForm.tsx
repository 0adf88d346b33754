import { useState, type FormEvent } from 'react';
import { Alert, Button, Card, Checkbox, FileInput, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileMusic, IconFileText } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { MEDIA, MEDIA_MESSAGES, transcriptUploadForm, type TMe } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { messageOf } from '../../lib/api-error.ts';
import { startBackgroundUpload } from '../../lib/background-uploads.ts';
import { notifyFields, preuploadProblem, type PreuploadValues } from './preupload-form.ts';

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
  const maxMb = config.data?.max_upload_mb ?? 500;

  function submit(e: FormEvent) {
    e.preventDefault();
    const found = preuploadProblem(values, maxMb);
    setProblem(found);
    if (found || !values.file) return;
    const { transcript } = values;
    startBackgroundUpload(
      values.file,
      { filename: values.file.name, category: 'main_content', friendly_name: values.friendlyName.trim(), ...notifyFields(values) },
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
      <form onSubmit={submit} noValidate>
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
            onChange={(file) =>
              setValues((v) => ({ ...v, file, friendlyName: v.friendlyName || (file?.name.replace(/\.[^.]+$/, '') ?? '') }))
            }
            description={`Up to ${maxMb} MB; under ${MEDIA.recommendedUploadMb} MB is recommended.`}
            clearable
          />
          <TextInput
            label="Friendly name"
            required
            value={values.friendlyName}
            maxLength={MEDIA.friendlyNameMaxLength}
            onChange={(e) => setValues({ ...values, friendlyName: e.currentTarget.value })}
          />
          <FileInput
            label="Transcript (optional)"
            description="A WebVTT, SRT or word JSON transcript of this audio; it is used instead of automatic transcription."
            accept=".vtt,.srt,.json"
            leftSection={<IconFileText size={18} />}
            value={values.transcript}
            onChange={(transcript) => setValues({ ...values, transcript })}
            clearable
          />
          <Checkbox
            label="Email me when it is ready"
            checked={values.notifyWhenReady}
            onChange={(e) => setValues({ ...values, notifyWhenReady: e.currentTarget.checked })}
          />
          <TextInput
            label="Notification email"
            type="email"
            description={MEDIA_MESSAGES.notifyOwnAddressNote}
            disabled={!values.notifyWhenReady}
            readOnly
            value={values.notifyEmail}
          />
          {problem && (
            <Alert color="red" role="alert">
              {problem}
            </Alert>
          )}
          <Text size="sm" c="dimmed">
            {MEDIA_MESSAGES.emailWhenTranscribed}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              Back
            </Button>
            <Button type="submit">Upload and return</Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

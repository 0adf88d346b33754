import { notifications } from '@mantine/notifications';
import { MEDIA_MESSAGES, transcriptUploadForm } from '@ppp/contracts';
import type { trpc } from '../../lib/trpc.ts';
import { messageOf } from '../../lib/api-error.ts';
import { startBackgroundUpload } from '../../lib/background-uploads.ts';
import { notifyFields, type PreuploadValues } from './preupload-form.ts';

type TrpcUtils = ReturnType<typeof trpc.useUtils>;

/**
 * Starts the upload in the background (the form is gone by the time it ends): once received, its transcript
 * when one was chosen (POST /api/media/{id}/transcript's twin), then the processed uploads are read again.
 */
export function startPreupload(file: File, values: PreuploadValues, utils: TrpcUtils): void {
  const { transcript } = values;
  startBackgroundUpload(
    file,
    { filename: file.name, category: 'main_content', friendly_name: values.friendlyName.trim(), ...notifyFields(values) },
    {
      onDone: (item) => {
        notifications.show({
          color: 'teal',
          title: MEDIA_MESSAGES.uploadReceived,
          message: `"${item.friendly_name}" is being transcribed.`,
        });
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
}

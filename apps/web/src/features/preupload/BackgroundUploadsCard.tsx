import { ActionIcon, Card, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { MEDIA_MESSAGES } from '@ppp/contracts';
import { UploadProgress } from '@ppp/ui';
import {
  cancelBackgroundUpload,
  dismissBackgroundUpload,
  useBackgroundUploads,
  type BackgroundUpload,
} from '../../lib/background-uploads.ts';

function statusText(upload: BackgroundUpload): string | undefined {
  if (upload.status === 'done') return 'Uploaded';
  // Spec 001 §8 (pre-upload): the upload went wrong after the form was left; the reason, when known, is shown below.
  if (upload.status === 'error') return MEDIA_MESSAGES.uploadFailedTryAgain;
  if (upload.status === 'cancelled') return MEDIA_MESSAGES.uploadCancelled;
  return undefined;
}

/** Uploads running in the background, with their 0-100% bars; shown on the dashboard and the pre-upload page. */
export function BackgroundUploadsCard() {
  const uploads = useBackgroundUploads();
  if (uploads.length === 0) return null;
  return (
    <Card withBorder padding="lg" aria-label="Uploads in progress">
      <Text fw={700} mb="sm">
        Uploads
      </Text>
      <Stack gap="sm">
        {uploads.map((upload) => (
          <Group key={upload.key} wrap="nowrap" align="flex-end" gap="xs">
            <div style={{ flex: 1, minWidth: 0 }}>
              <UploadProgress
                label={upload.label}
                percent={upload.percent}
                status={statusText(upload)}
                color={upload.status === 'error' ? 'red' : 'indigo'}
              />
              {upload.error && (
                <Text size="xs" c="red" mt={4}>
                  {upload.error}
                </Text>
              )}
            </div>
            <Tooltip label={upload.status === 'uploading' ? 'Cancel upload' : 'Dismiss'}>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={upload.status === 'uploading' ? `Cancel ${upload.label}` : `Dismiss ${upload.label}`}
                onClick={() => (upload.status === 'uploading' ? cancelBackgroundUpload(upload.key) : dismissBackgroundUpload(upload.key))}
              >
                <IconX size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}

import { Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { MEDIA_MESSAGES, lengthMismatchMessage, type TMediaItem } from '@ppp/contracts';
import { DialogActions } from '@ppp/ui';
import { trpc } from '../../lib/trpc.ts';
import { toApiFailure } from '../../lib/api-error.ts';
import { deleteConfirmation, formatDuration } from './preupload-form.ts';

/** A file that decodes to far from the length its header claims (a truncated upload, issue 14). */
export function LengthWarning({ item }: { item: Pick<TMediaItem, 'duration_seconds' | 'declared_duration_seconds'> }) {
  if (item.declared_duration_seconds === null) return null;
  return (
    <Text size="xs" c="orange.8" data-testid="length-warning">
      {lengthMismatchMessage(formatDuration(item.duration_seconds), formatDuration(item.declared_duration_seconds))}
    </Text>
  );
}

/** Issue 38: an upload waiting for its transcription says where it stands ('3rd in line · about 2 min'). */
export function QueueLine({ item }: { item: Pick<TMediaItem, 'transcription_queue'> }) {
  const queue = item.transcription_queue;
  if (!queue) return null;
  return (
    <Text size="xs" fw={500} data-testid="queue-line">
      {MEDIA_MESSAGES.queueLine(queue.position, queue.wait_seconds)}
    </Text>
  );
}

/** The detected Flubber, Intern and Sound Effects cue counts of an upload, once detection is ready. */
export function UploadCounts({ item, size = 'md' }: { item: TMediaItem; size?: 'sm' | 'md' }) {
  if (!item.intents) return null;
  return (
    <Group gap={size === 'sm' ? 6 : 'xs'} data-testid="upload-counts">
      <Badge size={size} variant="light" color="grape">
        Flubber {item.intents.flubber.count}
      </Badge>
      <Badge size={size} variant="light" color="blue">
        Intern {item.intents.intern.count}
      </Badge>
      <Badge size={size} variant="light" color="orange">
        Sound Effects {item.intents.sfx.count}
      </Badge>
    </Group>
  );
}

export interface DeleteUploadDialogProps {
  pending: TMediaItem | null;
  onClose(): void;
  onDeleted?(id: string): void;
}

/** Confirms and deletes an upload (spec 001 §8 wording), then refreshes the processed uploads. */
export function DeleteUploadDialog({ pending, onClose, onDeleted }: DeleteUploadDialogProps) {
  const utils = trpc.useUtils();
  const remove = trpc.media.delete.useMutation();

  async function confirmDelete() {
    if (!pending) return;
    try {
      await remove.mutateAsync({ id: pending.id });
      notifications.show({ color: 'teal', message: MEDIA_MESSAGES.uploadDeleted });
      onDeleted?.(pending.id);
      await utils.media.mainContent.invalidate();
    } catch (err) {
      notifications.show({
        color: 'red',
        title: MEDIA_MESSAGES.deleteFailed,
        message: toApiFailure(err).message ?? MEDIA_MESSAGES.unableToDeleteUpload,
      });
    } finally {
      onClose();
    }
  }

  return (
    <Modal opened={pending !== null} onClose={onClose} title="Delete upload?" centered>
      <Stack>
        <Text>{pending ? deleteConfirmation(pending.status) : ''}</Text>
        <DialogActions onCancel={onClose}>
          <Button color="red" loading={remove.isPending} onClick={() => void confirmDelete()}>
            Delete
          </Button>
        </DialogActions>
      </Stack>
    </Modal>
  );
}

import { Button, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { EPISODE_MESSAGES, type TEpisode } from '@ppp/contracts';
import { DialogActions } from '@ppp/ui';
import { trpc } from '../../lib/trpc.ts';
import { toApiFailure } from '../../lib/api-error.ts';

/** Delete an episode after a confirmation; minutes already used are not refunded. */
export function DeleteEpisodeDialog({
  episode,
  onClose,
  onDeleted,
}: {
  episode: TEpisode | null;
  onClose: () => void;
  onDeleted: (id: string) => void;
}) {
  const remove = trpc.episodes.delete.useMutation();
  async function confirm() {
    if (!episode) return;
    try {
      await remove.mutateAsync({ id: episode.id });
      notifications.show({ color: 'green', message: 'Episode deleted' });
      onDeleted(episode.id);
    } catch (err) {
      notifications.show({
        color: 'red',
        title: EPISODE_MESSAGES.deleteFailed,
        message: toApiFailure(err).message ?? EPISODE_MESSAGES.deleteFailed,
      });
    }
  }
  return (
    <Modal opened={episode !== null} onClose={onClose} title="Delete episode" centered>
      <Stack>
        <Text size="sm">
          Delete “{episode?.title}” and its audio? This cannot be undone, and processing minutes already used are not refunded.
        </Text>
        <DialogActions onCancel={onClose}>
          <Button color="red" onClick={() => void confirm()} loading={remove.isPending}>
            Delete
          </Button>
        </DialogActions>
      </Stack>
    </Modal>
  );
}

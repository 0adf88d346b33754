import { Alert, Button, Loader, Modal, Stack, Text } from '@mantine/core';
import { ADMIN_MESSAGES, KILL_QUEUE_MESSAGES } from '@ppp/contracts';
import { DialogActions } from '@ppp/ui';
import { trpc } from '../../../lib/trpc.ts';

export interface KillQueueDialogProps {
  queue: string;
  pending: boolean;
  onClose(): void;
  onConfirm(): void;
}

/**
 * Kill queue's confirmation (issue 35): asks the server what it would cancel now and says it, how
 * many queued jobs of how many users, before the admin goes ahead.
 */
export function KillQueueDialog({ queue, pending, onClose, onConfirm }: KillQueueDialogProps) {
  const preview = trpc.admin.killQueuePreview.useQuery({ queue }, { staleTime: 0, gcTime: 0 });
  return (
    <Modal opened onClose={onClose} centered title={<Text fw={800}>{KILL_QUEUE_MESSAGES.title(queue)}</Text>}>
      <Stack>
        {preview.isError && <Alert color="red">{ADMIN_MESSAGES.loadFailed}</Alert>}
        {preview.isPending && <Loader size="sm" aria-label="Counting queued jobs" />}
        {preview.data && (
          <Text size="sm" data-testid="kill-queue-summary">
            {preview.data.jobs === 0 ? KILL_QUEUE_MESSAGES.nothingQueued : KILL_QUEUE_MESSAGES.body(preview.data)}
          </Text>
        )}
        <DialogActions onCancel={onClose}>
          <Button color="red" loading={pending} disabled={!preview.data || preview.data.jobs === 0} onClick={onConfirm}>
            {KILL_QUEUE_MESSAGES.confirm}
          </Button>
        </DialogActions>
      </Stack>
    </Modal>
  );
}

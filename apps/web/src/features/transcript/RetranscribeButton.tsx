import { useState } from 'react';
import { Alert, Button, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconReload } from '@tabler/icons-react';
import { engineLabel, RETRANSCRIBE_MESSAGES, type TTranscriptionEngineNow } from '@ppp/contracts';
import { DialogActions } from '@ppp/ui';
import { trpc } from '../../lib/trpc.ts';
import { messageOf } from '../../lib/api-error.ts';

export interface RetranscribeButtonProps {
  mediaId: string;
  name: string;
  /** The engine a transcription started now would use (it is better than the fallback). */
  engine: TTranscriptionEngineNow;
  size?: 'xs' | 'compact-sm';
  onQueued?(): void;
}

/** The confirmation: what happens, that it is free, and, when words were corrected, that they will be lost. */
function ConfirmDialog({
  mediaId,
  engine,
  onClose,
  onConfirm,
  pending,
}: {
  mediaId: string;
  engine: TTranscriptionEngineNow;
  onClose(): void;
  onConfirm(discard: boolean): void;
  pending: boolean;
}) {
  const view = trpc.transcripts.view.useQuery({ media_id: mediaId });
  const corrected = view.data?.corrected.length ?? 0;
  return (
    <Modal opened onClose={onClose} centered title={<Text fw={800}>{RETRANSCRIBE_MESSAGES.confirmTitle}</Text>}>
      <Stack>
        <Text size="sm">{RETRANSCRIBE_MESSAGES.confirmBody(engineLabel(engine.engine, engine.model))}</Text>
        {corrected > 0 && (
          <Alert color="orange" data-testid="retranscribe-corrections">
            {RETRANSCRIBE_MESSAGES.confirmCorrections(corrected)}
          </Alert>
        )}
        <DialogActions onCancel={onClose}>
          <Button
            color={corrected > 0 ? 'orange' : undefined}
            loading={pending}
            disabled={view.isPending}
            onClick={() => onConfirm(corrected > 0)}
          >
            {corrected > 0 ? RETRANSCRIBE_MESSAGES.confirmDiscard : RETRANSCRIBE_MESSAGES.confirm}
          </Button>
        </DialogActions>
      </Stack>
    </Modal>
  );
}

/**
 * Re-transcribe (issue 32): the upload transcribed again with the better engine in use now, after a
 * confirmation; the upload then shows Processing with its progress, as after the first upload.
 */
export function RetranscribeButton({ mediaId, name, engine, size = 'xs', onQueued }: RetranscribeButtonProps) {
  const [open, setOpen] = useState(false);
  const utils = trpc.useUtils();
  const retranscribe = trpc.retranscribe.retranscribe.useMutation();
  async function run(discard: boolean) {
    try {
      await retranscribe.mutateAsync({ media_id: mediaId, discard_corrections: discard });
      setOpen(false);
      notifications.show({ color: 'teal', title: `Re-transcribing ${name}`, message: RETRANSCRIBE_MESSAGES.queued });
      await utils.media.mainContent.invalidate();
      onQueued?.();
    } catch (error) {
      notifications.show({ color: 'red', title: 'Re-transcribe failed', message: messageOf(error, 'Please try again.') });
    }
  }
  return (
    <>
      <Button
        size={size}
        variant="light"
        color="orange"
        leftSection={<IconReload size={14} />}
        onClick={() => setOpen(true)}
        aria-label={`Re-transcribe ${name}`}
      >
        {RETRANSCRIBE_MESSAGES.retranscribe}
      </Button>
      {open && (
        <ConfirmDialog
          mediaId={mediaId}
          engine={engine}
          pending={retranscribe.isPending}
          onClose={() => setOpen(false)}
          onConfirm={(d) => void run(d)}
        />
      )}
    </>
  );
}

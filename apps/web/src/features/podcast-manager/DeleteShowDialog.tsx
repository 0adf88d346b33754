import { useState } from 'react';
import { Alert, Button, Modal, Stack, Text, TextInput } from '@mantine/core';
import type { TPodcast } from '@ppp/contracts';
import { DialogActions } from '@ppp/ui';
import { trpc } from '../../lib/trpc.ts';
import { toApiFailure } from '../../lib/api-error.ts';
import { deleteConfirmed } from './show-form.ts';

/** Delete a show after typing the word delete (spec 001 §5). */
export function DeleteShowDialog({ show, onClose }: { show: TPodcast | null; onClose: () => void }) {
  const utils = trpc.useUtils();
  const remove = trpc.podcasts.delete.useMutation();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    if (!show) return;
    try {
      await remove.mutateAsync({ id: show.id });
      await utils.podcasts.list.invalidate();
      setTyped('');
      onClose();
    } catch (err) {
      setError(toApiFailure(err).message ?? 'Failed to delete the show.');
    }
  }

  return (
    <Modal opened={show !== null} onClose={onClose} title="Delete show" centered>
      <Stack>
        <Text size="sm">
          This deletes “{show?.name}”, its episodes and their audio. Type <b>delete</b> to confirm.
        </Text>
        <TextInput
          label="Confirmation"
          value={typed}
          onChange={(e) => setTyped(e.currentTarget.value)}
          placeholder="delete"
          data-autofocus
        />
        {error && (
          <Alert color="red" title="Failed to delete the show.">
            {error}
          </Alert>
        )}
        <DialogActions onCancel={onClose}>
          <Button color="red" disabled={!deleteConfirmed(typed)} loading={remove.isPending} onClick={() => void confirm()}>
            Delete show
          </Button>
        </DialogActions>
      </Stack>
    </Modal>
  );
}

import { useState } from 'react';
import { Alert, Button, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { PODCAST_MESSAGES, PUBLISH_MESSAGES } from '@ppp/contracts';
import { DialogActions } from '@ppp/ui';
import { trpc } from '../../lib/trpc.ts';
import { toApiFailure } from '../../lib/api-error.ts';
import { currentSchedule, type PublishTarget } from './PublishDialog.tsx';
import { formatScheduled } from './schedule-time.ts';

/** The unpublish call: a 409 outside the 24-hour window offers Force Unpublish, any other failure keeps its words. */
function useUnpublish(episode: PublishTarget | null, onClose: () => void, onDone: () => void) {
  const unpublish = trpc.publishing.unpublish.useMutation();
  const [forceOffered, setForceOffered] = useState(false);
  const [error, setError] = useState<string | null>(null);

  function close() {
    setForceOffered(false);
    setError(null);
    onClose();
  }

  async function run(force: boolean) {
    if (!episode) return;
    setError(null);
    try {
      await unpublish.mutateAsync({ id: episode.id, force });
      notifications.show({ color: 'green', message: 'Unpublished' });
      setForceOffered(false);
      onDone();
    } catch (err) {
      const failure = toApiFailure(err);
      if (failure.status === 409 && !force) setForceOffered(true);
      else setError(failure.message ?? PUBLISH_MESSAGES.unpublishFailed);
    }
  }

  return { forceOffered, error, pending: unpublish.isPending, close, run: (force: boolean) => void run(force) };
}

/** What unpublishing does to this episode: cancels its schedule, or takes it off the feed and its host. */
function UnpublishEffect({ episode }: { episode: PublishTarget | null }) {
  const scheduled = episode ? currentSchedule(episode) : null;
  if (scheduled) {
    return (
      <Text size="sm" data-testid="unpublish-cancels-schedule">
        “{episode?.title}” is scheduled for {formatScheduled(scheduled.at, scheduled.local)}. Unpublishing cancels the schedule and keeps it
        as a draft.
      </Text>
    );
  }
  return <Text size="sm">“{episode?.title}” goes back to a draft: it leaves the feed and its host, and its schedule is cleared.</Text>;
}

/**
 * Unpublish (spec 001 §4): the episode goes back to processed and leaves the host; for a scheduled
 * episode this is how its schedule is cancelled. Outside the 24-hour
 * window the server answers 409 and the dialog reveals Force Unpublish with the spec's text.
 */
export function UnpublishDialog({ episode, onClose, onDone }: { episode: PublishTarget | null; onClose: () => void; onDone: () => void }) {
  const { forceOffered, error, pending, close, run } = useUnpublish(episode, onClose, onDone);
  return (
    <Modal opened={episode !== null} onClose={close} title="Unpublish episode" centered>
      <Stack>
        <UnpublishEffect episode={episode} />
        {forceOffered && <Alert color="yellow">{PODCAST_MESSAGES.forceUnpublish}</Alert>}
        {error && (
          <Alert color="red" title={PUBLISH_MESSAGES.unpublishFailed}>
            {error}
          </Alert>
        )}
        <DialogActions onCancel={close}>
          {forceOffered ? (
            <Button color="red" loading={pending} onClick={() => run(true)}>
              Force Unpublish
            </Button>
          ) : (
            <Button color="red" loading={pending} onClick={() => run(false)}>
              Unpublish
            </Button>
          )}
        </DialogActions>
      </Stack>
    </Modal>
  );
}

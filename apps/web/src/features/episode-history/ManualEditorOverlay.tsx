import { Alert, Loader, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { EPISODE_MESSAGES } from '@ppp/contracts';
import { WaveformCutEditor, peaksForWaveform } from '@ppp/ui';
import { trpc } from '../../lib/trpc.ts';
import { toApiFailure } from '../../lib/api-error.ts';

/**
 * The manual editor overlay: the edit context, the worker's peaks (the audio itself is only streamed
 * for playback), the cut editor, and Commit, after which the worker re-renders the episode.
 */
export function ManualEditorOverlay({
  episodeId,
  title,
  onClose,
  onCommitted,
}: {
  episodeId: string | null;
  title: string;
  onClose: () => void;
  onCommitted: () => void;
}) {
  const context = trpc.episodes.editContext.useQuery(
    { id: episodeId ?? '' },
    { enabled: episodeId !== null, staleTime: 0, gcTime: 0, retry: false },
  );
  const commit = trpc.episodes.commitManualEdit.useMutation();
  // The worker's peaks for the finished file (the audio itself is only streamed for playback).
  const peaksUrl = context.data?.peaks_url ?? null;
  const peaksQuery = trpc.assembly.peaks.useQuery(
    { id: episodeId ?? '' },
    { enabled: episodeId !== null && peaksUrl !== null, retry: false, staleTime: 0, gcTime: 0 },
  );
  const peaks = peaksQuery.data ? peaksForWaveform(peaksQuery.data) : null;
  const peaksFailed = peaksQuery.isError || (peaksQuery.isSuccess && peaks === null);

  async function onCommit(cuts: { start_ms: number; end_ms: number }[]) {
    if (!episodeId) return;
    try {
      const result = await commit.mutateAsync({ id: episodeId, cuts });
      notifications.show({
        color: 'green',
        title: result.status === 'done' ? 'Edits applied' : 'Edits queued',
        message: result.status === 'done' ? 'The episode already has these cuts.' : 'The episode is being re-rendered with your cuts.',
      });
      onCommitted();
    } catch (err) {
      notifications.show({
        color: 'red',
        title: EPISODE_MESSAGES.commitFailed,
        message: toApiFailure(err).message ?? EPISODE_MESSAGES.commitFailed,
      });
    }
  }

  const failed = context.isError ? (toApiFailure(context.error).message ?? EPISODE_MESSAGES.editContextFailed) : null;
  return (
    <Modal
      opened={episodeId !== null}
      onClose={onClose}
      fullScreen
      title={<Text fw={700}>Manual editor: {title}</Text>}
      closeOnEscape={false}
    >
      <Stack>
        {failed && (
          <Alert color="red" title={EPISODE_MESSAGES.editContextFailed}>
            {failed}
          </Alert>
        )}
        {context.data && context.data.existing_cuts.length > 0 && (
          <Text size="sm" c="dimmed">
            {context.data.existing_cuts.length} earlier manual {context.data.existing_cuts.length === 1 ? 'cut is' : 'cuts are'} already
            removed from this audio.
          </Text>
        )}
        {context.data && !peaksUrl && (
          <Alert color="yellow">The waveform is not ready yet. Try again once the episode has finished processing.</Alert>
        )}
        {peaksFailed && (
          <Alert color="red" title={EPISODE_MESSAGES.editContextFailed}>
            The waveform could not be loaded.
          </Alert>
        )}
        {(context.isLoading || (peaksUrl && !peaks && !peaksFailed)) && <Loader aria-label="Loading the waveform" />}
        {context.data && peaks && (
          <WaveformCutEditor
            audioUrl={context.data.audio_url}
            peaks={peaks}
            durationMs={context.data.duration_ms}
            onCommit={(cuts) => void onCommit(cuts)}
            committing={commit.isPending}
          />
        )}
      </Stack>
    </Modal>
  );
}

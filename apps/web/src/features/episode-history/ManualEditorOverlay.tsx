import { Alert, Loader, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { EPISODE_MESSAGES, cutsOverInserts } from '@ppp/contracts';
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
    // Part of an inserted answer or effect cannot be cut: refused here, before anything is sent.
    const { removed, problem } = cutsOverInserts(cuts, context.data?.inserts ?? []);
    if (problem) {
      notifications.show({ color: 'red', title: 'Cut not possible', message: problem });
      return;
    }
    try {
      const result = await commit.mutateAsync({ id: episodeId, cuts });
      const gone = removed.map((insert) => (insert.kind === 'intern' ? 'the Intern answer' : `the sound effect '${insert.title}'`));
      notifications.show({
        color: 'green',
        title: result.status === 'done' ? 'Edits applied' : 'Edits queued',
        message:
          result.status === 'done'
            ? 'The episode already has these cuts.'
            : `The episode is being re-rendered with your cuts${gone.length ? `, without ${gone.join(' and ')}` : ''}.`,
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
        {context.data && context.data.inserts.length > 0 && (
          <Text size="sm" c="dimmed" data-testid="manual-editor-inserts">
            Inserted:{' '}
            {context.data.inserts.map((insert) => `${insertName(insert)} at ${clock(insert.start_ms)}-${clock(insert.end_ms)}`).join('; ')}.
            A cut over all of one removes it; part of one cannot be cut.
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

function insertName(insert: { kind: 'intern' | 'sfx'; title: string }): string {
  return insert.kind === 'intern' ? 'Intern answer' : `sound effect '${insert.title}'`;
}

/** 83_400 -> '1:23.4'. */
function clock(ms: number): string {
  const tenths = Math.round(ms / 100);
  const seconds = Math.floor(tenths / 10);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}.${tenths % 10}`;
}

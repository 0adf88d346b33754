import { notifications } from '@mantine/notifications';
import { EPISODE_MESSAGES, cutsOverInserts } from '@ppp/contracts';
import { peaksForWaveform } from '@ppp/ui';
import { trpc } from '../../lib/trpc.ts';
import { toApiFailure } from '../../lib/api-error.ts';

type Cut = { start_ms: number; end_ms: number };

/**
 * The manual editor's data: the edit context, the worker's peaks for the finished file (the audio
 * itself is only streamed for playback), and Commit, after which the worker re-renders the episode.
 */
export function useManualEdit(episodeId: string | null, onCommitted: () => void) {
  const context = trpc.episodes.editContext.useQuery(
    { id: episodeId ?? '' },
    { enabled: episodeId !== null, staleTime: 0, gcTime: 0, retry: false },
  );
  const commit = trpc.episodes.commitManualEdit.useMutation();
  const peaksUrl = context.data?.peaks_url ?? null;
  const peaksQuery = trpc.assembly.peaks.useQuery(
    { id: episodeId ?? '' },
    { enabled: episodeId !== null && peaksUrl !== null, retry: false, staleTime: 0, gcTime: 0 },
  );
  const peaks = peaksQuery.data ? peaksForWaveform(peaksQuery.data) : null;
  const peaksFailed = peaksQuery.isError || (peaksQuery.isSuccess && peaks === null);

  async function onCommit(cuts: Cut[]) {
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
  const loading = context.isLoading || (peaksUrl !== null && !peaks && !peaksFailed);
  return { context: context.data, failed, peaksUrl, peaks, peaksFailed, loading, onCommit, committing: commit.isPending };
}

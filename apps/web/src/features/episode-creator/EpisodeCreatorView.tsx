import { Stack } from '@mantine/core';
import { trpc } from '../../lib/trpc.ts';
import { canCancelBuild } from './creator-state.ts';
import { TranscriptPending } from './TranscriptPending.tsx';
import { CreatorHeader } from './CreatorHeader.tsx';
import { CreatorBody } from './CreatorBody.tsx';
import { TranscriptPollStopped } from './WayForward.tsx';
import { CreatorReviews } from './CreatorReviews.tsx';
import { useEpisodeCreator } from './use-episode-creator.ts';

/**
 * Whether the build's episode is assembled, read from the assembly step's own status poll (this
 * observer never fetches; it sees what the step's query caches).
 */
function useBuildFinished(episodeId: string | null): boolean {
  const status = trpc.assembly.episodeStatus.useQuery({ id: episodeId ?? '' }, { enabled: false });
  return episodeId !== null && status.data?.status === 'processed';
}

/** The Episode Creator (spec 000 §2): header, start chooser, the six steps and the reviews between steps 2 and 3. */
export function EpisodeCreatorView() {
  const creator = useEpisodeCreator();
  const { state, dispatch } = creator;
  const finished = useBuildFinished(state.step === 6 ? (state.job?.episodeId ?? null) : null);
  return (
    <Stack gap="lg" maw={960}>
      <CreatorHeader
        step={state.started || state.template ? state.step : 0}
        mode={state.mode}
        templateName={state.template?.name ?? null}
        showCancel={canCancelBuild(state)}
        finished={finished}
        uploadPercent={state.uploadPercent}
        uploadLabel={state.upload?.filename ?? null}
        onBackToDashboard={creator.backToDashboard}
        onCancelBuild={() => dispatch({ type: 'cancel' })}
      />
      {(state.step === 3 || state.step === 4) && (
        <TranscriptPending state={state} onReview={() => dispatch({ type: 'openPendingReview' })} />
      )}
      {state.step >= 2 && state.step <= 4 && <TranscriptPollStopped poll={creator.transcriptPoll} />}
      <CreatorBody creator={creator} />
      <CreatorReviews state={state} dispatch={dispatch} template={creator.template.data} intents={creator.intents} />
    </Stack>
  );
}

import { Stack } from '@mantine/core';
import { canCancelBuild } from './creator-state.ts';
import { TranscriptPending } from './TranscriptPending.tsx';
import { CreatorHeader } from './CreatorHeader.tsx';
import { CreatorBody } from './CreatorBody.tsx';
import { CreatorReviews } from './CreatorReviews.tsx';
import { useEpisodeCreator } from './use-episode-creator.ts';

/** The Episode Creator (spec 000 §2): header, start chooser, the six steps and the reviews between steps 2 and 3. */
export function EpisodeCreatorView() {
  const creator = useEpisodeCreator();
  const { state, dispatch } = creator;
  return (
    <Stack gap="lg" maw={960}>
      <CreatorHeader
        step={state.started || state.template ? state.step : 0}
        mode={state.mode}
        templateName={state.template?.name ?? null}
        showCancel={canCancelBuild(state)}
        uploadPercent={state.uploadPercent}
        uploadLabel={state.upload?.filename ?? null}
        onBackToDashboard={creator.backToDashboard}
        onCancelBuild={() => dispatch({ type: 'cancel' })}
      />
      {(state.step === 3 || state.step === 4) && (
        <TranscriptPending state={state} onReview={() => dispatch({ type: 'openPendingReview' })} />
      )}
      <CreatorBody creator={creator} />
      <CreatorReviews state={state} dispatch={dispatch} template={creator.template.data} intents={creator.intents} />
    </Stack>
  );
}

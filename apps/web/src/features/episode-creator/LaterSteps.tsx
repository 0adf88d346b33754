import { useState } from 'react';
import { trpc } from '../../lib/trpc.ts';
import { notifications } from '@mantine/notifications';
import { CREATOR_STEP_COPY, EPISODE_CREATOR_MESSAGES, type TTemplateView } from '@ppp/contracts';
import { CoverArtStep } from './cover/CoverArtStep.tsx';
import { DetailsStep } from './details/DetailsStep.tsx';
import { InsufficientMinutesDialog } from './details/InsufficientMinutesDialog.tsx';
import { requestBillingNavigation } from './details/billing-navigation.ts';
import { AssemblyStep } from './assembly/AssemblyStep.tsx';
import { assembleRequest, uploadFilename } from './creator-rules.ts';
import { nextReview, type CreatorAction, type CreatorState } from './creator-state.ts';
import { assembleFailure, insufficientInfo, type InsufficientInfo } from './assemble-failure.ts';

export interface LaterStepsProps {
  state: CreatorState;
  template: TTemplateView;
  dispatch(action: CreatorAction): void;
}

/** Steps 4 to 6 (C's components) and the assemble call between 5 and 6 (spec 000 §7 'What the product does with answers'). */
export function LaterSteps({ state, template, dispatch }: LaterStepsProps) {
  const utils = trpc.useUtils();
  // The minutes are charged at assemble: the header's and the dashboard's minutes read them again.
  const assemble = trpc.assembly.assemble.useMutation({ onSuccess: () => utils.billing.usage.invalidate() });
  const [insufficient, setInsufficient] = useState<InsufficientInfo | null>(null);
  const upload = state.upload;
  if (!upload) return null;

  async function submit(details: Parameters<typeof assembleRequest>[2]) {
    if (!upload) return;
    // A retake or Intern review asked for and not done yet opens first.
    if (nextReview(state) !== null) {
      dispatch({ type: 'openPendingReview' });
      return;
    }
    try {
      const request = assembleRequest(
        {
          upload,
          answers: state.answers,
          flubberCuts: state.flubberCuts,
          internContexts: state.internContexts,
          intern: state.intern,
          ttsValues: state.ttsValues,
          voices: state.voices,
          coverCrop: state.cover?.cover_crop ?? null,
        },
        template,
        details,
      );
      const job = await assemble.mutateAsync(request);
      dispatch({ type: 'assembling', jobId: job.job_id, episodeId: job.episode_id });
    } catch (err) {
      const failure = assembleFailure(err);
      if (failure.kind === 'insufficient-minutes') setInsufficient(failure.info);
      else if (failure.kind === 'feature-locked')
        // A plan feature the plan lacks (publishing to Spreaker on its own, say): its own words, with Upgrade on the screen.
        notifications.show({ color: 'yellow', title: CREATOR_STEP_COPY.upgradePlan, message: failure.message });
      else if (failure.kind === 'quota') {
        notifications.show({ color: 'red', message: EPISODE_CREATOR_MESSAGES.quotaReached });
        requestBillingNavigation('upgrade');
      } else notifications.show({ color: 'red', title: 'Assembly failed', message: failure.message });
    }
  }

  if (state.step === 4) {
    return (
      <CoverArtStep
        value={state.cover}
        onChange={(cover) => dispatch({ type: 'setCover', cover })}
        onBack={() => dispatch({ type: 'goTo', step: 3 })}
        onContinue={() => dispatch({ type: 'goTo', step: 5 })}
        onSkip={() => dispatch({ type: 'goTo', step: 5 })}
      />
    );
  }
  if (state.step === 5) {
    return (
      <>
        <DetailsStep
          templateId={template.id}
          podcastId={template.podcast_id ?? ''}
          upload={{
            id: upload.id,
            filename: upload.filename,
            stored_filename: uploadFilename(upload),
            duration_seconds: upload.duration_seconds,
          }}
          coverImagePath={state.cover?.cover_image_path ?? null}
          value={state.details}
          onChange={(details) => dispatch({ type: 'setDetails', details })}
          onBack={() => dispatch({ type: 'goTo', step: 4 })}
          onSubmit={submit}
          submitting={assemble.isPending}
        />
        <InsufficientMinutesDialog
          opened={insufficient !== null}
          onClose={() => setInsufficient(null)}
          info={insufficient ?? insufficientInfo({})}
        />
      </>
    );
  }
  return null;
}

/** Step 6: the build's assembly, followed by its episode. */
export function BuildAssembly({
  state,
  job,
  dispatch,
  onFinished,
}: Pick<LaterStepsProps, 'state' | 'dispatch'> & { job: NonNullable<CreatorState['job']>; onFinished(): void }) {
  return (
    <AssemblyStep
      episodeId={job.episodeId}
      mode={state.details?.publishMode ?? 'draft'}
      audioSeconds={state.upload?.duration_seconds ?? null}
      onBackToDashboard={onFinished}
      onStartOver={() => dispatch({ type: 'startOver' })}
    />
  );
}

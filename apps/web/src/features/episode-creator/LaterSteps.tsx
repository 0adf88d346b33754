import type { TTemplateView } from '@ppp/contracts';
import { CoverArtStep } from './cover/CoverArtStep.tsx';
import { DetailsStep } from './details/DetailsStep.tsx';
import { InsufficientMinutesDialog } from './details/InsufficientMinutesDialog.tsx';
import { AssemblyStep } from './assembly/AssemblyStep.tsx';
import { uploadFilename } from './creator-rules.ts';
import type { CreatorAction, CreatorState } from './creator-state.ts';
import { insufficientInfo } from './assemble-failure.ts';
import { useAssembleBuild } from './use-assemble-build.ts';
import { aiReviewChoices } from './ai-review.ts';

export interface LaterStepsProps {
  state: CreatorState;
  template: TTemplateView;
  dispatch(action: CreatorAction): void;
}

/** Steps 4 and 5, and the minutes dialog when assemble lacked them. */
export function LaterSteps({ state, template, dispatch }: LaterStepsProps) {
  const { submit, submitting, insufficient, closeInsufficient } = useAssembleBuild(state, template, dispatch);
  const upload = state.upload;
  if (!upload) return null;

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
          review={aiReviewChoices(state, template)}
          value={state.details}
          onChange={(details) => dispatch({ type: 'setDetails', details })}
          onBack={() => dispatch({ type: 'goTo', step: 4 })}
          onSubmit={submit}
          submitting={submitting}
        />
        <InsufficientMinutesDialog opened={insufficient !== null} onClose={closeInsufficient} info={insufficient ?? insufficientInfo({})} />
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
      audioFilename={state.upload ? uploadFilename(state.upload) : null}
      onBackToDashboard={onFinished}
      onStartOver={() => dispatch({ type: 'startOver' })}
    />
  );
}

import { useCallback } from 'react';
import { Alert, Loader, Stack } from '@mantine/core';
import { useNavigate } from 'react-router';
import { EPISODE_CREATOR_MESSAGES, type TTemplateView } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { canCancelBuild, isKnownStep, type CreatorAction, type CreatorState } from './creator-state.ts';
import { TranscriptPending } from './TranscriptPending.tsx';
import { uploadFilename } from './creator-rules.ts';
import { useCreatorStore } from './use-creator-store.ts';
import { useUploadParam, useUploadRefresh } from './use-creator-effects.ts';
import { useIntents, type IntentsView } from './use-intents.ts';
import { useMinutesCheck } from './MinutesCheck.tsx';
import { useBillingNavigationListener } from './details/billing-navigation.ts';
import { CreatorHeader } from './CreatorHeader.tsx';
import { StartChooser } from './StartChooser.tsx';
import { TemplateStep } from './TemplateStep.tsx';
import { MainContentStep } from './MainContentStep.tsx';
import { IntentsDialog } from './IntentsDialog.tsx';
import { FlubberReview } from './FlubberReview.tsx';
import { InternReview } from './InternReview.tsx';
import { CustomizeStep } from './CustomizeStep.tsx';
import { BuildAssembly, LaterSteps } from './LaterSteps.tsx';

/** The Intern voice: the template's automation setting, its default Intern voice, else its default AI voice. */
function internVoice(template: TTemplateView | undefined): string | null {
  if (!template) return null;
  const ttsVoice = template.segments.flatMap((s) => (s.source.source_type === 'tts' && s.source.voice_id ? [s.source.voice_id] : []))[0];
  return (
    template.automation_settings.intern_voice_id ??
    template.default_intern_voice_id ??
    template.default_elevenlabs_voice_id ??
    ttsVoice ??
    null
  );
}

function Reviews({
  state,
  dispatch,
  template,
  intents,
}: {
  state: CreatorState;
  dispatch(action: CreatorAction): void;
  template: TTemplateView | undefined;
  intents: IntentsView;
}) {
  const upload = state.upload;
  // Reviews open on step 2, or later when they waited for the transcript (issue 18).
  if (!upload || state.step < 2 || state.step > 5) return null;
  return (
    <>
      <IntentsDialog
        opened={state.review === 'intents'}
        answers={state.answers}
        intents={intents}
        prompted={state.intentsPrompted}
        onClose={() => dispatch({ type: 'closeReview' })}
        onSubmit={(answers) => dispatch({ type: 'answerIntents', answers })}
      />
      {state.review === 'flubber' && (
        <FlubberReview
          uploadId={upload.id}
          fuzzyThreshold={state.fuzzyThreshold}
          contexts={state.flubberContexts}
          cuts={state.flubberCuts}
          dispatch={dispatch}
        />
      )}
      {state.review === 'intern' && (
        <InternReview
          uploadId={upload.id}
          voiceId={internVoice(template)}
          contexts={state.internContexts}
          items={state.intern}
          dispatch={dispatch}
        />
      )}
    </>
  );
}

/** The Episode Creator (spec 000 §2): header, start chooser, the six steps and the reviews between steps 2 and 3. */
export function EpisodeCreatorView() {
  const navigate = useNavigate();
  const [state, dispatch] = useCreatorStore();
  useUploadParam(dispatch);
  useUploadRefresh(state, dispatch);
  useBillingNavigationListener(useCallback((path: string) => void navigate(path), [navigate]));
  const template = trpc.templates.get.useQuery({ id: state.template?.id ?? '' }, { enabled: state.template !== null });
  const intents = useIntents(state.upload);
  const minutes = useMinutesCheck(
    state.step === 2 ? (state.template?.id ?? null) : null,
    state.upload ? uploadFilename(state.upload) : null,
  );
  const chooseTemplate = useCallback(
    (t: TTemplateView) => dispatch({ type: 'chooseTemplate', template: { id: t.id, name: t.name } }),
    [dispatch],
  );

  const continueFromUpload = () => dispatch({ type: 'continueFromUpload', visible: intents.visible });

  const finish = () => {
    dispatch({ type: 'cancel' });
    void navigate('/dashboard');
  };

  function body() {
    if (!state.started && state.template === null) return <StartChooser onStart={() => dispatch({ type: 'start', mode: 'preuploaded' })} />;
    if (!isKnownStep(state.step)) return <Alert color="red">{EPISODE_CREATOR_MESSAGES.invalidStep}</Alert>;
    if (state.step === 1) return <TemplateStep onChoose={chooseTemplate} autoSelect={state.template === null} />;
    if (state.step === 2) return <MainContentStep state={state} dispatch={dispatch} minutes={minutes} onContinue={continueFromUpload} />;
    // The assembly follows its episode whatever became of the template (deleted since): never stuck on it.
    if (state.step === 6 && state.job) return <BuildAssembly state={state} job={state.job} dispatch={dispatch} onFinished={finish} />;
    if (template.isPending) return <Loader aria-label="Loading the template" />;
    if (!template.data) return <Alert color="red">{template.error?.message ?? EPISODE_CREATOR_MESSAGES.invalidStep}</Alert>;
    if (state.step === 3) {
      return (
        <CustomizeStep
          template={template.data}
          contentName={state.upload?.filename ?? ''}
          ttsValues={state.ttsValues}
          voices={state.voices}
          onScript={(segmentId, text) => dispatch({ type: 'setScript', segmentId, text })}
          onVoice={(segmentId, voice) =>
            dispatch({ type: 'setVoice', segmentId, voice: { voice_id: voice.voice_id, name: voice.common_name || voice.name } })
          }
          onBack={() => dispatch({ type: 'goTo', step: 2 })}
          onContinue={() => dispatch({ type: 'goTo', step: 4 })}
        />
      );
    }
    return <LaterSteps state={state} template={template.data} dispatch={dispatch} />;
  }

  return (
    <Stack gap="lg" maw={960}>
      <CreatorHeader
        step={state.started || state.template ? state.step : 0}
        mode={state.mode}
        templateName={state.template?.name ?? null}
        showCancel={canCancelBuild(state)}
        uploadPercent={state.uploadPercent}
        uploadLabel={state.upload?.filename ?? null}
        onBackToDashboard={state.step === 6 ? finish : () => void navigate('/dashboard')}
        onCancelBuild={() => dispatch({ type: 'cancel' })}
      />
      {(state.step === 3 || state.step === 4) && (
        <TranscriptPending state={state} onReview={() => dispatch({ type: 'openPendingReview' })} />
      )}
      {body()}
      <Reviews state={state} dispatch={dispatch} template={template.data} intents={intents} />
    </Stack>
  );
}

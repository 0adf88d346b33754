import { Alert, Loader } from '@mantine/core';
import { EPISODE_CREATOR_MESSAGES, type TTemplateView } from '@ppp/contracts';
import { isKnownStep, type CreatorAction, type CreatorState } from './creator-state.ts';
import type { EpisodeCreator } from './use-episode-creator.ts';
import { StartChooser } from './StartChooser.tsx';
import { TemplateStep } from './TemplateStep.tsx';
import { MainContentStep } from './MainContentStep.tsx';
import { CustomizeStep } from './CustomizeStep.tsx';
import { BuildAssembly, LaterSteps } from './LaterSteps.tsx';
import { skippedAutomations } from './way-forward.ts';

/** Step 3 wired to the build: scripts and voices go into the state. */
function CustomizeStage({
  state,
  template,
  dispatch,
}: {
  state: CreatorState;
  template: TTemplateView;
  dispatch(action: CreatorAction): void;
}) {
  return (
    <CustomizeStep
      template={template}
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

/** The start chooser or the current step of the build. */
export function CreatorBody({ creator }: { creator: EpisodeCreator }) {
  const { state, dispatch, template, minutes, intents, chooseTemplate, continueFromUpload, finish } = creator;
  if (!state.started && state.template === null) return <StartChooser onStart={() => dispatch({ type: 'start', mode: 'preuploaded' })} />;
  if (!isKnownStep(state.step)) return <Alert color="red">{EPISODE_CREATOR_MESSAGES.invalidStep}</Alert>;
  if (state.step === 1) return <TemplateStep onChoose={chooseTemplate} autoSelect={state.template === null} />;
  if (state.step === 2) {
    const skipped = skippedAutomations(intents.counts, intents.locked);
    return <MainContentStep state={state} dispatch={dispatch} minutes={minutes} onContinue={continueFromUpload} skipped={skipped} />;
  }
  // The assembly follows its episode whatever became of the template (deleted since): never stuck on it.
  if (state.step === 6 && state.job) return <BuildAssembly state={state} job={state.job} dispatch={dispatch} onFinished={finish} />;
  if (template.isPending) return <Loader aria-label="Loading the template" />;
  if (!template.data) return <Alert color="red">{template.error?.message ?? EPISODE_CREATOR_MESSAGES.invalidStep}</Alert>;
  if (state.step === 3) return <CustomizeStage state={state} template={template.data} dispatch={dispatch} />;
  return <LaterSteps state={state} template={template.data} dispatch={dispatch} />;
}

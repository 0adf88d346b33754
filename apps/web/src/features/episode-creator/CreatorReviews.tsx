import type { TTemplateView } from '@ppp/contracts';
import type { CreatorAction, CreatorState } from './creator-state.ts';
import type { IntentsView } from './use-intents.ts';
import { IntentsDialog } from './IntentsDialog.tsx';
import { FlubberReview } from './FlubberReview.tsx';
import { extrasOf } from './retake-extras.ts';
import { InternReview } from './InternReview.tsx';
import { CreatorTranscript } from './CreatorTranscript.tsx';

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

/** The retake, Intern and intents reviews between steps 2 and 5. */
export function CreatorReviews({
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
    <CreatorTranscript uploadId={upload.id} dispatch={dispatch}>
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
          extras={extrasOf(state)}
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
    </CreatorTranscript>
  );
}

import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { notifications } from '@mantine/notifications';
import { ONBOARDING_MESSAGES, TTS_MESSAGES, type TMe } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { messageOf } from '../../lib/api-error.ts';
import { FinishError, finishOnboarding, type FinishPhase } from './finish-onboarding.ts';
import { makeClips } from './make-clips.ts';
import { useOnboardingApi, type OnboardingApi } from './onboarding-api.ts';
import { markOnboardingCompleted } from './onboarding-storage.ts';
import { useWizard } from './use-wizard.ts';
import { useOnboardingAdvances } from './use-onboarding-advances.ts';

type Wizard = ReturnType<typeof useWizard>;
import { nextStep, previousStep, stepProblem, type TSegmentKind, type TWizardPath } from './wizard.ts';

/**
 * What the onboarding page does: Next with each step's checks and work (save the name, make the
 * clips, finish), Back, the path choice, the automatic advances of the import and skip notices.
 */
export function useOnboardingFlow(me: TMe) {
  const { state, setState, update, stopSaving } = useWizard(me);
  const [busy, setBusy] = useState(false);
  const [previewOk, setPreviewOk] = useState(false);
  const api = useOnboardingApi();
  const step = state.step;
  const { error, setError, answer } = useStepMessage(step, update);
  const { finish, finishPhase } = useFinishOnboarding(api, state, update, stopSaving, setError);
  const work = useStepWork(api, state, update, setError);
  const { files } = work;
  const { goTo, advance, choosePath, back } = useStepMoves(state, setState);

  useOnboardingAdvances(state, setState, api);

  async function next() {
    const problem = stepProblem(state, { filesChosen: { intro: Boolean(files.intro), outro: Boolean(files.outro) } });
    if (problem) {
      setError(problem);
      if (step === 'rss')
        notifications.show({ color: 'red', title: ONBOARDING_MESSAGES.rssRequired, message: ONBOARDING_MESSAGES.rssEnterUrl });
      return;
    }
    setError(null);
    setBusy(true);
    try {
      if (!(await work.run())) return;
      if (step === 'confirm' && !previewOk) return;
      if (step === 'finish') return await finish();
      advance();
    } finally {
      setBusy(false);
    }
  }

  return {
    state,
    update: answer,
    error,
    busy,
    files,
    finishPhase,
    setFile: work.setFile,
    setPreviewOk,
    previewOk,
    next,
    back,
    canGoBack: previousStep(state) !== null,
    choosePath,
    skipImport: () => goTo({ step: 'skipNotice' }),
    retryClips: () => goTo({ step: 'introOutro' }),
    afterReview: advance,
  };
}

/** A message belongs to the step it was raised on: a new step starts without it. */
function useStepMessage(step: string, update: Wizard['update']) {
  const [raised, setRaised] = useState<{ step: string; message: string } | null>(null);
  const setError = useCallback((message: string | null) => setRaised(message ? { step, message } : null), [step]);
  // A change of answer clears the message it was about.
  const answer = useCallback(
    (patch: Partial<Wizard['state']>) => {
      setRaised(null);
      update(patch);
    },
    [update],
  );
  return { error: raised?.step === step ? raised.message : null, setError, answer };
}

/** Moving between steps: to a given one, to the next on the path, back, and to the start of a chosen path. */
function useStepMoves(state: Wizard['state'], setState: Wizard['setState']) {
  const goTo = useCallback((patch: Partial<Wizard['state']>) => setState((s) => ({ ...s, ...patch })), [setState]);
  const advance = useCallback(() => setState((s) => ({ ...s, step: nextStep(s.path, s.step) })), [setState]);
  const choosePath = useCallback(
    (path: TWizardPath) => goTo(path === 'import' ? { path, step: 'rss' } : { path, step: 'showDetails' }),
    [goTo],
  );
  const back = () => {
    const to = previousStep(state);
    if (to) goTo({ step: to });
  };
  return { goTo, advance, choosePath, back };
}

/** The work Next does on a step before moving on: save the name, make the intro and outro clips (false when that failed). */
function useStepWork(api: OnboardingApi, state: Wizard['state'], update: Wizard['update'], setError: (message: string | null) => void) {
  const prefs = trpc.users.updatePrefs.useMutation();
  const [files, setFiles] = useState<Partial<Record<TSegmentKind, File>>>({});

  async function run(): Promise<boolean> {
    if (state.step === 'yourName') {
      // The name is the user's own: saving it is a courtesy that must not block the wizard.
      await prefs.mutateAsync({ first_name: state.firstName.trim(), last_name: state.lastName.trim() || null }).catch(() => undefined);
    }
    if (state.step === 'introOutro') {
      try {
        await makeClips(api, state, files, update);
      } catch (failure) {
        setError(messageOf(failure, TTS_MESSAGES.aiVoiceFailed));
        return false;
      }
      setFiles({});
    }
    return true;
  }

  return { files, run, setFile: (kind: TSegmentKind, file: File | null) => setFiles((f) => ({ ...f, [kind]: file ?? undefined })) };
}

/** The last step: create the show, its template and clips, then on to the dashboard (a failure is told and raised on the step). */
function useFinishOnboarding(
  api: OnboardingApi,
  state: Wizard['state'],
  update: Wizard['update'],
  stopSaving: () => void,
  setError: (message: string | null) => void,
) {
  const [finishPhase, setFinishPhase] = useState<FinishPhase | null>(null);
  const navigate = useNavigate();
  const utils = trpc.useUtils();

  async function finish() {
    try {
      await finishOnboarding(api, state, update, setFinishPhase);
    } catch (failure) {
      setFinishPhase(null);
      const title = failure instanceof FinishError ? failure.message : ONBOARDING_MESSAGES.createShowFailed;
      const detail = failure instanceof FinishError ? messageOf(failure.cause, '') : '';
      notifications.show({ color: 'red', title, message: detail || 'Please try again.' });
      setError(title);
      return;
    }
    stopSaving();
    markOnboardingCompleted();
    await utils.podcasts.list.invalidate();
    await utils.templates.list.invalidate();
    notifications.show({ color: 'green', title: 'Your show is ready', message: 'Record or upload your first episode.' });
    void navigate('/dashboard', { replace: true });
  }

  return { finish, finishPhase };
}

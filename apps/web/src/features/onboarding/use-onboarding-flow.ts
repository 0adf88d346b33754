import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { notifications } from '@mantine/notifications';
import { ONBOARDING, ONBOARDING_MESSAGES, TTS_MESSAGES, type TMe } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { messageOf } from '../../lib/api-error.ts';
import { FinishError, finishOnboarding, type FinishPhase } from './finish-onboarding.ts';
import { makeClips } from './make-clips.ts';
import { useOnboardingApi, type OnboardingApi } from './onboarding-api.ts';
import { markOnboardingCompleted } from './onboarding-storage.ts';
import { useWizard } from './use-wizard.ts';
import {
  autoAdvance,
  autoAdvanceDelay,
  nextStep,
  previousStep,
  stepProblem,
  switchToNewShowPath,
  type TSegmentKind,
  type TWizardPath,
} from './wizard.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * What the onboarding page does: Next with each step's checks and work (save the name, make the
 * clips, finish), Back, the path choice, the automatic advances of the import and skip notices.
 */
export function useOnboardingFlow(me: TMe) {
  const { state, setState, update, stopSaving } = useWizard(me);
  // A message belongs to the step it was raised on: a new step starts without it.
  const [raised, setRaised] = useState<{ step: string; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [files, setFiles] = useState<Partial<Record<TSegmentKind, File>>>({});
  const [previewOk, setPreviewOk] = useState(false);
  const [finishPhase, setFinishPhase] = useState<FinishPhase | null>(null);
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const prefs = trpc.users.updatePrefs.useMutation();
  const api = useOnboardingApi();
  const step = state.step;
  const { rssUrl } = state;
  const error = raised?.step === step ? raised.message : null;
  const setError = useCallback((message: string | null) => setRaised(message ? { step, message } : null), [step]);
  // One import call per visit of the importing step, even when React runs the effect twice.
  const importCall = useRef<ReturnType<OnboardingApi['importFeed']> | null>(null);

  // A change of answer clears the message it was about.
  const answer = useCallback(
    (patch: Partial<typeof state>) => {
      setRaised(null);
      update(patch);
    },
    [update],
  );
  const goTo = useCallback((patch: Partial<typeof state>) => setState((s) => ({ ...s, ...patch })), [setState]);
  const advance = useCallback(() => setState((s) => ({ ...s, step: nextStep(s.path, s.step) })), [setState]);

  // skipNotice, analyze and assets move on after their delay.
  useEffect(() => {
    const delay = autoAdvanceDelay(step);
    if (delay === null || step === 'importing') return;
    const timer = setTimeout(() => setState((s) => (s.step === step ? autoAdvance(s) : s)), delay);
    return () => clearTimeout(timer);
  }, [step, setState]);

  // importing: the import call, and at least its 1 s; a failure goes back to the feed URL.
  useEffect(() => {
    if (step !== 'importing') return;
    let live = true;
    const started = Date.now();
    importCall.current ??= api.importFeed(rssUrl);
    importCall.current.then(
      async (result) => {
        await sleep(Math.max(0, (autoAdvanceDelay('importing') ?? 0) - (Date.now() - started)));
        if (!live) return;
        importCall.current = null;
        setState((s) => ({
          ...s,
          importedPodcastId: result.podcast_id,
          podcastName: result.podcast_name,
          podcastDescription: result.description,
          step: nextStep(s.path, 'importing'),
        }));
      },
      (failure: unknown) => {
        if (!live) return;
        importCall.current = null;
        notifications.show({
          color: 'red',
          title: ONBOARDING_MESSAGES.importFailed,
          message: messageOf(failure, ONBOARDING_MESSAGES.importFailedFallback),
        });
        setState((s) => ({ ...s, step: 'rss' }));
      },
    );
    return () => {
      live = false;
    };
  }, [step, rssUrl, setState, api]);

  // importSuccess: after 0.6 s, the new-show path from step 6, with 'Import complete'.
  useEffect(() => {
    if (step !== 'importSuccess') return;
    const timer = setTimeout(() => {
      setState((s) => (s.step === 'importSuccess' ? switchToNewShowPath(s) : s));
      notifications.show({ color: 'green', title: ONBOARDING_MESSAGES.importComplete, message: 'Now make your intro, outro and music.' });
    }, ONBOARDING.importSwitchMs);
    return () => clearTimeout(timer);
  }, [step, setState]);

  const choosePath = useCallback(
    (path: TWizardPath) => goTo(path === 'import' ? { path, step: 'rss' } : { path, step: 'showDetails' }),
    [goTo],
  );

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
      if (step === 'yourName') {
        // The name is the user's own: saving it is a courtesy that must not block the wizard.
        await prefs.mutateAsync({ first_name: state.firstName.trim(), last_name: state.lastName.trim() || null }).catch(() => undefined);
      }
      if (step === 'introOutro') {
        try {
          await makeClips(api, state, files, update);
        } catch (failure) {
          setError(messageOf(failure, TTS_MESSAGES.aiVoiceFailed));
          return;
        }
        setFiles({});
      }
      if (step === 'confirm' && !previewOk) return;
      if (step === 'finish') return await finish();
      advance();
    } finally {
      setBusy(false);
    }
  }

  const back = () => {
    const to = previousStep(state);
    if (to) goTo({ step: to });
  };

  return {
    state,
    update: answer,
    error,
    busy,
    files,
    finishPhase,
    setFile: (kind: TSegmentKind, file: File | null) => setFiles((f) => ({ ...f, [kind]: file ?? undefined })),
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

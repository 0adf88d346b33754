import { useEffect, useRef } from 'react';
import { notifications } from '@mantine/notifications';
import { ONBOARDING, ONBOARDING_MESSAGES } from '@ppp/contracts';
import { messageOf } from '../../lib/api-error.ts';
import type { OnboardingApi } from './onboarding-api.ts';
import type { useWizard } from './use-wizard.ts';
import { autoAdvance, autoAdvanceDelay, nextStep, switchToNewShowPath } from './wizard.ts';

type Wizard = ReturnType<typeof useWizard>;
type SetState = Wizard['setState'];
type Step = Wizard['state']['step'];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** skipNotice, analyze and assets move on after their delay. */
function useTimedAdvance(step: Step, setState: SetState) {
  useEffect(() => {
    const delay = autoAdvanceDelay(step);
    if (delay === null || step === 'importing') return;
    const timer = setTimeout(() => setState((s) => (s.step === step ? autoAdvance(s) : s)), delay);
    return () => clearTimeout(timer);
  }, [step, setState]);
}

/** importing: the import call, and at least its 1 s; a failure goes back to the feed URL. */
function useFeedImport(step: Step, rssUrl: string, setState: SetState, api: OnboardingApi) {
  // One import call per visit of the importing step, even when React runs the effect twice.
  const importCall = useRef<ReturnType<OnboardingApi['importFeed']> | null>(null);
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
}

/** importSuccess: after 0.6 s, the new-show path from step 6, with 'Import complete'. */
function useImportSwitch(step: Step, setState: SetState) {
  useEffect(() => {
    if (step !== 'importSuccess') return;
    const timer = setTimeout(() => {
      setState((s) => (s.step === 'importSuccess' ? switchToNewShowPath(s) : s));
      notifications.show({ color: 'green', title: ONBOARDING_MESSAGES.importComplete, message: 'Now make your intro, outro and music.' });
    }, ONBOARDING.importSwitchMs);
    return () => clearTimeout(timer);
  }, [step, setState]);
}

/** The steps that move on by themselves: the timed notices, the feed import and the switch after it. */
export function useOnboardingAdvances(state: Wizard['state'], setState: SetState, api: OnboardingApi) {
  useTimedAdvance(state.step, setState);
  useFeedImport(state.step, state.rssUrl, setState, api);
  useImportSwitch(state.step, setState);
}

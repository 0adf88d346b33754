import { useState } from 'react';
import { notifications } from '@mantine/notifications';
import { CREATOR_STEP_COPY, EPISODE_CREATOR_MESSAGES, type TTemplateView } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { requestBillingNavigation } from './details/billing-navigation.ts';
import { assembleRequest } from './creator-rules.ts';
import { buildOf } from './ai-review.ts';
import { nextReview, type CreatorAction, type CreatorState } from './creator-state.ts';
import { assembleFailure, type InsufficientInfo } from './assemble-failure.ts';

/** Tells why assemble was refused: the minutes dialog, a locked feature, the quota (off to pricing), or the failure's words. */
function tellAssembleFailure(err: unknown, showInsufficient: (info: InsufficientInfo) => void) {
  const failure = assembleFailure(err);
  if (failure.kind === 'insufficient-minutes') showInsufficient(failure.info);
  else if (failure.kind === 'feature-locked')
    // A plan feature the plan lacks (publishing to Spreaker on its own, say): its own words, with Upgrade on the screen.
    notifications.show({ color: 'yellow', title: CREATOR_STEP_COPY.upgradePlan, message: failure.message });
  else if (failure.kind === 'quota') {
    notifications.show({ color: 'red', message: EPISODE_CREATOR_MESSAGES.quotaReached });
    requestBillingNavigation('upgrade');
  } else notifications.show({ color: 'red', title: 'Assembly failed', message: failure.message });
}

/** The assemble call between steps 5 and 6 (spec 000 §7 'What the product does with answers') and the minutes it lacked. */
export function useAssembleBuild(state: CreatorState, template: TTemplateView, dispatch: (action: CreatorAction) => void) {
  const utils = trpc.useUtils();
  // The minutes are charged at assemble: the header's and the dashboard's minutes read them again.
  const assemble = trpc.assembly.assemble.useMutation({ onSuccess: () => utils.billing.usage.invalidate() });
  const [insufficient, setInsufficient] = useState<InsufficientInfo | null>(null);

  async function submit(details: Parameters<typeof assembleRequest>[2]) {
    const upload = state.upload;
    if (!upload) return;
    // A retake or Intern review asked for and not done yet opens first.
    if (nextReview(state) !== null) {
      dispatch({ type: 'openPendingReview' });
      return;
    }
    try {
      const job = await assemble.mutateAsync(assembleRequest(buildOf(state, upload), template, details));
      dispatch({ type: 'assembling', jobId: job.job_id, episodeId: job.episode_id });
    } catch (err) {
      tellAssembleFailure(err, setInsufficient);
    }
  }

  return { submit, submitting: assemble.isPending, insufficient, closeInsufficient: () => setInsufficient(null) };
}

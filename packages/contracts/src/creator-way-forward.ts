import { PLANS, type TPlan, type TPlanFeature } from './plans.ts';

/**
 * Issue 37, 'no silent skips, no dead ends': what the Episode Creator says where an automation the
 * plan lacks is skipped, where minutes stop a step, and where publishing would fail after the render.
 */
export const WAY_FORWARD_COPY = {
  startTrial: 'Start free trial',
  upgrade: 'Upgrade',
  continueWithout: 'Continue without',
  trialStarted: 'Your 14-day free trial has started: Flubber and Intern are on for this episode.',
  /** Step 2 when minutes stop Continue: the two ways on, as the step 5 dialog offers them. */
  minutesWayOn: 'Upgrade your plan or buy minutes to continue.',
  fixIt: 'Fix it',
  /** Step 5 when the show would refuse the episode after the render: Save as draft stays open. */
  publishHeldBack: 'Publishing would fail after the render: the show is not ready. Save as draft, or fix the show first.',
  hostNotLinked: 'The show is not linked to its podcast host yet.',
  startAnother: 'Start another episode',
  /** The transcript poll's 10-minute cap (MEDIA.transcriptPollMaxMs) reached while still waiting. */
  transcriptPollStopped:
    'The transcript is taking longer than 10 minutes, so this page stopped checking. It keeps transcribing on the server: Retry checks again.',
  retry: 'Retry',
} as const;

/** The automations whose markers a recording carries, by the intent questions' keys. */
export type TSkippableAutomation = 'flubber' | 'intern';

/** The cheapest plan of the pricing page that includes every one of `features` (null when none does). */
export function cheapestPlanWith(features: readonly TPlanFeature[]): TPlan | null {
  return PLANS.find((plan) => features.every((feature) => plan.features[feature])) ?? null;
}

const NAMES: Record<TSkippableAutomation, string> = { flubber: 'Flubber', intern: 'Intern' };

function counted(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/**
 * 'Your recording has 3 retakes and 1 Intern command. Flubber and Intern come with Creator.': the
 * markers of each locked automation and the plan that has them all; null when none was said.
 */
export function skippedAutomationsText(
  counts: Readonly<Record<TSkippableAutomation, number>>,
  locked: readonly TSkippableAutomation[],
  planName: string,
): string | null {
  const said = locked.filter((key) => counts[key] > 0);
  if (said.length === 0) return null;
  const parts = said.map((key) =>
    key === 'flubber' ? counted(counts.flubber, 'retake', 'retakes') : counted(counts.intern, 'Intern command', 'Intern commands'),
  );
  const names = said.map((key) => NAMES[key]);
  const verb = names.length === 1 ? 'comes' : 'come';
  return `Your recording has ${parts.join(' and ')}. ${names.join(' and ')} ${verb} with ${planName}.`;
}

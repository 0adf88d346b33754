import { EPISODE_CREATOR, EPISODE_CREATOR_SHELL } from './episode-creator.ts';
import type { TAssemblyPublishMode } from './assembly.ts';

/**
 * The Episode Creator's steps 4 to 6 (spec 000 sections 2, 4, 5 and 8): the billing navigation
 * the 'Not enough processing minutes' dialog starts, and the words of the cover, details and
 * assembly steps that episode-creator.ts does not hold.
 */

/** 'Upgrade Plan and Buy Minutes set a local billing-intent marker and fire the navigate-to-billing event.' */
export const BILLING_INTENT_STORAGE_KEY = 'ppp.billing.intent';
export const NAVIGATE_BILLING_EVENT = 'ppp:navigate-billing';
export const BILLING_INTENTS = ['upgrade', 'buy_minutes'] as const;
export type TBillingIntent = (typeof BILLING_INTENTS)[number];

/** Not in the spec: how long the result keeps reading the publish status for a late host failure. */
export const CREATOR_STEP_LIMITS = {
  publishFollowUpMs: 20_000,
} as const;

export const CREATOR_STEP_COPY = {
  coverTitle: EPISODE_CREATOR_SHELL.stepTitles[3],
  coverRecommended: `Recommended: square, at least ${EPISODE_CREATOR.coverRecommendedPx}x${EPISODE_CREATOR.coverRecommendedPx}, JPG or PNG.`,
  uploadAndContinue: 'Upload & Continue',
  detailsTitle: EPISODE_CREATOR_SHELL.stepTitles[4],
  assembleButton: 'Assemble Episode',
  aiSuggest: 'AI Suggest',
  upgradePlan: 'Upgrade Plan',
  buyMinutes: 'Buy Minutes',
  visibilityPublic: 'Public',
  visibilityPrivate: 'Private',
  /** Result headings by publish mode (spec 000 §2 step 6). */
  headingNow: 'Completed',
  headingScheduled: 'Scheduled',
  headingDraft: 'Draft Ready',
  backToDashboard: EPISODE_CREATOR_SHELL.backToDashboard,
  /** Not in the spec (issue 19, 'a creator is never stuck'): a failed build's way on. */
  assemblyFailed: 'Assembly failed',
  retry: 'Retry',
  startOver: 'Start over',
  retryFailed: 'Retry failed',
  retryHint: 'Retry assembles this same episode again, with no new charge of processing minutes. Start over keeps the template and audio.',
  buildLost: "This build's episode no longer exists (it was deleted). Start over to build a new one.",
  stillTrying: 'Still trying to reach the server; the episode keeps assembling meanwhile.',
  /** Issue 18: only step 5 waits for the transcript. */
  transcribingContinue: 'Transcribing. You can continue now: only the last step (details and assembly) waits for the transcript.',
  transcribing: (filename: string) => `Transcribing ${filename}. You can keep going; step 5 waits for the transcript.`,
  reviewsWaiting: 'The retake and Intern reviews you asked for open as soon as it is ready.',
  reviewsToDo: 'The retake and Intern reviews you asked for are still to do.',
  openReviews: 'Review now',
  cancelAssemblingConfirm:
    'Cancel this build? An episode already queued keeps assembling and stays in Episode History; only the wizard is cleared.',
} as const;

/** 'Processing estimate: 75% to 125% of audio length, in minutes', as the wizard words it. */
export function processingEstimateText(estimate: { low: number; high: number }): string {
  if (estimate.low === estimate.high) return `about ${estimate.low} minute${estimate.low === 1 ? '' : 's'}`;
  return `about ${estimate.low}-${estimate.high} minutes`;
}

/** The result heading of an assembled episode by its publish mode. */
export function assemblyResultHeading(mode: TAssemblyPublishMode): string {
  if (mode === 'schedule') return CREATOR_STEP_COPY.headingScheduled;
  if (mode === 'draft') return CREATOR_STEP_COPY.headingDraft;
  return CREATOR_STEP_COPY.headingNow;
}

import {
  ASSEMBLY,
  CREATOR_STEP_LIMITS,
  EPISODE_CREATOR_MESSAGES,
  PUBLISH_LIMITS,
  assemblyResultHeading,
  processingEstimateFor,
  processingEstimateText,
  type TAssemblyPublishMode,
  type TAssemblyPublishOutcome,
  type TEpisodeJobStatus,
  type TPublishStatus,
} from '@ppp/contracts';

/** How long a finished render may wait for its publish outcome before the result shows anyway. */
export const PUBLISH_OUTCOME_WAIT_POLLS = 12;

/** Failed status reads tried again before 'Failed to poll for job status.' shows (polling goes on after it). */
export const STATUS_POLL_RETRIES = 2;

/** When to read the job again: every 5 s until it settles; never once the episode is gone (404). */
export function nextStatusPoll(
  status: Pick<TEpisodeJobStatus, 'status' | 'publish'> | undefined,
  pollsSinceProcessed: number,
  gone: boolean,
): number | false {
  if (gone) return false;
  if (status && pollSettled(status, pollsSinceProcessed)) return false;
  return ASSEMBLY.statusPollMs;
}

/** 'processed' and 'error' are terminal; a processed job whose publish is still pending is polled a little longer. */
export function pollSettled(status: Pick<TEpisodeJobStatus, 'status' | 'publish'>, pollsSinceProcessed: number): boolean {
  if (status.status === 'error') return true;
  if (status.status !== 'processed') return false;
  return status.publish?.outcome !== 'pending' || pollsSinceProcessed >= PUBLISH_OUTCOME_WAIT_POLLS;
}

export interface ResultView {
  heading: string;
  text: string;
  toast: { title: string; color: 'green' | 'orange' | 'red'; message: string };
  /** 'Publish failed' with its reason, shown beside the result. */
  publishError: string | null;
  /** Why a schedule fell back to draft, shown under 'Schedule invalid'. */
  scheduleInvalid: string | null;
}

function byMode(mode: TAssemblyPublishMode): Pick<ResultView, 'heading' | 'text'> & { toastTitle: string } {
  if (mode === 'draft')
    return {
      heading: assemblyResultHeading('draft'),
      text: EPISODE_CREATOR_MESSAGES.resultDraft,
      toastTitle: EPISODE_CREATOR_MESSAGES.draftReadyToast,
    };
  if (mode === 'schedule')
    return {
      heading: assemblyResultHeading('schedule'),
      text: EPISODE_CREATOR_MESSAGES.resultScheduled,
      toastTitle: EPISODE_CREATOR_MESSAGES.scheduledToast,
    };
  return {
    heading: assemblyResultHeading('now'),
    text: EPISODE_CREATOR_MESSAGES.resultNow,
    toastTitle: EPISODE_CREATOR_MESSAGES.successToast,
  };
}

/** A draft's result with a toast saying why the episode was not scheduled or published. */
function draftInstead(title: string, color: ResultView['toast']['color'], reason: string): ResultView {
  const draft = byMode('draft');
  return { heading: draft.heading, text: draft.text, toast: { title, color, message: reason }, publishError: null, scheduleInvalid: null };
}

/**
 * The result by publish mode (spec 000 §4): a schedule that had become invalid falls back to draft
 * with 'Schedule invalid' and the reason in the spec's words ('Pick a future date/time (>= 1 minute
 * ahead).' when its time had passed by the end of the render, else 'Invalid schedule time'); a
 * failed publish leaves a draft and says 'Publish failed' with the reason.
 */
export function resultView(requested: TAssemblyPublishMode, publish: TAssemblyPublishOutcome | null | undefined): ResultView {
  const mode = publish?.mode ?? requested;
  if (publish?.outcome === 'schedule_invalid') {
    const reason = publish.error ?? EPISODE_CREATOR_MESSAGES.invalidScheduleTime;
    return { ...draftInstead(EPISODE_CREATOR_MESSAGES.scheduleInvalid, 'orange', reason), scheduleInvalid: reason };
  }
  if (publish?.outcome === 'failed') {
    const reason = publish.error ?? EPISODE_CREATOR_MESSAGES.publishDownstream;
    return { ...draftInstead(EPISODE_CREATOR_MESSAGES.publishFailed, 'red', reason), publishError: reason };
  }
  const view = byMode(mode);
  return {
    heading: view.heading,
    text: view.text,
    toast: { title: view.toastTitle, color: 'green', message: view.text },
    publishError: null,
    scheduleInvalid: null,
  };
}

/** 'about {low}-{high} minutes' from the audio length, or null when the length is unknown. */
export function estimateText(audioSeconds: number | null, filename: string | null = null): string {
  return processingEstimateText(processingEstimateFor(audioSeconds, filename));
}

/** Whether the result follows the host's publish status: only when a publish was handed over. */
export function followsPublish(publish: TAssemblyPublishOutcome | null | undefined): boolean {
  return publish?.outcome === 'dispatched' || publish?.outcome === 'scheduled';
}

/** The host's publish status read: stop at published, a failure, or after the follow-up window. */
export function publishFollowUpSettled(status: Pick<TPublishStatus, 'publish_state' | 'last_error'> | undefined, polls: number): boolean {
  if (polls * PUBLISH_LIMITS.statusPollMs >= CREATOR_STEP_LIMITS.publishFollowUpMs) return true;
  if (!status) return false;
  return (
    status.last_error !== null ||
    status.publish_state === 'published' ||
    status.publish_state === 'publish_error' ||
    status.publish_state === 'needs_republish'
  );
}

/** The publish outcome to show: a failure the host reported later turns a handed-over publish into 'failed'. */
export function withHostFailure(
  publish: TAssemblyPublishOutcome | null | undefined,
  status: Pick<TPublishStatus, 'publish_state' | 'last_error'> | undefined,
): TAssemblyPublishOutcome | null | undefined {
  if (!publish || !followsPublish(publish) || !status) return publish;
  if (status.publish_state !== 'publish_error' && status.last_error === null) return publish;
  return { mode: publish.mode, outcome: 'failed', error: status.last_error ?? EPISODE_CREATOR_MESSAGES.publishDownstream };
}

/**
 * Whether the result leaves a draft the creator may publish from here (Publish now, Schedule): a draft
 * asked for, a schedule that fell back to draft, or a publish that failed.
 */
export function offersPublish(requested: TAssemblyPublishMode, publish: TAssemblyPublishOutcome | null | undefined): boolean {
  if (!publish) return requested === 'draft';
  return publish.outcome === 'draft' || publish.outcome === 'schedule_invalid' || publish.outcome === 'failed';
}

/** What a draft published from the result became, as a publish mode: its heading and text follow it. */
export function modeAfterPublish(status: Pick<TPublishStatus, 'status'>): TAssemblyPublishMode {
  return status.status === 'scheduled' ? 'schedule' : 'now';
}

/** The result's toast has this id, so it can go once the draft is published from the result. */
export const RESULT_TOAST_ID = 'assembly-result';

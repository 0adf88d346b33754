import { describe, expect, it } from 'vitest';
import { ASSEMBLY, CREATOR_STEP_LIMITS, EPISODE_CREATOR_MESSAGES, PUBLISH_LIMITS } from '@ppp/contracts';
import {
  PUBLISH_OUTCOME_WAIT_POLLS,
  estimateText,
  modeAfterPublish,
  followsPublish,
  nextStatusPoll,
  offersPublish,
  pollSettled,
  publishFollowUpSettled,
  resultView,
  withHostFailure,
} from './assembly-result.ts';

describe('estimate', () => {
  it('is 0.75x to max(1.25x, duration + 2) of the audio length in minutes', () => {
    expect(estimateText(600)).toBe('about 8-13 minutes');
    expect(estimateText(20)).toBe('about 1-2 minutes');
    expect(estimateText(120)).toBe('about 2-4 minutes');
  });

  it('falls back to 8-14 minutes for wav/aif/aiff and 5-10 otherwise when the duration is unknown (issue 37)', () => {
    expect(estimateText(null, 'Take One.WAV')).toBe('about 8-14 minutes');
    expect(estimateText(0, 'show.aiff')).toBe('about 8-14 minutes');
    expect(estimateText(null, 'show.mp3')).toBe('about 5-10 minutes');
    expect(estimateText(null)).toBe('about 5-10 minutes');
  });
});

describe('polling', () => {
  it('stops at processed or error', () => {
    expect(pollSettled({ status: 'queued', publish: null }, 0)).toBe(false);
    expect(pollSettled({ status: 'processing', publish: null }, 0)).toBe(false);
    expect(pollSettled({ status: 'error', publish: null }, 0)).toBe(true);
    expect(pollSettled({ status: 'processed', publish: { mode: 'draft', outcome: 'draft', error: null } }, 0)).toBe(true);
  });

  it('waits a while for a publish still pending', () => {
    const status = { status: 'processed' as const, publish: { mode: 'now' as const, outcome: 'pending' as const, error: null } };
    expect(pollSettled(status, 0)).toBe(false);
    expect(pollSettled(status, PUBLISH_OUTCOME_WAIT_POLLS)).toBe(true);
  });

  it('reads every 5 s until a final state, on through failed reads, never once the episode is gone', () => {
    expect(nextStatusPoll(undefined, 0, false)).toBe(ASSEMBLY.statusPollMs);
    expect(nextStatusPoll({ status: 'queued', publish: null }, 0, false)).toBe(ASSEMBLY.statusPollMs);
    expect(nextStatusPoll({ status: 'processing', publish: null }, 0, false)).toBe(ASSEMBLY.statusPollMs);
    expect(nextStatusPoll({ status: 'error', publish: null }, 0, false)).toBe(false);
    expect(nextStatusPoll({ status: 'processed', publish: { mode: 'draft', outcome: 'draft', error: null } }, 0, false)).toBe(false);
    const pending = { status: 'processed' as const, publish: { mode: 'now' as const, outcome: 'pending' as const, error: null } };
    expect(nextStatusPoll(pending, 1, false)).toBe(ASSEMBLY.statusPollMs);
    expect(nextStatusPoll(pending, PUBLISH_OUTCOME_WAIT_POLLS, false)).toBe(false);
    // A deleted episode (404): nothing to follow, whatever was read before.
    expect(nextStatusPoll({ status: 'processing', publish: null }, 0, true)).toBe(false);
    expect(nextStatusPoll(undefined, 0, true)).toBe(false);
  });
});

describe('result by mode', () => {
  it('heads, words and toasts each mode', () => {
    expect(resultView('draft', null)).toMatchObject({
      heading: 'Draft Ready',
      text: EPISODE_CREATOR_MESSAGES.resultDraft,
      toast: { title: 'Draft Ready' },
    });
    expect(resultView('schedule', { mode: 'schedule', outcome: 'scheduled', error: null })).toMatchObject({
      heading: 'Scheduled',
      text: EPISODE_CREATOR_MESSAGES.resultScheduled,
      toast: { title: 'Scheduled' },
    });
    expect(resultView('now', { mode: 'now', outcome: 'dispatched', error: null })).toMatchObject({
      heading: 'Completed',
      text: EPISODE_CREATOR_MESSAGES.resultNow,
      toast: { title: 'Success!' },
    });
  });

  it('falls back to draft when the schedule became invalid, saying why in the spec’s words', () => {
    const passed = resultView('schedule', {
      mode: 'schedule',
      outcome: 'schedule_invalid',
      error: EPISODE_CREATOR_MESSAGES.publishPastTime,
    });
    expect(passed).toMatchObject({
      heading: 'Draft Ready',
      text: 'Episode saved as draft.',
      publishError: null,
      scheduleInvalid: 'Pick a future date/time (>= 1 minute ahead).',
    });
    expect(passed.toast).toEqual({ title: 'Schedule invalid', color: 'orange', message: 'Pick a future date/time (>= 1 minute ahead).' });
    // No reason stored (an outcome recorded before reasons were): the time is called invalid.
    expect(resultView('schedule', { mode: 'schedule', outcome: 'schedule_invalid', error: null })).toMatchObject({
      toast: { message: 'Invalid schedule time' },
      scheduleInvalid: 'Invalid schedule time',
    });
    expect(resultView('draft', { mode: 'draft', outcome: 'draft', error: null }).scheduleInvalid).toBeNull();
  });

  it('says Publish failed with the reason', () => {
    expect(resultView('now', { mode: 'now', outcome: 'failed', error: 'Host refused' })).toMatchObject({
      toast: { title: 'Publish failed', message: 'Host refused', color: 'red' },
      publishError: 'Host refused',
    });
  });
});

describe('following the host after the render', () => {
  const scheduled = { mode: 'schedule' as const, outcome: 'scheduled' as const, error: null };

  it('follows only a publish that was handed over', () => {
    expect(followsPublish(scheduled)).toBe(true);
    expect(followsPublish({ mode: 'now', outcome: 'dispatched', error: null })).toBe(true);
    expect(followsPublish({ mode: 'draft', outcome: 'draft', error: null })).toBe(false);
    expect(followsPublish(null)).toBe(false);
  });

  it('stops at published, a failure, or the end of the window', () => {
    expect(publishFollowUpSettled(undefined, 0)).toBe(false);
    expect(publishFollowUpSettled({ publish_state: 'queued', last_error: null }, 1)).toBe(false);
    expect(publishFollowUpSettled({ publish_state: 'published', last_error: null }, 1)).toBe(true);
    expect(publishFollowUpSettled({ publish_state: 'publish_error', last_error: 'x' }, 1)).toBe(true);
    expect(
      publishFollowUpSettled(
        { publish_state: 'queued', last_error: null },
        Math.ceil(CREATOR_STEP_LIMITS.publishFollowUpMs / PUBLISH_LIMITS.statusPollMs),
      ),
    ).toBe(true);
  });

  it('turns a host failure into Publish failed with its reason', () => {
    expect(withHostFailure(scheduled, { publish_state: 'queued', last_error: null })).toBe(scheduled);
    const failed = withHostFailure(scheduled, { publish_state: 'publish_error', last_error: 'Choose a primary category for the show.' });
    expect(failed).toEqual({ mode: 'schedule', outcome: 'failed', error: 'Choose a primary category for the show.' });
    expect(resultView('schedule', failed)).toMatchObject({
      heading: 'Draft Ready',
      toast: { title: 'Publish failed' },
      publishError: 'Choose a primary category for the show.',
    });
    // A draft is never followed.
    expect(withHostFailure({ mode: 'draft', outcome: 'draft', error: null }, { publish_state: 'publish_error', last_error: 'x' })).toEqual({
      mode: 'draft',
      outcome: 'draft',
      error: null,
    });
  });
});

describe('publishing from the result', () => {
  it('is offered for a draft, a schedule that fell back to draft and a failed publish, not once handed over', () => {
    expect(offersPublish('draft', { mode: 'draft', outcome: 'draft', error: null })).toBe(true);
    expect(offersPublish('draft', null)).toBe(true);
    expect(offersPublish('schedule', { mode: 'schedule', outcome: 'schedule_invalid', error: 'Invalid schedule time' })).toBe(true);
    expect(offersPublish('now', { mode: 'now', outcome: 'failed', error: 'Choose a primary category for the show.' })).toBe(true);
    expect(offersPublish('now', { mode: 'now', outcome: 'dispatched', error: null })).toBe(false);
    expect(offersPublish('schedule', { mode: 'schedule', outcome: 'scheduled', error: null })).toBe(false);
    expect(offersPublish('now', null)).toBe(false);
  });
});

describe('modeAfterPublish (a draft published from the result)', () => {
  it('heads the result as what the draft became', () => {
    expect(modeAfterPublish({ status: 'published' })).toBe('now');
    expect(modeAfterPublish({ status: 'scheduled' })).toBe('schedule');
  });
});

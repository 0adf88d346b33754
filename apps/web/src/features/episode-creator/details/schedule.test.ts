import { describe, expect, it } from 'vitest';
import { ASSEMBLY_MESSAGES, EPISODE_CREATOR_MESSAGES, PUBLISH_MESSAGES } from '@ppp/contracts';
import { schedulePublishFields, scheduleProblem, snapTimeToStep, suggestSchedule } from './schedule.ts';

// 14:02:10 UTC is 15:02 in Paris (UTC+1 in November) and 03:02 the next day in Auckland (UTC+13).
const now = new Date('2026-11-23T14:02:10Z');
const paris = (date: string, time: string) => ({ date, time, zone: 'Europe/Paris' });

describe('schedule validation in the chosen zone (spec 000 §5)', () => {
  it('needs a date and a time', () => {
    expect(scheduleProblem(paris('', '15:00'), now)).toBe(ASSEMBLY_MESSAGES.scheduleRequired);
    expect(scheduleProblem(paris('2026-11-23', ''), now)).toBe(ASSEMBLY_MESSAGES.scheduleRequired);
    expect(scheduleProblem(paris('2026-02-31', '10:00'), now)).toBe(ASSEMBLY_MESSAGES.scheduleRequired);
  });

  it('needs at least 10 minutes ahead, on the zone’s clock', () => {
    expect(scheduleProblem(paris('2026-11-23', '15:10'), now)).toBe(ASSEMBLY_MESSAGES.scheduleTooSoon);
    expect(scheduleProblem(paris('2026-11-23', '14:30'), now)).toBe(ASSEMBLY_MESSAGES.scheduleTooSoon);
    expect(scheduleProblem(paris('2026-11-23', '15:15'), now)).toBeNull();
    // The same wall time is long past in Auckland, where it is already the next day.
    expect(scheduleProblem({ date: '2026-11-23', time: '15:15', zone: 'Pacific/Auckland' }, now)).toBe(ASSEMBLY_MESSAGES.scheduleTooSoon);
    expect(scheduleProblem({ date: '2026-11-24', time: '03:15', zone: 'Pacific/Auckland' }, now)).toBeNull();
  });

  it('keeps the 5-minute grid', () => {
    expect(scheduleProblem(paris('2026-11-23', '16:07'), now)).toBe(PUBLISH_MESSAGES.scheduleStep);
  });

  it('refuses a time the clocks skip (never moves it), and takes the first of a repeated one', () => {
    // Europe/Berlin jumps from 02:00 to 03:00 on 29 March 2027: 02:30 does not exist that day.
    const march = new Date('2027-03-01T00:00:00Z');
    expect(scheduleProblem({ date: '2027-03-28', time: '02:30', zone: 'Europe/Berlin' }, march)).toBe(
      EPISODE_CREATOR_MESSAGES.invalidScheduleTime,
    );
    expect(schedulePublishFields({ date: '2027-03-28', time: '02:30', zone: 'Europe/Berlin' })).toBeNull();
    expect(schedulePublishFields({ date: '2027-03-28', time: '03:00', zone: 'Europe/Berlin' })?.publish_at).toBe('2027-03-28T01:00:00Z');
    // 02:30 on 31 October 2027 happens twice in Berlin: the first (still UTC+2) is meant.
    expect(schedulePublishFields({ date: '2027-10-31', time: '02:30', zone: 'Europe/Berlin' })?.publish_at).toBe('2027-10-31T00:30:00Z');
  });

  it('snaps typed times to the 5-minute step', () => {
    expect(snapTimeToStep('10:02')).toBe('10:00');
    expect(snapTimeToStep('10:03')).toBe('10:05');
    expect(snapTimeToStep('23:58')).toBe('23:55');
    expect(snapTimeToStep('')).toBe('');
  });
});

describe('default suggestion in the zone', () => {
  it('is the next 5-minute mark at least 60 minutes ahead, on the zone’s clock', () => {
    expect(suggestSchedule(now, null, 'Europe/Paris')).toEqual(paris('2026-11-23', '16:05'));
    expect(suggestSchedule(now, null, 'Pacific/Auckland')).toEqual({ date: '2026-11-24', time: '04:05', zone: 'Pacific/Auckland' });
    expect(suggestSchedule(new Date('2026-11-23T22:30:00Z'), null, 'UTC')).toEqual({ date: '2026-11-23', time: '23:30', zone: 'UTC' });
  });

  it('reuses a stored time only while more than 10 minutes ahead', () => {
    expect(suggestSchedule(now, new Date('2026-11-23T14:20:00Z'), 'Europe/Paris')).toEqual(paris('2026-11-23', '15:20'));
    expect(suggestSchedule(now, new Date('2026-11-23T14:12:00Z'), 'Europe/Paris')).toEqual(paris('2026-11-23', '16:05'));
    expect(suggestSchedule(now, new Date('2026-11-22T09:00:00Z'), 'Europe/Paris')).toEqual(paris('2026-11-23', '16:05'));
  });
});

describe('what assembly receives', () => {
  it('sends the UTC moment without milliseconds and the local wording with the zone', () => {
    expect(schedulePublishFields(paris('2026-11-23', '16:05'))).toEqual({
      publish_at: '2026-11-23T15:05:00Z',
      publish_at_local: '2026-11-23 16:05 Europe/Paris',
    });
    expect(schedulePublishFields({ date: '2026-07-01', time: '09:00', zone: 'America/New_York' })?.publish_at).toBe('2026-07-01T13:00:00Z');
    expect(schedulePublishFields({ date: '', time: '', zone: 'UTC' })).toBeNull();
  });
});

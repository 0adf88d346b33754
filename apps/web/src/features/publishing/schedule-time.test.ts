import { describe, expect, it } from 'vitest';
import { PUBLISH_MESSAGES } from '@ppp/contracts';
import { defaultZonedSchedule, formatScheduled, inViewerZone, toZoned, zonedToUtc } from './schedule-time.ts';
import { ZPublishForm, scheduleFieldProblem, zonedSchedulePayload } from './publish-form.ts';

describe('a schedule in the creator’s time zone (issue 19)', () => {
  it('turns a date and time in a zone into its UTC moment', () => {
    expect(zonedToUtc({ date: '2026-11-21', time: '15:05', zone: 'Europe/Paris' })?.toISOString()).toBe('2026-11-21T14:05:00.000Z');
    expect(zonedToUtc({ date: '2026-07-01', time: '09:00', zone: 'America/New_York' })?.toISOString()).toBe('2026-07-01T13:00:00.000Z');
    expect(zonedToUtc({ date: '2026-07-01', time: '09:00', zone: 'Asia/Kolkata' })?.toISOString()).toBe('2026-07-01T03:30:00.000Z');
  });

  it('keeps the wall-clock time across a DST change: the same 09:00 is a different UTC hour either side', () => {
    // Europe/Berlin moves from UTC+1 to UTC+2 on 29 March 2026 at 02:00.
    expect(zonedToUtc({ date: '2026-03-28', time: '09:00', zone: 'Europe/Berlin' })?.toISOString()).toBe('2026-03-28T08:00:00.000Z');
    expect(zonedToUtc({ date: '2026-03-29', time: '09:00', zone: 'Europe/Berlin' })?.toISOString()).toBe('2026-03-29T07:00:00.000Z');
  });

  it('refuses a time the clocks skip, and takes the first of a time they repeat', () => {
    expect(zonedToUtc({ date: '2026-03-29', time: '02:30', zone: 'Europe/Berlin' })).toBeNull();
    expect(zonedToUtc({ date: '2026-03-08', time: '02:30', zone: 'America/New_York' })).toBeNull();
    // Europe/Berlin goes back from UTC+2 to UTC+1 on 25 October 2026 at 03:00: 02:30 happens twice.
    expect(zonedToUtc({ date: '2026-10-25', time: '02:30', zone: 'Europe/Berlin' })?.toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });

  it('refuses malformed values and unknown zones', () => {
    expect(zonedToUtc({ date: '2026-02-30', time: '10:00', zone: 'UTC' })).toBeNull();
    expect(zonedToUtc({ date: '2026-11-21', time: '25:00', zone: 'UTC' })).toBeNull();
    expect(zonedToUtc({ date: '2026-11-21', time: '10:00', zone: 'Mars/Olympus' })).toBeNull();
  });

  it('suggests one hour ahead rounded up to 5 minutes, shown in the zone', () => {
    const now = new Date('2026-11-21T13:02:10Z');
    expect(defaultZonedSchedule('Europe/Paris', now)).toEqual({ date: '2026-11-21', time: '15:05', zone: 'Europe/Paris' });
    expect(defaultZonedSchedule('Pacific/Auckland', now)).toEqual({ date: '2026-11-22', time: '03:05', zone: 'Pacific/Auckland' });
    expect(toZoned(new Date('2026-03-29T00:30:00Z'), 'Europe/Berlin')).toMatchObject({ date: '2026-03-29', time: '01:30' });
  });

  it('shows a scheduled time in the zone it was scheduled in, else the browser’s', () => {
    const at = new Date('2026-11-21T14:05:00Z');
    expect(formatScheduled(at, '2026-11-21 15:05 Europe/Paris')).toBe('Sat 21 Nov 2026, 15:05 GMT+1');
    expect(formatScheduled(at, '2026-11-21 09:05 America/New_York')).toBe('Sat 21 Nov 2026, 09:05 EST');
    expect(formatScheduled(at, null, 'Asia/Tokyo')).toBe('Sat 21 Nov 2026, 23:05 GMT+9');
    expect(formatScheduled(at, '2026-11-21 14:05 nonsense', 'UTC')).toBe('Sat 21 Nov 2026, 14:05 UTC');
  });
});

describe('the chosen moment on the creator’s own clock', () => {
  it('is shown only when the schedule is in another zone and is a real moment', () => {
    const auckland = { date: '2026-11-22', time: '09:05', zone: 'Pacific/Auckland' };
    expect(inViewerZone(auckland, 'Europe/Paris')).toBe('Sat 21 Nov 2026, 21:05 GMT+1');
    expect(inViewerZone(auckland, 'Pacific/Auckland')).toBeNull();
    expect(inViewerZone({ date: '2026-03-29', time: '02:30', zone: 'Europe/Berlin' }, 'UTC')).toBeNull();
  });
});

describe('the publish dialog’s schedule rules (spec 001 §5)', () => {
  const now = new Date('2026-11-21T13:02:10Z');
  const at = (time: string, date = '2026-11-21') => ({ date, time, zone: 'Europe/Paris' });

  it('answers in the spec’s words', () => {
    expect(scheduleFieldProblem(at(''), now)).toBe(PUBLISH_MESSAGES.dateTimeRequired);
    expect(scheduleFieldProblem(at('10:00', ''), now)).toBe(PUBLISH_MESSAGES.dateTimeRequired);
    expect(scheduleFieldProblem(at('02:30', '2026-03-29'), now)).toBe(PUBLISH_MESSAGES.invalidDateTime);
    expect(scheduleFieldProblem(at('14:00'), now)).toBe(PUBLISH_MESSAGES.scheduleLead);
    expect(scheduleFieldProblem(at('14:07'), now)).toBe(PUBLISH_MESSAGES.scheduleStep);
    expect(scheduleFieldProblem(at('14:10'), now)).toBeNull();
  });

  it('checks the schedule only in schedule mode, under the time field', () => {
    const past = { mode: 'schedule' as const, visibility: 'no-change' as const, ...at('10:00', '2020-01-01') };
    const result = ZPublishForm.safeParse(past);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['time', PUBLISH_MESSAGES.scheduleLead]]);
    expect(ZPublishForm.safeParse({ ...past, mode: 'now' }).success).toBe(true);
  });

  it('sends unpublished, the UTC moment without milliseconds and the local string with its zone', () => {
    expect(zonedSchedulePayload(at('15:05'))).toEqual({
      publish_state: 'unpublished',
      publish_at: '2026-11-21T14:05:00Z',
      publish_at_local: '2026-11-21 15:05 Europe/Paris',
    });
  });
});

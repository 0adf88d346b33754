import { describe, expect, it } from 'vitest';
import { ONBOARDING_MESSAGES, RECURRING_SLOT_MESSAGES } from '@ppp/contracts';
import { ZPutRecurringSchedulesRequest } from '@ppp/contracts';
import {
  ONBOARDING_PUBLISH_TIME,
  cadenceSummary,
  recurringSlots,
  scheduleKind,
  scheduleSummary,
  toggle,
  validateCadence,
  validateSchedule,
  type ScheduleAnswers,
} from './cadence.ts';

const answers = (patch: Partial<ScheduleAnswers> = {}): ScheduleAnswers => ({
  cadence: { count: 1, unit: 'week' },
  weekdays: [],
  dates: [],
  notSure: false,
  publishTime: '05:00',
  publishZone: 'UTC',
  ...patch,
});

describe('validateCadence', () => {
  it('needs a frequency', () => {
    expect(validateCadence({ count: 1, unit: null })).toBe('Please choose a frequency.');
  });

  it('needs a whole count of at least 1', () => {
    expect(validateCadence({ count: 0, unit: 'week' })).toBe(ONBOARDING_MESSAGES.countMin);
    expect(validateCadence({ count: 1.5, unit: 'week' })).toBe(ONBOARDING_MESSAGES.countMin);
    expect(validateCadence({ count: 3, unit: 'week' })).toBeNull();
  });

  it('allows only 1 for bi-weekly', () => {
    expect(validateCadence({ count: 2, unit: 'bi-weekly' })).toBe('For bi-weekly, X must be 1.');
    expect(validateCadence({ count: 1, unit: 'bi-weekly' })).toBeNull();
  });
});

describe('the schedule', () => {
  it('asks weekdays for weekly, dates for bi-weekly and monthly, nothing otherwise', () => {
    expect(scheduleKind('week')).toBe('weekdays');
    expect(scheduleKind('bi-weekly')).toBe('dates');
    expect(scheduleKind('month')).toBe('dates');
    expect(scheduleKind('day')).toBe('none');
    expect(scheduleKind('year')).toBe('none');
  });

  it('needs a weekday for weekly and a date for bi-weekly or monthly, unless not sure yet', () => {
    expect(validateSchedule(answers())).toBe(ONBOARDING_MESSAGES.weekdayRequired);
    expect(validateSchedule(answers({ weekdays: [2] }))).toBeNull();
    expect(validateSchedule(answers({ cadence: { count: 1, unit: 'month' } }))).toBe(ONBOARDING_MESSAGES.dateRequired);
    expect(validateSchedule(answers({ cadence: { count: 1, unit: 'bi-weekly' }, dates: ['2026-12-03'] }))).toBeNull();
    expect(validateSchedule(answers({ cadence: { count: 1, unit: 'month' }, notSure: true }))).toBeNull();
    expect(validateSchedule(answers({ cadence: { count: 1, unit: 'day' } }))).toBeNull();
  });

  it('needs a publish time on the 24-hour clock and a real time zone (issue 19)', () => {
    expect(validateSchedule(answers({ weekdays: [2], publishTime: '' }))).toBe(RECURRING_SLOT_MESSAGES.timeInvalid);
    expect(validateSchedule(answers({ weekdays: [2], publishTime: '24:00' }))).toBe(RECURRING_SLOT_MESSAGES.timeInvalid);
    expect(validateSchedule(answers({ weekdays: [2], publishZone: 'Mars/Olympus' }))).toBe(ONBOARDING_PUBLISH_TIME.zoneInvalid);
    expect(validateSchedule(answers({ weekdays: [2], publishTime: '18:30', publishZone: 'America/Chicago' }))).toBeNull();
    // Not sure yet: no slot is made, so nothing is asked.
    expect(validateSchedule(answers({ notSure: true, publishTime: '' }))).toBeNull();
  });

  it('toggles a choice in and out, sorted', () => {
    expect(toggle([4, 0], 2)).toEqual([0, 2, 4]);
    expect(toggle([0, 2, 4], 2)).toEqual([0, 4]);
  });
});

describe('recurringSlots', () => {
  it('slots the chosen weekdays at the default time', () => {
    expect(recurringSlots(answers({ weekdays: [4, 0] }))).toEqual([
      { day_of_week: 0, time_of_day: '05:00', enabled: true, advance_minutes: 60 },
      { day_of_week: 4, time_of_day: '05:00', enabled: true, advance_minutes: 60 },
    ]);
  });

  it('slots them at the chosen time, which the schedule of the chosen zone accepts', () => {
    const chosen = answers({ weekdays: [2], publishTime: '18:30', publishZone: 'America/Chicago' });
    const slots = recurringSlots(chosen);
    expect(slots).toEqual([{ day_of_week: 2, time_of_day: '18:30', enabled: true, advance_minutes: 60 }]);
    expect(ZPutRecurringSchedulesRequest.parse({ timezone: chosen.publishZone, schedules: slots }).timezone).toBe('America/Chicago');
    expect(scheduleSummary(answers({ cadence: { count: 1, unit: 'day' }, publishTime: '07:15' }))).toEqual(['Every day at 07:15']);
  });

  it('takes every day for a daily cadence', () => {
    expect(recurringSlots(answers({ cadence: { count: 1, unit: 'day' } })).map((s) => s.day_of_week)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('repeats every two weeks from each chosen date for bi-weekly, the dates kept', () => {
    // 2026-12-03 is a Thursday.
    const slots = recurringSlots(answers({ cadence: { count: 1, unit: 'bi-weekly' }, dates: ['2026-12-03'] }));
    expect(slots).toEqual([
      { repeat: 'biweekly', date: '2026-12-03', day_of_week: 3, time_of_day: '05:00', enabled: true, advance_minutes: 60 },
    ]);
    expect(scheduleSummary(answers({ cadence: { count: 1, unit: 'bi-weekly' }, dates: ['2026-12-03'] }))).toEqual([
      'Every 2 weeks from Thu 3 Dec 2026 at 05:00',
    ]);
  });

  it('takes the chosen dates themselves for monthly, in order, as the server stores them', () => {
    // 2026-12-03 and 2026-12-17 are Thursdays, 2026-12-05 a Saturday.
    const monthly = answers({ cadence: { count: 3, unit: 'month' }, dates: ['2026-12-17', '2026-12-03', '2026-12-05'] });
    const slots = recurringSlots(monthly);
    expect(slots.map((s) => [s.repeat, s.date, s.day_of_week])).toEqual([
      ['once', '2026-12-03', 3],
      ['once', '2026-12-05', 5],
      ['once', '2026-12-17', 3],
    ]);
    const body = ZPutRecurringSchedulesRequest.parse({ timezone: 'Europe/Berlin', schedules: slots });
    expect(body.schedules.map((s) => [s.repeat, s.date])).toEqual(slots.map((s) => [s.repeat, s.date]));
    expect(scheduleSummary(monthly)).toEqual([
      'Once, Thu 3 Dec 2026 at 05:00',
      'Once, Sat 5 Dec 2026 at 05:00',
      'Once, Thu 17 Dec 2026 at 05:00',
    ]);
  });

  it('is empty when not sure yet or yearly', () => {
    expect(recurringSlots(answers({ weekdays: [1], notSure: true }))).toEqual([]);
    expect(recurringSlots(answers({ cadence: { count: 1, unit: 'year' } }))).toEqual([]);
    expect(scheduleSummary(answers({ weekdays: [1], notSure: true }))).toEqual(["I'm not sure yet"]);
  });
});

describe('cadenceSummary', () => {
  it('reads the cadence in words', () => {
    expect(cadenceSummary({ count: 2, unit: 'week' })).toBe('Publishes twice a week');
    expect(cadenceSummary({ count: 1, unit: 'bi-weekly' })).toBe('Publishes every two weeks');
    expect(cadenceSummary({ count: 3, unit: 'month' })).toBe('Publishes 3 times a month');
  });

  it('says the weekly and daily schedules', () => {
    expect(scheduleSummary(answers({ weekdays: [3, 0] }))).toEqual(['Every Monday at 05:00', 'Every Thursday at 05:00']);
    expect(scheduleSummary(answers({ cadence: { count: 1, unit: 'day' } }))).toEqual(['Every day at 05:00']);
  });
});

import { describe, expect, it } from 'vitest';
import { ZPutRecurringSchedulesRequest } from '@ppp/contracts';
import { addScheduleSlots, emptySchedule, scheduleBody, scheduleFromResponse, scheduleSnapshot } from './schedule-state.ts';

describe('recurring schedule in the editor', () => {
  it('adds one slot per day at the time, never a duplicate day and time', () => {
    let schedule = addScheduleSlots(emptySchedule('Europe/Berlin'), [2, 0], '05:00', 60);
    schedule = addScheduleSlots(schedule, [0, 4], '05:00', 60);
    expect(schedule.slots.map((s) => [s.day_of_week, s.time_of_day])).toEqual([
      [0, '05:00'],
      [2, '05:00'],
      [4, '05:00'],
    ]);
    expect(() => addScheduleSlots(schedule, [], '05:00', 60)).toThrow();
    expect(scheduleBody(schedule)).toMatchObject({ timezone: 'Europe/Berlin', schedules: [{ day_of_week: 0, enabled: true, advance_minutes: 60, timezone: null }, {}, {}] });
  });

  it('is dirty after a change', () => {
    const before = emptySchedule();
    expect(scheduleSnapshot(addScheduleSlots(before, [6], '09:30', 30))).not.toBe(scheduleSnapshot(before));
    expect(scheduleSnapshot({ ...before, timezone: 'UTC' })).toBe(scheduleSnapshot(before));
  });

  it('keeps bi-weekly and one-off slots from onboarding as they are when the editor saves', () => {
    const next = { next_scheduled: null, next_scheduled_local: null, next_scheduled_date: null, next_scheduled_time: null };
    const loaded = scheduleFromResponse({
      timezone: 'Europe/Berlin',
      schedules: [
        { id: 's1', day_of_week: 3, time_of_day: '05:00', enabled: true, advance_minutes: 60, timezone: 'Europe/Berlin', repeat: 'biweekly', date: '2026-12-03', ...next },
        { id: 's2', day_of_week: 5, time_of_day: '05:00', enabled: true, advance_minutes: 60, timezone: 'Europe/Berlin', repeat: 'once', date: '2026-12-05', ...next },
      ],
    });
    const withWeekly = addScheduleSlots(loaded, [0], '07:00', 60);
    const body = ZPutRecurringSchedulesRequest.parse(scheduleBody(withWeekly));
    expect(body.schedules.map((s) => [s.repeat, s.date, s.day_of_week, s.time_of_day])).toEqual([
      ['biweekly', '2026-12-03', 3, '05:00'],
      ['once', '2026-12-05', 5, '05:00'],
      ['weekly', null, 0, '07:00'],
    ]);
  });
});

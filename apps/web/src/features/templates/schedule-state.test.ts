import { describe, expect, it } from 'vitest';
import { addScheduleSlots, emptySchedule, scheduleBody, scheduleSnapshot } from './schedule-state.ts';

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
});

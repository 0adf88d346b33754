import { describe, expect, it } from 'vitest';
import {
  describeSlot,
  isIanaTimezone,
  weekdayOfDate,
  ZPutRecurringSchedulesRequest,
  ZRecurringSlotInput,
} from '../src/recurring-schedule.ts';

describe('recurring schedule contracts (spec 000 sections 3, 5 and 9)', () => {
  it('fills the spec defaults: Monday 05:00, 60 minutes ahead, UTC', () => {
    expect(ZRecurringSlotInput.parse({})).toEqual({
      day_of_week: 0,
      time_of_day: '05:00',
      enabled: true,
      advance_minutes: 60,
      repeat: 'weekly',
      date: null,
    });
    expect(ZPutRecurringSchedulesRequest.parse({ schedules: [] }).timezone).toBe('UTC');
  });

  it('drops duplicate day+time slots and refuses bad times and zones', () => {
    const body = ZPutRecurringSchedulesRequest.parse({
      timezone: 'Europe/Berlin',
      schedules: [
        { day_of_week: 2, time_of_day: '09:30' },
        { day_of_week: 2, time_of_day: '09:30', advance_minutes: 10 },
        { day_of_week: 3, time_of_day: '09:30', timezone: 'America/New_York' },
      ],
    });
    expect(body.schedules.map((s) => [s.day_of_week, s.time_of_day, s.advance_minutes])).toEqual([
      [2, '09:30', 60],
      [3, '09:30', 60],
    ]);
    expect(ZRecurringSlotInput.safeParse({ time_of_day: '24:00' }).success).toBe(false);
    expect(ZRecurringSlotInput.safeParse({ day_of_week: 7 }).success).toBe(false);
    expect(ZPutRecurringSchedulesRequest.safeParse({ timezone: 'Mars/Base', schedules: [] }).success).toBe(false);
    expect(isIanaTimezone('+01:00')).toBe(false);
    expect(isIanaTimezone('America/Argentina/Buenos_Aires')).toBe(true);
  });

  it("a bi-weekly or one-off slot carries its date, and its weekday is that date's", () => {
    // 4 May 2026 is a Monday, 20 May a Wednesday.
    expect(ZRecurringSlotInput.parse({ repeat: 'biweekly', date: '2026-05-04', day_of_week: 5 })).toMatchObject({
      repeat: 'biweekly',
      date: '2026-05-04',
      day_of_week: 0,
    });
    expect(ZRecurringSlotInput.parse({ repeat: 'once', date: '2026-05-20' })).toMatchObject({
      repeat: 'once',
      date: '2026-05-20',
      day_of_week: 2,
    });
    // A weekly slot has no date, whatever was sent.
    expect(ZRecurringSlotInput.parse({ day_of_week: 4, date: '2026-05-04' })).toMatchObject({
      repeat: 'weekly',
      day_of_week: 4,
      date: null,
    });
    expect(ZRecurringSlotInput.safeParse({ repeat: 'biweekly' }).success).toBe(false);
    expect(ZRecurringSlotInput.safeParse({ repeat: 'once', date: '2026-02-30' }).success).toBe(false);
    expect(ZRecurringSlotInput.safeParse({ repeat: 'monthly', date: '2026-05-04' }).success).toBe(false);
    expect(weekdayOfDate('2026-03-01')).toBe(6);
  });

  it('keeps dated slots on different dates apart and drops a repeated one', () => {
    const body = ZPutRecurringSchedulesRequest.parse({
      schedules: [
        { day_of_week: 0, time_of_day: '05:00' },
        { repeat: 'once', date: '2026-05-04', time_of_day: '05:00' },
        { repeat: 'once', date: '2026-05-18', time_of_day: '05:00' },
        { repeat: 'biweekly', date: '2026-05-04', time_of_day: '05:00' },
        { repeat: 'once', date: '2026-05-18', time_of_day: '05:00', advance_minutes: 5 },
      ],
    });
    expect(body.schedules.map((s) => [s.repeat, s.date, s.day_of_week])).toEqual([
      ['weekly', null, 0],
      ['once', '2026-05-04', 0],
      ['once', '2026-05-18', 0],
      ['biweekly', '2026-05-04', 0],
    ]);
  });

  it('says a slot in words', () => {
    expect(describeSlot({ day_of_week: 2, time_of_day: '09:30' })).toBe('Every Wednesday at 09:30');
    expect(describeSlot({ day_of_week: 0, time_of_day: '05:00', repeat: 'biweekly', date: '2026-05-04' })).toBe(
      'Every 2 weeks from Mon 4 May 2026 at 05:00',
    );
    expect(describeSlot({ day_of_week: 2, time_of_day: '05:00', repeat: 'once', date: '2026-05-20' })).toBe(
      'Once, Wed 20 May 2026 at 05:00',
    );
  });
});

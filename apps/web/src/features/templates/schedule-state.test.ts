import { describe, expect, it } from 'vitest';
import { RECURRING_SLOT_MESSAGES, ZPutRecurringSchedulesRequest } from '@ppp/contracts';
import {
  applySlotForm,
  emptySchedule,
  emptySlotForm,
  scheduleBody,
  scheduleFromResponse,
  scheduleSnapshot,
  slotFormFromSlot,
  type ScheduleDraft,
  type SlotFormValues,
} from './schedule-state.ts';

/** Weekly slots added through the form, as Add slot does; a refused form throws. */
function addScheduleSlots(schedule: ScheduleDraft, days: number[], time: string, advance: number): ScheduleDraft {
  const result = applySlotForm(schedule, { ...emptySlotForm(), repeat: 'weekly', days, time, advance });
  if ('errors' in result) throw new Error(Object.values(result.errors).join(' '));
  return result.schedule;
}

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
    expect(scheduleBody(schedule)).toMatchObject({
      timezone: 'Europe/Berlin',
      schedules: [{ day_of_week: 0, enabled: true, advance_minutes: 60, timezone: null }, {}, {}],
    });
  });

  it('is dirty after a change', () => {
    const before = emptySchedule();
    expect(scheduleSnapshot(addScheduleSlots(before, [6], '09:30', 30))).not.toBe(scheduleSnapshot(before));
    expect(scheduleSnapshot({ ...before, timezone: 'UTC' })).toBe(scheduleSnapshot(before));
  });
});

describe('recurring schedule from onboarding', () => {
  it('keeps bi-weekly and one-off slots from onboarding as they are when the editor saves', () => {
    const next = { next_scheduled: null, next_scheduled_local: null, next_scheduled_date: null, next_scheduled_time: null };
    const loaded = scheduleFromResponse({
      timezone: 'Europe/Berlin',
      schedules: [
        {
          id: 's1',
          day_of_week: 3,
          time_of_day: '05:00',
          enabled: true,
          advance_minutes: 60,
          timezone: 'Europe/Berlin',
          repeat: 'biweekly',
          date: '2026-12-03',
          ...next,
        },
        {
          id: 's2',
          day_of_week: 5,
          time_of_day: '05:00',
          enabled: true,
          advance_minutes: 60,
          timezone: 'Europe/Berlin',
          repeat: 'once',
          date: '2026-12-05',
          ...next,
        },
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

/** The slot form's values over the empty form, applied to a schedule (a refused form throws), and the slots as the PUT sends them. */
const slotForm = (patch: Partial<SlotFormValues>): SlotFormValues => ({ ...emptySlotForm(), ...patch });
const appliedForm = (schedule: ScheduleDraft, values: SlotFormValues, editingId: string | null = null) => {
  const result = applySlotForm(schedule, values, editingId);
  if ('errors' in result) throw new Error(JSON.stringify(result.errors));
  return result.schedule;
};
const sentSlots = (schedule: ScheduleDraft) =>
  ZPutRecurringSchedulesRequest.parse(scheduleBody(schedule)).schedules.map((s) => [
    s.repeat,
    s.date,
    s.day_of_week,
    s.time_of_day,
    s.advance_minutes,
  ]);

describe('the slot form', () => {
  it('makes a weekly slot per day, a bi-weekly slot from its date and a one-off on its date, each valid for the PUT', () => {
    let schedule = appliedForm(emptySchedule('America/New_York'), slotForm({ repeat: 'weekly', days: [4, 1], time: '06:30', advance: 30 }));
    // 2026-12-03 is a Thursday, 2027-01-01 a Friday: the weekday is the date's.
    schedule = appliedForm(schedule, slotForm({ repeat: 'biweekly', date: '2026-12-03', days: [0], time: '05:00' }));
    schedule = appliedForm(schedule, slotForm({ repeat: 'once', date: '2027-01-01', time: '23:45', advance: 0 }));
    expect(sentSlots(schedule)).toEqual([
      ['weekly', null, 1, '06:30', 30],
      ['weekly', null, 4, '06:30', 30],
      ['biweekly', '2026-12-03', 3, '05:00', 60],
      ['once', '2027-01-01', 4, '23:45', 0],
    ]);
    expect(schedule.slots.every((slot) => slot.enabled && slot.timezone === null)).toBe(true);
    // The same bi-weekly date and time again is not a second slot; another date is.
    expect(appliedForm(schedule, slotForm({ repeat: 'biweekly', date: '2026-12-03', time: '05:00' })).slots).toHaveLength(4);
    expect(appliedForm(schedule, slotForm({ repeat: 'biweekly', date: '2026-12-10', time: '05:00' })).slots).toHaveLength(5);
  });

  it('says what is missing: days for weekly, a date for every 2 weeks and once, a time', () => {
    expect(applySlotForm(emptySchedule(), slotForm({ repeat: 'weekly', days: [] }))).toEqual({
      errors: { days: RECURRING_SLOT_MESSAGES.daysRequired },
    });
    expect(applySlotForm(emptySchedule(), slotForm({ repeat: 'biweekly', date: '', days: [2] }))).toEqual({
      errors: { date: RECURRING_SLOT_MESSAGES.dateRequired },
    });
    expect(applySlotForm(emptySchedule(), slotForm({ repeat: 'once', date: '2026-02-30' }))).toEqual({
      errors: { date: RECURRING_SLOT_MESSAGES.dateInvalid },
    });
    expect(applySlotForm(emptySchedule(), slotForm({ repeat: 'once', date: '2026-12-05', time: '' }))).toEqual({
      errors: { time: RECURRING_SLOT_MESSAGES.timeInvalid },
    });
  });
});

describe('the slot form editing a slot', () => {
  it('edits a slot in place: weekly to every 2 weeks and back, keeping its id, switch and own timezone', () => {
    const start = appliedForm(emptySchedule('Europe/Berlin'), slotForm({ repeat: 'weekly', days: [0, 2], time: '05:00' }));
    const [monday, wednesday] = start.slots as [ScheduleDraft['slots'][number], ScheduleDraft['slots'][number]];
    const loaded: ScheduleDraft = { ...start, slots: [{ ...monday, enabled: false, timezone: 'Asia/Tokyo' }, wednesday] };

    const editForm = slotFormFromSlot(loaded.slots[0]!);
    expect(editForm).toEqual({ repeat: 'weekly', days: [0], date: '', time: '05:00', advance: 60 });
    const biweekly = appliedForm(loaded, { ...editForm, repeat: 'biweekly', date: '2026-12-07', time: '08:15' }, monday.id);
    expect(biweekly.slots.map((s) => [s.id, s.repeat, s.date, s.day_of_week, s.time_of_day, s.enabled, s.timezone])).toEqual([
      [monday.id, 'biweekly', '2026-12-07', 0, '08:15', false, 'Asia/Tokyo'],
      [wednesday.id, 'weekly', null, 2, '05:00', true, null],
    ]);
    expect(slotFormFromSlot(biweekly.slots[0]!)).toEqual({
      repeat: 'biweekly',
      days: [],
      date: '2026-12-07',
      time: '08:15',
      advance: 60,
    });

    const weeklyAgain = appliedForm(biweekly, slotForm({ repeat: 'weekly', days: [5], date: '2026-12-07', time: '08:15' }), monday.id);
    expect(sentSlots(weeklyAgain)).toEqual([
      ['weekly', null, 5, '08:15', 60],
      ['weekly', null, 2, '05:00', 60],
    ]);
    expect(weeklyAgain.slots[0]!.id).toBe(monday.id);
  });
});

import { RECURRING_SCHEDULE, WEEKDAY_NAMES, addSlots, type TRecurringSchedulesResponse, type TSlotRepeat } from '@ppp/contracts';
import { newId } from './editor-state.ts';

/** A slot as the editor holds it; next_* come from the last load or save. */
export interface SlotDraft {
  id: string;
  day_of_week: number;
  time_of_day: string;
  enabled: boolean;
  advance_minutes: number;
  timezone: string | null;
  /** Weekly slots are added here; bi-weekly and one-off ones come from onboarding and are kept as they are. */
  repeat: TSlotRepeat;
  date: string | null;
  next_local: string | null;
}

export interface ScheduleDraft {
  timezone: string;
  slots: SlotDraft[];
}

export const DAY_NAMES = WEEKDAY_NAMES;

export function emptySchedule(timezone: string = RECURRING_SCHEDULE.defaultTimezone): ScheduleDraft {
  return { timezone, slots: [] };
}

export function scheduleFromResponse(response: TRecurringSchedulesResponse): ScheduleDraft {
  return {
    timezone: response.timezone,
    slots: response.schedules.map((slot) => ({
      id: slot.id,
      day_of_week: slot.day_of_week,
      time_of_day: slot.time_of_day,
      enabled: slot.enabled,
      advance_minutes: slot.advance_minutes,
      timezone: slot.timezone === response.timezone ? null : slot.timezone,
      repeat: slot.repeat,
      date: slot.date,
      next_local: slot.next_scheduled_local,
    })),
  };
}

/** Adds one slot per chosen day at the time; a day+time already there is not added again. */
export function addScheduleSlots(schedule: ScheduleDraft, days: number[], time: string, advanceMinutes: number): ScheduleDraft {
  const slots = addSlots(schedule.slots, { days, time_of_day: time, advance_minutes: advanceMinutes }, (slot) => ({ ...slot, id: newId(), timezone: null, repeat: 'weekly', date: null, next_local: null }));
  return { ...schedule, slots };
}

/** The PUT body. */
export function scheduleBody(schedule: ScheduleDraft) {
  return {
    timezone: schedule.timezone,
    schedules: schedule.slots.map(({ id, day_of_week, time_of_day, enabled, advance_minutes, timezone, repeat, date }) => ({ id, day_of_week, time_of_day, enabled, advance_minutes, timezone, repeat, date })),
  };
}

export function scheduleSnapshot(schedule: ScheduleDraft): string {
  return JSON.stringify(scheduleBody(schedule));
}

/** Every IANA zone the browser knows, UTC first. */
export function timezones(): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...zones.filter((zone) => zone !== 'UTC')];
}

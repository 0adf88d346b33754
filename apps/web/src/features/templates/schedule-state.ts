import {
  RECURRING_SCHEDULE,
  ZSlotForm,
  dedupeSlots,
  weekdayOfDate,
  type TRecurringSchedulesResponse,
  type TSlotRepeat,
} from '@ppp/contracts';
import { newId } from './editor-state.ts';

/** A slot as the editor holds it; next_* come from the last load or save. */
export interface SlotDraft {
  id: string;
  day_of_week: number;
  time_of_day: string;
  enabled: boolean;
  advance_minutes: number;
  timezone: string | null;
  /** Weekly slots have no date; bi-weekly ones repeat from their date, one-off ones happen on it. */
  repeat: TSlotRepeat;
  date: string | null;
  next_local: string | null;
}

export interface ScheduleDraft {
  timezone: string;
  slots: SlotDraft[];
}

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

/** The slot form of the schedule section as the creator filled it in. */
export interface SlotFormValues {
  repeat: TSlotRepeat;
  /** Weekly: 0 = Monday ... 6 = Sunday. */
  days: number[];
  /** Bi-weekly and once: 'YYYY-MM-DD' (an <input type="date"> value). */
  date: string;
  time: string;
  advance: number;
}

export type SlotFormErrors = Partial<Record<'days' | 'date' | 'time', string>>;

export function emptySlotForm(): SlotFormValues {
  return {
    repeat: 'weekly',
    days: [],
    date: '',
    time: RECURRING_SCHEDULE.defaultTimeOfDay,
    advance: RECURRING_SCHEDULE.defaultAdvanceMinutes,
  };
}

/** The form filled in with a slot, to edit it. */
export function slotFormFromSlot(slot: SlotDraft): SlotFormValues {
  return {
    repeat: slot.repeat,
    days: slot.repeat === 'weekly' ? [slot.day_of_week] : [],
    date: slot.date ?? '',
    time: slot.time_of_day,
    advance: slot.advance_minutes,
  };
}

/**
 * The form's slots added to the schedule, or put in place of the slot being edited (which keeps its
 * id, switch and own timezone); a slot already there is not added twice. Errors are per field.
 */
export function applySlotForm(
  schedule: ScheduleDraft,
  form: SlotFormValues,
  editingId: string | null = null,
): { schedule: ScheduleDraft } | { errors: SlotFormErrors } {
  const parsed = ZSlotForm.safeParse({
    repeat: form.repeat,
    days: form.days,
    date: form.date,
    time_of_day: form.time,
    advance_minutes: form.advance,
  });
  if (!parsed.success) {
    const errors: SlotFormErrors = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] === 'time_of_day' ? 'time' : issue.path[0];
      if ((field === 'days' || field === 'date' || field === 'time') && !errors[field]) errors[field] = issue.message;
    }
    return { errors };
  }
  const { repeat, time_of_day, advance_minutes } = parsed.data;
  const edited = editingId ? schedule.slots.find((slot) => slot.id === editingId) : undefined;
  const base = {
    time_of_day,
    advance_minutes,
    repeat,
    enabled: edited?.enabled ?? true,
    timezone: edited?.timezone ?? null,
    next_local: null,
  };
  const made: SlotDraft[] =
    repeat === 'weekly'
      ? [...new Set(parsed.data.days)]
          .sort((a, b) => a - b)
          .map((day, index) => ({ ...base, id: index === 0 && edited ? edited.id : newId(), day_of_week: day, date: null }))
      : [{ ...base, id: edited?.id ?? newId(), day_of_week: weekdayOfDate(parsed.data.date.trim()), date: parsed.data.date.trim() }];
  const slots = edited ? schedule.slots.flatMap((slot) => (slot.id === edited.id ? made : [slot])) : [...schedule.slots, ...made];
  return { schedule: { ...schedule, slots: dedupeSlots(slots) } };
}

/** The PUT body. */
export function scheduleBody(schedule: ScheduleDraft) {
  return {
    timezone: schedule.timezone,
    schedules: schedule.slots.map(({ id, day_of_week, time_of_day, enabled, advance_minutes, timezone, repeat, date }) => ({
      id,
      day_of_week,
      time_of_day,
      enabled,
      advance_minutes,
      timezone,
      repeat,
      date,
    })),
  };
}

export function scheduleSnapshot(schedule: ScheduleDraft): string {
  return JSON.stringify(scheduleBody(schedule));
}

/** The creator's own zone as the browser reports it, offered beside the UTC default (spec 000 section 9). */
export function browserTimezone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || RECURRING_SCHEDULE.defaultTimezone;
}

/** Every IANA zone the browser knows, UTC first. */
export function timezones(): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...zones.filter((zone) => zone !== 'UTC')];
}

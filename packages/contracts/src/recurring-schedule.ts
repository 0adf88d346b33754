import { z } from 'zod';
import { RECURRING_SCHEDULE } from './limits.ts';

/*
 * Recurring publish schedules of a template (spec 000 sections 3, 5, 7 and 9): slots of weekday and
 * wall-clock time in an IANA timezone; the next occurrence is computed on the server.
 * Not in the spec: the onboarding cadences (spec 002 section 2.9) a weekday alone cannot say, so a
 * slot also repeats every two weeks from a date, or happens once on a date.
 */

/** 0 = Monday ... 6 = Sunday (the spec's numbering, not JavaScript's). */
export const ZDayOfWeek = z.number().int().min(0).max(6);

/** How a slot repeats: each week on its weekday (the spec's slot), every two weeks from its date, or once on its date. */
export const SLOT_REPEATS = ['weekly', 'biweekly', 'once'] as const;
export const ZSlotRepeat = z.enum(SLOT_REPEATS);
export type TSlotRepeat = z.infer<typeof ZSlotRepeat>;

/** Days between occurrences of a bi-weekly slot. */
export const BIWEEKLY_DAYS = 14;

/** The parts of a 'YYYY-MM-DD' date that exists on the calendar, or null. */
export function parseCalendarDate(iso: string): { year: number; month: number; day: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const at = new Date(Date.UTC(year, month - 1, day));
  return at.getUTCFullYear() === year && at.getUTCMonth() === month - 1 && at.getUTCDate() === day ? { year, month, day } : null;
}

/** 0 = Monday ... 6 = Sunday, for a valid 'YYYY-MM-DD'. */
export function weekdayOfDate(iso: string): number {
  const date = parseCalendarDate(iso);
  if (!date) throw new RangeError(`Not a calendar date: ${iso}`);
  return (new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay() + 6) % 7;
}

/** What the schedule editor and the slot schema say about a slot. */
export const RECURRING_SLOT_MESSAGES = {
  daysRequired: 'Select at least one day.',
  dateRequired: 'A bi-weekly or one-off slot needs a date.',
  dateInvalid: 'Date must be YYYY-MM-DD.',
  timeInvalid: 'Time must be HH:MM (24-hour).',
} as const;

export const ZCalendarDate = z
  .string()
  .refine((value) => parseCalendarDate(value) !== null, { message: RECURRING_SLOT_MESSAGES.dateInvalid });

/** 'HH:MM', 24-hour clock. */
export const ZTimeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: RECURRING_SLOT_MESSAGES.timeInvalid });

/** Names like Europe/Berlin or UTC; offsets ('+01:00') are refused since they ignore daylight saving. */
export function isIanaTimezone(value: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const ZTimezone = z.string().trim().min(1).refine(isIanaTimezone, { message: 'Unknown timezone.' });

/**
 * One slot as the editor sends it (PUT body); id is assigned by the server when missing. A bi-weekly
 * or one-off slot needs its date, and its weekday is that date's; a weekly slot has no date.
 */
export const ZRecurringSlotInput = z
  .object({
    id: z.string().min(1).optional(),
    day_of_week: ZDayOfWeek.default(RECURRING_SCHEDULE.defaultDayOfWeek),
    time_of_day: ZTimeOfDay.default(RECURRING_SCHEDULE.defaultTimeOfDay),
    enabled: z.boolean().default(true),
    advance_minutes: z.number().int().min(0).max(RECURRING_SCHEDULE.maxAdvanceMinutes).default(RECURRING_SCHEDULE.defaultAdvanceMinutes),
    /** The slot's own timezone; null or missing means the schedule's. */
    timezone: ZTimezone.nullable().optional(),
    repeat: ZSlotRepeat.default('weekly'),
    /** Bi-weekly: the first occurrence's date; once: the date. In the slot's timezone. */
    date: ZCalendarDate.nullable().optional(),
  })
  .refine((slot) => slot.repeat === 'weekly' || Boolean(slot.date), { message: RECURRING_SLOT_MESSAGES.dateRequired, path: ['date'] })
  .transform((slot) => {
    if (slot.repeat === 'weekly' || !slot.date) return { ...slot, date: null };
    return { ...slot, date: slot.date, day_of_week: weekdayOfDate(slot.date) };
  });
export type TRecurringSlotInput = z.input<typeof ZRecurringSlotInput>;
export type TRecurringSlot = z.output<typeof ZRecurringSlotInput>;

/** PUT /api/recurring/templates/{id}/schedules body. Duplicate day+time slots are dropped (first kept). */
export const ZPutRecurringSchedulesRequest = z.object({
  timezone: ZTimezone.default(RECURRING_SCHEDULE.defaultTimezone),
  schedules: z
    .array(ZRecurringSlotInput)
    .max(7 * 24 * 4)
    .transform((slots) => dedupeSlots(slots)),
});
export type TPutRecurringSchedulesRequest = z.output<typeof ZPutRecurringSchedulesRequest>;

/** A stored slot with its next occurrence (null when disabled). */
export const ZRecurringSlotView = z.object({
  id: z.string(),
  day_of_week: ZDayOfWeek,
  time_of_day: ZTimeOfDay,
  enabled: z.boolean(),
  advance_minutes: z.number().int().min(0),
  timezone: z.string(),
  repeat: ZSlotRepeat,
  date: z.string().nullable(),
  /** ISO 8601 instant in UTC. */
  next_scheduled: z.string().nullable(),
  /** ISO 8601 with the slot timezone's offset. */
  next_scheduled_local: z.string().nullable(),
  /** 'YYYY-MM-DD' and 'HH:MM' in the slot's timezone. */
  next_scheduled_date: z.string().nullable(),
  next_scheduled_time: z.string().nullable(),
});
export type TRecurringSlotView = z.infer<typeof ZRecurringSlotView>;

export const ZRecurringSchedulesResponse = z.object({ timezone: z.string(), schedules: z.array(ZRecurringSlotView) });
export type TRecurringSchedulesResponse = z.infer<typeof ZRecurringSchedulesResponse>;

/** GET /api/recurring/templates/{id}/next: date and time in the slot's timezone, null without an enabled slot. */
export const ZRecurringNextResponse = z.object({
  next_publish_date: z.string().nullable(),
  next_publish_time: z.string().nullable(),
  next_publish_at: z.string().nullable(),
  timezone: z.string().nullable(),
});
export type TRecurringNextResponse = z.infer<typeof ZRecurringNextResponse>;

/** What makes two slots the same: weekday (or date and repeat) and time. */
type SlotIdentity = { day_of_week: number; time_of_day: string; repeat?: TSlotRepeat; date?: string | null };

function slotKey(slot: SlotIdentity): string {
  const repeat = slot.repeat ?? 'weekly';
  return repeat === 'weekly' ? `${slot.day_of_week}@${slot.time_of_day}` : `${repeat}:${slot.date ?? ''}@${slot.time_of_day}`;
}

/** Drops slots whose day (or repeat and date) and time repeat an earlier one. */
export function dedupeSlots<T extends SlotIdentity>(slots: readonly T[]): T[] {
  const seen = new Set<string>();
  return slots.filter((slot) => {
    const key = slotKey(slot);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The editor's slot form: weekly on the chosen days, or every two weeks from a date, or once on a
 * date; the days are ignored for a dated slot and the date for a weekly one.
 */
export const ZSlotForm = z
  .object({
    repeat: ZSlotRepeat.default('weekly'),
    days: z.array(ZDayOfWeek).default([]),
    date: z.string().default(''),
    time_of_day: ZTimeOfDay,
    advance_minutes: z.number().int().min(0).max(RECURRING_SCHEDULE.maxAdvanceMinutes).default(RECURRING_SCHEDULE.defaultAdvanceMinutes),
  })
  .superRefine((form, ctx) => {
    if (form.repeat === 'weekly') {
      if (form.days.length === 0) ctx.addIssue({ code: 'custom', message: RECURRING_SLOT_MESSAGES.daysRequired, path: ['days'] });
    } else if (!form.date.trim()) {
      ctx.addIssue({ code: 'custom', message: RECURRING_SLOT_MESSAGES.dateRequired, path: ['date'] });
    } else if (!parseCalendarDate(form.date.trim())) {
      ctx.addIssue({ code: 'custom', message: RECURRING_SLOT_MESSAGES.dateInvalid, path: ['date'] });
    }
  });
export type TSlotForm = z.input<typeof ZSlotForm>;

export const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
const MONTH_SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** 'Mon 4 May 2026' for '2026-05-04'; the text itself when it is not a date. */
export function formatCalendarDate(iso: string): string {
  const date = parseCalendarDate(iso);
  if (!date) return iso;
  return `${(WEEKDAY_NAMES[weekdayOfDate(iso)] ?? '').slice(0, 3)} ${date.day} ${MONTH_SHORT[date.month - 1] ?? ''} ${date.year}`;
}

/** A slot in words, for the schedule editor and the onboarding summary: 'Every Monday at 05:00', 'Every 2 weeks from Mon 4 May 2026 at 05:00', 'Once, Mon 4 May 2026 at 05:00'. */
export function describeSlot(slot: SlotIdentity): string {
  const repeat = slot.repeat ?? 'weekly';
  if (repeat === 'weekly' || !slot.date) return `Every ${WEEKDAY_NAMES[slot.day_of_week] ?? ''} at ${slot.time_of_day}`;
  if (repeat === 'biweekly') return `Every 2 weeks from ${formatCalendarDate(slot.date)} at ${slot.time_of_day}`;
  return `Once, ${formatCalendarDate(slot.date)} at ${slot.time_of_day}`;
}

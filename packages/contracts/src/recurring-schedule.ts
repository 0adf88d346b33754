import { z } from 'zod';
import { RECURRING_SCHEDULE } from './limits.ts';

/*
 * Recurring publish schedules of a template (spec 000 sections 3, 5, 7 and 9): slots of weekday and
 * wall-clock time in an IANA timezone; the next occurrence is computed on the server.
 */

/** 0 = Monday ... 6 = Sunday (the spec's numbering, not JavaScript's). */
export const ZDayOfWeek = z.number().int().min(0).max(6);

/** 'HH:MM', 24-hour clock. */
export const ZTimeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'Time must be HH:MM (24-hour).' });

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

/** One slot as the editor sends it (PUT body); id is assigned by the server when missing. */
export const ZRecurringSlotInput = z.object({
  id: z.string().min(1).optional(),
  day_of_week: ZDayOfWeek.default(RECURRING_SCHEDULE.defaultDayOfWeek),
  time_of_day: ZTimeOfDay.default(RECURRING_SCHEDULE.defaultTimeOfDay),
  enabled: z.boolean().default(true),
  advance_minutes: z.number().int().min(0).max(RECURRING_SCHEDULE.maxAdvanceMinutes).default(RECURRING_SCHEDULE.defaultAdvanceMinutes),
  /** The slot's own timezone; null or missing means the schedule's. */
  timezone: ZTimezone.nullable().optional(),
});
export type TRecurringSlotInput = z.input<typeof ZRecurringSlotInput>;
export type TRecurringSlot = z.output<typeof ZRecurringSlotInput>;

/** PUT /api/recurring/templates/{id}/schedules body. Duplicate day+time slots are dropped (first kept). */
export const ZPutRecurringSchedulesRequest = z.object({
  timezone: ZTimezone.default(RECURRING_SCHEDULE.defaultTimezone),
  schedules: z.array(ZRecurringSlotInput).max(7 * 24 * 4).transform((slots) => dedupeSlots(slots)),
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

function slotKey(slot: { day_of_week: number; time_of_day: string }): string {
  return `${slot.day_of_week}@${slot.time_of_day}`;
}

/** Drops slots whose day and time repeat an earlier one. */
export function dedupeSlots<T extends { day_of_week: number; time_of_day: string }>(slots: readonly T[]): T[] {
  const seen = new Set<string>();
  return slots.filter((slot) => {
    const key = slotKey(slot);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The editor's add form: several days at one time (spec 000 section 5). */
export const ZAddSlotsForm = z.object({
  days: z.array(ZDayOfWeek).min(1, { message: 'Select at least one day.' }),
  time_of_day: ZTimeOfDay,
  advance_minutes: z.number().int().min(0).max(RECURRING_SCHEDULE.maxAdvanceMinutes).default(RECURRING_SCHEDULE.defaultAdvanceMinutes),
});
export type TAddSlotsForm = z.input<typeof ZAddSlotsForm>;

/** Appends one enabled slot per chosen day; a day+time already present is not added again. */
export function addSlots<T extends { day_of_week: number; time_of_day: string }>(
  existing: readonly T[],
  form: TAddSlotsForm,
  makeSlot: (slot: { day_of_week: number; time_of_day: string; advance_minutes: number; enabled: true }) => T,
): T[] {
  const parsed = ZAddSlotsForm.parse(form);
  const added = [...new Set(parsed.days)]
    .sort((a, b) => a - b)
    .map((day) => makeSlot({ day_of_week: day, time_of_day: parsed.time_of_day, advance_minutes: parsed.advance_minutes, enabled: true }));
  return dedupeSlots([...existing, ...added]);
}

import { DateTime, IANAZone } from 'luxon';
import {
  BIWEEKLY_DAYS,
  RECURRING_SCHEDULE,
  parseCalendarDate,
  type TRecurringNextResponse,
  type TRecurringSlotView,
  type TSlotRepeat,
} from '@ppp/contracts';

/*
 * Next occurrence of recurring publish slots (spec 000 sections 3 and 7). A slot is a weekday and a
 * wall-clock time in an IANA timezone, so the instant it names moves with daylight saving; luxon
 * carries the zone rules. A bi-weekly slot falls every 14 calendar days from its date and a one-off
 * slot on its date only (the onboarding cadences); days are counted on the calendar, never as 24 h,
 * so a daylight-saving change between two occurrences keeps the wall-clock time. Where the spec is silent:
 * - the next occurrence is the first one at least advance_minutes after now (an episode due sooner
 *   than its lead time could not be prepared, so that occurrence is skipped);
 * - a time that does not exist that day (the hour skipped in spring) moves forward by the gap
 *   (02:30 becomes 03:30), and a time that happens twice (the hour repeated in autumn) is the first,
 *   as Temporal's 'compatible' disambiguation does.
 */

export interface SlotRule {
  /** 0 = Monday ... 6 = Sunday. */
  day_of_week: number;
  /** 'HH:MM'. */
  time_of_day: string;
  advance_minutes: number;
  enabled: boolean;
  /** The slot's own timezone; null or missing means the schedule's. */
  timezone?: string | null;
  /** Missing means weekly. */
  repeat?: TSlotRepeat;
  /** 'YYYY-MM-DD': a bi-weekly slot's first date, a one-off slot's date. */
  date?: string | null;
}

type CalendarDay = { year: number; month: number; day: number };

const DAY_MS = 24 * 60 * 60 * 1000;

function parseTime(timeOfDay: string): { hour: number; minute: number } {
  const match = /^(\d{2}):(\d{2})$/.exec(timeOfDay);
  const hour = Number(match?.[1]);
  const minute = Number(match?.[2]);
  if (!match || hour > 23 || minute > 59) throw new RangeError(`Invalid time of day '${timeOfDay}'`);
  return { hour, minute };
}

export function slotTimezone(slot: Pick<SlotRule, 'timezone'>, scheduleTimezone?: string | null): string {
  return slot.timezone || scheduleTimezone || RECURRING_SCHEDULE.defaultTimezone;
}

/** The instant a wall-clock time names on a date in a zone, with the gap and overlap rules above. */
export function resolveWallTime(date: { year: number; month: number; day: number }, hour: number, minute: number, zone: string): DateTime {
  const tz = IANAZone.create(zone);
  if (!tz.isValid) throw new RangeError(`Unknown timezone '${zone}'`);
  const wallAsUtc = Date.UTC(date.year, date.month - 1, date.day, hour, minute);
  // Any offset the zone uses around that day is a candidate; the ones that read back as the wall time are real.
  const offsets = new Set([tz.offset(wallAsUtc - DAY_MS), tz.offset(wallAsUtc), tz.offset(wallAsUtc + DAY_MS)]);
  const matching = [...offsets]
    .map((offsetMinutes) => DateTime.fromMillis(wallAsUtc - offsetMinutes * 60_000, { zone }))
    .filter((dt) => dt.day === date.day && dt.hour === hour && dt.minute === minute)
    .sort((a, b) => a.toMillis() - b.toMillis());
  if (matching[0]) return matching[0];
  // In the skipped hour: luxon keeps the wall time's offset from before the change, which moves it forward by the gap.
  return DateTime.fromObject({ ...date, hour, minute }, { zone });
}

function datedDay(slot: SlotRule): CalendarDay {
  const day = slot.date ? parseCalendarDate(slot.date) : null;
  if (!day) throw new RangeError(`A ${slot.repeat ?? 'weekly'} slot needs a date, got '${slot.date ?? ''}'`);
  return day;
}

/** The calendar day `days` after `date` (UTC arithmetic on dates alone, so no zone rule can shift it). */
function addDays(date: CalendarDay, days: number): CalendarDay {
  const at = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: at.getUTCFullYear(), month: at.getUTCMonth() + 1, day: at.getUTCDate() };
}

function daysBetween(from: CalendarDay, to: CalendarDay): number {
  return Math.round((Date.UTC(to.year, to.month - 1, to.day) - Date.UTC(from.year, from.month - 1, from.day)) / DAY_MS);
}

/** The candidate days of a slot, in order, from the earliest day an occurrence may fall on. */
function candidateDays(slot: SlotRule, earliestDay: CalendarDay): CalendarDay[] {
  switch (slot.repeat ?? 'weekly') {
    case 'once':
      return [datedDay(slot)];
    case 'biweekly': {
      const first = datedDay(slot);
      // The fortnight on or before the earliest day, then the one after (its time may already have passed).
      const periods = Math.max(0, Math.floor(daysBetween(first, earliestDay) / BIWEEKLY_DAYS));
      return [addDays(first, periods * BIWEEKLY_DAYS), addDays(first, (periods + 1) * BIWEEKLY_DAYS)];
    }
    default: {
      // Eight days always hold the weekday twice, so the later one is past the threshold.
      const days = Array.from({ length: 8 }, (_, offset) => addDays(earliestDay, offset));
      return days.filter((day) => (new Date(Date.UTC(day.year, day.month - 1, day.day)).getUTCDay() + 6) % 7 === slot.day_of_week);
    }
  }
}

/** The slot's next occurrence at least advance_minutes after now, in the slot's zone; null when disabled or a one-off slot has passed. */
export function nextSlotOccurrence(slot: SlotRule, now: Date, scheduleTimezone?: string | null): DateTime | null {
  if (!slot.enabled) return null;
  const zone = slotTimezone(slot, scheduleTimezone);
  const { hour, minute } = parseTime(slot.time_of_day);
  const earliest = DateTime.fromJSDate(now)
    .plus({ minutes: Math.max(0, slot.advance_minutes) })
    .setZone(zone);
  if (!earliest.isValid) throw new RangeError(`Unknown timezone '${zone}'`);
  for (const day of candidateDays(slot, { year: earliest.year, month: earliest.month, day: earliest.day })) {
    const occurrence = resolveWallTime(day, hour, minute, zone);
    if (occurrence.toMillis() >= earliest.toMillis()) return occurrence;
  }
  return null;
}

type NextFields = Pick<TRecurringSlotView, 'next_scheduled' | 'next_scheduled_local' | 'next_scheduled_date' | 'next_scheduled_time'>;

/** The next_* fields of a slot as the schedules endpoint returns them. */
export function nextSlotFields(slot: SlotRule, now: Date, scheduleTimezone?: string | null): NextFields {
  const next = nextSlotOccurrence(slot, now, scheduleTimezone);
  if (!next) return { next_scheduled: null, next_scheduled_local: null, next_scheduled_date: null, next_scheduled_time: null };
  return {
    next_scheduled: next.toUTC().toISO({ suppressMilliseconds: true }),
    next_scheduled_local: next.toISO({ suppressMilliseconds: true }),
    next_scheduled_date: next.toFormat('yyyy-MM-dd'),
    next_scheduled_time: next.toFormat('HH:mm'),
  };
}

/** GET /api/recurring/templates/{id}/next: the earliest next occurrence over the enabled slots. */
export function nextPublishSlot(slots: readonly SlotRule[], now: Date, scheduleTimezone?: string | null): TRecurringNextResponse {
  let best: { at: DateTime; zone: string } | null = null;
  for (const slot of slots) {
    const at = nextSlotOccurrence(slot, now, scheduleTimezone);
    if (at && (!best || at.toMillis() < best.at.toMillis())) best = { at, zone: slotTimezone(slot, scheduleTimezone) };
  }
  if (!best) return { next_publish_date: null, next_publish_time: null, next_publish_at: null, timezone: null };
  return {
    next_publish_date: best.at.toFormat('yyyy-MM-dd'),
    next_publish_time: best.at.toFormat('HH:mm'),
    next_publish_at: best.at.toUTC().toISO({ suppressMilliseconds: true }),
    timezone: best.zone,
  };
}

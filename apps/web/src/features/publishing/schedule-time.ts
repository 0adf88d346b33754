import { DateTime } from 'luxon';
import { defaultScheduleTime } from '@ppp/contracts';

/** A schedule as the creator picks it: a calendar date and a wall-clock time in a named time zone. */
export interface TZonedTime {
  date: string;
  time: string;
  zone: string;
}

/** The browser's time zone (IANA name), UTC where it has none. */
export function browserZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

export function isZone(zone: string): boolean {
  return zone.length > 0 && DateTime.local().setZone(zone).isValid;
}

/** Every time zone the browser knows, for the picker, with the chosen one kept even when unlisted. */
export function zoneOptions(chosen: string): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return all.includes(chosen) ? all : [chosen, ...all];
}

/** A moment as its date and time in a zone. */
export function toZoned(at: Date, zone: string): TZonedTime {
  const local = DateTime.fromJSDate(at).setZone(zone);
  return { date: local.toFormat('yyyy-MM-dd'), time: local.toFormat('HH:mm'), zone };
}

/** The suggestion (spec 001 §5): one hour ahead rounded up to a 5-minute mark, shown in the zone. */
export function defaultZonedSchedule(zone: string, now = new Date()): TZonedTime {
  return toZoned(defaultScheduleTime(now), zone);
}

/**
 * The UTC moment of a date and time in a zone; null when it is not a valid one, including a time
 * that does not exist there (the hour skipped when clocks go forward). A time that happens twice
 * (clocks going back) is its first occurrence.
 */
export function zonedToUtc({ date, time, zone }: TZonedTime): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time) || !isZone(zone)) return null;
  const local = DateTime.fromISO(`${date}T${time}`, { zone });
  if (!local.isValid || local.toFormat('yyyy-MM-dd HH:mm') !== `${date} ${time}`) return null;
  // Clocks going back: the same wall-clock time at two offsets; the first is the one meant.
  const first = Math.min(...local.getPossibleOffsets().map((candidate) => candidate.toMillis()), local.toMillis());
  return new Date(first);
}

/** The zone a schedule was made in, read from its publish_at_local ('date time Zone'), else the fallback. */
export function scheduledZone(publishAtLocal: string | null, fallbackZone = browserZone()): string {
  const named = publishAtLocal?.trim().split(' ').at(-1) ?? '';
  return isZone(named) && (named.includes('/') || named === 'UTC') ? named : fallbackZone;
}

/** A scheduled moment as the creator reads it: in the zone it was scheduled in (publish_at_local's), else the browser's. */
export function formatScheduled(publishAt: Date, publishAtLocal: string | null, fallbackZone = browserZone()): string {
  return DateTime.fromJSDate(publishAt).setZone(scheduledZone(publishAtLocal, fallbackZone)).toFormat('ccc d LLL yyyy, HH:mm ZZZZ');
}

/** The chosen moment on the creator's own clock, when the schedule is in another zone; null otherwise or when it is not a valid moment. */
export function inViewerZone(value: TZonedTime, viewerZone = browserZone()): string | null {
  if (value.zone === viewerZone) return null;
  const at = zonedToUtc(value);
  return at ? DateTime.fromJSDate(at).setZone(viewerZone).toFormat('ccc d LLL yyyy, HH:mm ZZZZ') : null;
}

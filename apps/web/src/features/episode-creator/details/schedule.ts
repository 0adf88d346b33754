import { ASSEMBLY_MESSAGES, EPISODE_CREATOR, EPISODE_CREATOR_MESSAGES, assemblyScheduleProblem, defaultScheduleTime } from '@ppp/contracts';
import { toZoned, zonedToUtc, type TZonedTime } from '../../publishing/schedule-time.ts';

/**
 * Scheduling at assembly (spec 000 §4, §5, §9): a date and a time on a 5-minute step in the time zone
 * the creator picks (the browser's to start with), at least 10 minutes ahead, sent as its UTC moment
 * plus the local wording with the zone. The default suggestion is the next 5-minute mark at least 60
 * minutes ahead (defaultScheduleTime, shared with publishing), or a stored time still more than 10
 * minutes ahead. A time the clocks skip in that zone (02:30 in Europe/Berlin on the spring-forward
 * day) is refused with 'Invalid schedule time', never moved.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * 'Pick date & time for scheduling' (missing or not a calendar date), 'Invalid schedule time' (a time
 * the clocks skip in the zone), 'Scheduled time must be at least 10 minutes in the future.', or null.
 */
export function scheduleProblem(schedule: TZonedTime, now: Date = new Date()): string | null {
  if (!schedule.date || !schedule.time) return ASSEMBLY_MESSAGES.scheduleRequired;
  const at = zonedToUtc(schedule);
  if (at) return assemblyScheduleProblem(at, now);
  return zonedToUtc({ ...schedule, time: '12:00' }) ? EPISODE_CREATOR_MESSAGES.invalidScheduleTime : ASSEMBLY_MESSAGES.scheduleRequired;
}

/** A time typed off the grid moved to the nearest 5-minute mark ('HH:MM'). */
export function snapTimeToStep(time: string): string {
  const match = /^(\d{1,2}):(\d{2})$/.exec(time.trim());
  if (!match) return time;
  const stepMinutes = EPISODE_CREATOR.scheduleStepSeconds / 60;
  const total = Math.round((Number(match[1]) * 60 + Number(match[2])) / stepMinutes) * stepMinutes;
  const clamped = Math.min(total, 24 * 60 - stepMinutes);
  return `${pad(Math.floor(clamped / 60))}:${pad(clamped % 60)}`;
}

/** The default schedule in a zone: a stored one if still more than 10 minutes ahead, else the next suggestion. */
export function suggestSchedule(now: Date, stored: Date | null, zone: string): TZonedTime {
  if (stored && stored.getTime() - now.getTime() > EPISODE_CREATOR.storedScheduleReuseMinutes * 60_000) return toZoned(stored, zone);
  return toZoned(defaultScheduleTime(now), zone);
}

/** What assembly receives for a schedule: the UTC instant without milliseconds and the local wording with the zone. */
export function schedulePublishFields(schedule: TZonedTime): { publish_at: string; publish_at_local: string } | null {
  const at = zonedToUtc(schedule);
  if (!at) return null;
  return {
    publish_at: at.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    publish_at_local: `${schedule.date} ${schedule.time} ${schedule.zone}`,
  };
}

import { ASSEMBLY_MESSAGES, EPISODE_CREATOR, assemblyScheduleProblem, defaultScheduleTime } from '@ppp/contracts';

/**
 * Scheduling at assembly (spec 000 §4, §5, §9): a local date and time on a 5-minute step, at least
 * 10 minutes ahead, sent as UTC plus the local wording; the default suggestion is the next 5-minute
 * mark at least 60 minutes ahead (defaultScheduleTime, shared with publishing), or a stored time still more than 10 minutes ahead.
 */
export interface LocalSchedule {
  /** yyyy-mm-dd */
  date: string;
  /** HH:MM */
  time: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A Date as the browser's local date and time fields. */
export function toLocalSchedule(at: Date): LocalSchedule {
  return {
    date: `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`,
    time: `${pad(at.getHours())}:${pad(at.getMinutes())}`,
  };
}

/** Local date and time fields as an instant (the browser's time zone), or null when incomplete or invalid. */
export function localToDate(schedule: LocalSchedule): Date | null {
  const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(schedule.date.trim());
  const time = /^(\d{1,2}):(\d{2})$/.exec(schedule.time.trim());
  if (!date || !time) return null;
  const [year, month, day, hours, minutes] = [date[1], date[2], date[3], time[1], time[2]].map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hours > 23 || minutes > 59) return null;
  const at = new Date(year, month - 1, day, hours, minutes, 0, 0);
  // 2026-02-31 rolls over into March: not a date the creator picked.
  if (at.getFullYear() !== year || at.getMonth() !== month - 1 || at.getDate() !== day) return null;
  return at;
}

/** 'Pick date & time for scheduling' / 'Scheduled time must be at least 10 minutes in the future.', or null. */
export function scheduleProblem(schedule: LocalSchedule, now: Date = new Date()): string | null {
  const at = localToDate(schedule);
  if (!at) return ASSEMBLY_MESSAGES.scheduleRequired;
  return assemblyScheduleProblem(at, now);
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

/** The default schedule: a stored one if still more than 10 minutes ahead, else the next suggestion. */
export function suggestSchedule(now: Date, stored: Date | null): LocalSchedule {
  if (stored && stored.getTime() - now.getTime() > EPISODE_CREATOR.storedScheduleReuseMinutes * 60_000) return toLocalSchedule(stored);
  return toLocalSchedule(defaultScheduleTime(now));
}

/** What assembly receives for a schedule: UTC instant and the local wording with the zone. */
export function schedulePublishFields(schedule: LocalSchedule, timeZone: string): { publish_at: string; publish_at_local: string } | null {
  const at = localToDate(schedule);
  if (!at) return null;
  return { publish_at: at.toISOString().replace(/\.\d{3}Z$/, 'Z'), publish_at_local: `${schedule.date} ${schedule.time} ${timeZone}` };
}

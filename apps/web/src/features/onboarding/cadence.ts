import {
  ONBOARDING_MESSAGES,
  RECURRING_SCHEDULE,
  RECURRING_SLOT_MESSAGES,
  ZTimeOfDay,
  describeSlot,
  isIanaTimezone,
  weekdayOfDate,
  type TCadenceUnit,
  type TSlotRepeat,
} from '@ppp/contracts';

/**
 * Publish cadence and schedule of the onboarding wizard (spec 002 sections 2.9 and 5): a count per
 * unit; weekly picks weekdays, bi-weekly and monthly pick calendar dates, unless 'I'm not sure yet'.
 */

export interface Cadence {
  count: number;
  unit: TCadenceUnit | null;
}

export interface ScheduleAnswers {
  cadence: Cadence;
  weekdays: readonly number[];
  dates: readonly string[];
  notSure: boolean;
  /** 'HH:MM' on the 24-hour clock, in publishZone. */
  publishTime: string;
  /** The IANA zone of the publish time; UTC by default (spec 000 §9). */
  publishZone: string;
}

export const UNIT_LABELS: Record<TCadenceUnit, string> = {
  day: 'Day',
  week: 'Week',
  'bi-weekly': 'Bi-weekly (every 2 weeks)',
  month: 'Month',
  year: 'Year',
};
export const WEEKDAY_LABELS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

export function validateCadence(cadence: Cadence): string | null {
  if (!cadence.unit) return ONBOARDING_MESSAGES.frequencyRequired;
  if (!Number.isInteger(cadence.count) || cadence.count < 1) return ONBOARDING_MESSAGES.countMin;
  if (cadence.unit === 'bi-weekly' && cadence.count !== 1) return ONBOARDING_MESSAGES.biweeklyCount;
  return null;
}

/** What the schedule step asks for the unit: weekdays, calendar dates, or nothing. */
export function scheduleKind(unit: TCadenceUnit | null): 'weekdays' | 'dates' | 'none' {
  if (unit === 'week') return 'weekdays';
  if (unit === 'bi-weekly' || unit === 'month') return 'dates';
  return 'none';
}

export function validateSchedule(answers: ScheduleAnswers): string | null {
  if (answers.notSure) return null;
  const kind = scheduleKind(answers.cadence.unit);
  if (kind === 'weekdays' && answers.weekdays.length === 0) return ONBOARDING_MESSAGES.weekdayRequired;
  if (kind === 'dates' && answers.dates.length === 0) return ONBOARDING_MESSAGES.dateRequired;
  return publishTimeProblem(answers);
}

/** The publish time and zone of the slots: 'Time must be HH:MM (24-hour).', 'Choose a valid time zone.', or null. */
export function publishTimeProblem(answers: Pick<ScheduleAnswers, 'publishTime' | 'publishZone'>): string | null {
  if (!ZTimeOfDay.safeParse(answers.publishTime).success) return RECURRING_SLOT_MESSAGES.timeInvalid;
  return isIanaTimezone(answers.publishZone) ? null : ONBOARDING_PUBLISH_TIME.zoneInvalid;
}

/** Not in the spec: the words of the publish time the schedule step asks (issue 19). */
export const ONBOARDING_PUBLISH_TIME = {
  zoneInvalid: 'Choose a valid time zone.',
} as const;

/** Adds or removes one value, keeping the list sorted. */
export function toggle<T extends number | string>(list: readonly T[], value: T): T[] {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value].sort();
}

/** A slot the finish step saves (a valid PUT slot), all its fields known so the summary can say it. */
export interface OnboardingSlot {
  day_of_week: number;
  time_of_day: string;
  enabled: boolean;
  advance_minutes: number;
  repeat?: TSlotRepeat;
  date?: string;
}

/** Every slot publishes at the chosen time (05:00 unless changed), made ready the default 60 minutes ahead. */
const slotAt = (answers: ScheduleAnswers) => ({
  time_of_day: answers.publishTime,
  enabled: true,
  advance_minutes: RECURRING_SCHEDULE.defaultAdvanceMinutes,
});

/**
 * The template's recurring publish slots for the answers: a daily cadence takes every weekday, weekly
 * its weekdays, bi-weekly every two weeks from each chosen date, monthly the chosen dates themselves;
 * a yearly cadence, or 'not sure yet', leaves the schedule empty.
 */
export function recurringSlots(answers: ScheduleAnswers): OnboardingSlot[] {
  if (answers.notSure) return [];
  const at = slotAt(answers);
  const dated = (repeat: 'biweekly' | 'once') =>
    [...new Set(answers.dates)].sort().map((date) => ({ repeat, date, day_of_week: weekdayOfDate(date), ...at }));
  switch (answers.cadence.unit) {
    case 'day':
      return [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day_of_week: day, ...at }));
    case 'week':
      return [...new Set(answers.weekdays)].sort((a, b) => a - b).map((day) => ({ day_of_week: day, ...at }));
    case 'bi-weekly':
      return dated('biweekly');
    case 'month':
      return dated('once');
    default:
      return [];
  }
}

/** 'Publishes 2 times a week', for the summary and the template's description. */
export function cadenceSummary(cadence: Cadence): string {
  if (!cadence.unit) return 'No publishing cadence yet';
  if (cadence.unit === 'bi-weekly') return 'Publishes every two weeks';
  const times = cadence.count === 1 ? 'once' : cadence.count === 2 ? 'twice' : `${cadence.count} times`;
  return `Publishes ${times} a ${cadence.unit}`;
}

/** The schedule in words, one entry per slot made ('Every 2 weeks from Mon 4 May 2026 at 05:00'), or 'not sure yet'. */
export function scheduleSummary(answers: ScheduleAnswers): string[] {
  if (answers.notSure) return ["I'm not sure yet"];
  if (answers.cadence.unit === 'day') return [`Every day at ${answers.publishTime}`];
  return recurringSlots(answers).map(describeSlot);
}

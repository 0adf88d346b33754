import { weekdayOfDate } from '@ppp/contracts';

/**
 * The publish-schedule calendar of the onboarding wizard (spec 002 section 2.9): the rest of the
 * current month plus next month, or only next month when the days left this month all fall in the
 * first week row of next month's calendar (they are shown there). Past days are blank. Weeks start on
 * Monday, as the product's weekday numbering does (0 = Monday).
 */

export interface CalendarCell {
  /** yyyy-mm-dd */
  iso: string;
  day: number;
}

export interface CalendarMonth {
  year: number;
  /** 0-11 */
  month: number;
  label: string;
  /** Rows of seven cells, Monday first; null is a blank cell (a past day, or a day of another month). */
  weeks: (CalendarCell | null)[][];
}

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

export function isoDate(year: number, month: number, day: number): string {
  const d = new Date(Date.UTC(year, month, day));
  return d.toISOString().slice(0, 10);
}

/** Today in the browser's own calendar, as yyyy-mm-dd. */
export function localToday(now = new Date()): string {
  return isoDate(now.getFullYear(), now.getMonth(), now.getDate());
}

function parseIso(iso: string): { year: number; month: number; day: number } {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) throw new RangeError(`Not a yyyy-mm-dd date: ${iso}`);
  return { year: Number(match[1]), month: Number(match[2]) - 1, day: Number(match[3]) };
}

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

/** How many days of the month before appear in the first row of this month's calendar. */
function leadingDays(year: number, month: number): number {
  return weekdayOfDate(isoDate(year, month, 1));
}

/** The calendar months the schedule step offers on `today`. */
export function scheduleMonths(today: string): CalendarMonth[] {
  const { year, month, day } = parseIso(today);
  const next = { year: month === 11 ? year + 1 : year, month: (month + 1) % 12 };
  const lead = leadingDays(next.year, next.month);
  const lastDay = daysIn(year, month);
  // The days left this month (today included) all sit in next month's first row.
  const onlyNext = lead > 0 && day > lastDay - lead;
  const keep = (iso: string) => iso >= today;
  if (onlyNext) return [monthGrid(next.year, next.month, keep, true)];
  return [monthGrid(year, month, keep, false), monthGrid(next.year, next.month, keep, false)];
}

/** One month's rows; with showLeading, the first row carries the previous month's last days. */
function monthGrid(year: number, month: number, selectable: (iso: string) => boolean, showLeading: boolean): CalendarMonth {
  const cells: (CalendarCell | null)[] = [];
  const lead = leadingDays(year, month);
  const prevYear = month === 0 ? year - 1 : year;
  const prevMonth = (month + 11) % 12;
  const prevDays = daysIn(prevYear, prevMonth);
  for (let i = lead; i > 0; i -= 1) {
    const day = prevDays - i + 1;
    const iso = isoDate(prevYear, prevMonth, day);
    cells.push(showLeading && selectable(iso) ? { iso, day } : null);
  }
  for (let day = 1; day <= daysIn(year, month); day += 1) {
    const iso = isoDate(year, month, day);
    cells.push(selectable(iso) ? { iso, day } : null);
  }
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (CalendarCell | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return { year, month, label: `${MONTH_NAMES[month] ?? ''} ${year}`, weeks };
}

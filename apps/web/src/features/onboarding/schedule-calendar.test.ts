import { describe, expect, it } from 'vitest';
import { scheduleMonths, type CalendarMonth } from './schedule-calendar.ts';

/** The selectable days of a month grid, row by row, as 'dd' (blank cells as '..'). */
function rows(month: CalendarMonth): string[] {
  return month.weeks.map((week) => week.map((cell) => (cell ? cell.iso.slice(8) : '..')).join(' '));
}

describe('scheduleMonths (spec 002 section 2.9)', () => {
  it('covers the rest of this month plus next month, past days blank', () => {
    const months = scheduleMonths('2026-11-21');
    expect(months.map((m) => m.label)).toEqual(['November 2026', 'December 2026']);
    const [november, december] = months as [CalendarMonth, CalendarMonth];
    expect(rows(november)).toEqual([
      '.. .. .. .. .. .. ..',
      '.. .. .. .. .. .. ..',
      '.. .. .. .. .. .. ..',
      '.. .. .. .. .. 21 22',
      '23 24 25 26 27 28 29',
      '30 .. .. .. .. .. ..',
    ]);
    // Next month's first row does not repeat this month's days.
    expect(rows(december)[0]).toBe('.. 01 02 03 04 05 06');
    expect(december.weeks.flat().filter(Boolean)).toHaveLength(31);
  });

  it('keeps today selectable', () => {
    const [november] = scheduleMonths('2026-11-29');
    expect(november?.weeks.flat().flatMap((c) => (c ? [c.iso] : []))).toEqual(['2026-11-29', '2026-11-30']);
  });

  it('shows only next month when the days left all fall in its first week row', () => {
    const months = scheduleMonths('2026-11-30');
    expect(months.map((m) => m.label)).toEqual(['December 2026']);
    expect(rows(months[0] as CalendarMonth)[0]).toBe('30 01 02 03 04 05 06');
  });

  it('keeps two months when one of the days left is not in that first row', () => {
    expect(scheduleMonths('2026-12-27').map((m) => m.label)).toEqual(['December 2026', 'January 2027']);
  });

  it('rolls over the year, showing the last days of December in January’s first row', () => {
    const months = scheduleMonths('2026-12-28');
    expect(months.map((m) => m.label)).toEqual(['January 2027']);
    expect(rows(months[0] as CalendarMonth)[0]).toBe('28 29 30 31 01 02 03');
    // Past days in that first row are blank too.
    expect(rows(scheduleMonths('2026-12-30')[0] as CalendarMonth)[0]).toBe('.. .. 30 31 01 02 03');
  });

  it('keeps two months when next month starts on a Monday (its first row holds nothing of this month)', () => {
    const months = scheduleMonths('2026-05-31');
    expect(months.map((m) => m.label)).toEqual(['May 2026', 'June 2026']);
    expect(rows(months[1] as CalendarMonth)[0]).toBe('01 02 03 04 05 06 07');
  });

  it('refuses a malformed date', () => {
    expect(() => scheduleMonths('21/11/2026')).toThrow(RangeError);
  });
});

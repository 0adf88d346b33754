import { describe, expect, it } from 'vitest';
import { cleanExpiryInput, formatExpiry, parseExpiry, plusOneMonth, plusOneYear, todayUtc } from './expiry-date.ts';

const day = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d));

describe('admin expiry input', () => {
  it('keeps digits and slashes only, at most 10 characters', () => {
    expect(cleanExpiryInput('12a/3-1/2025xyz99')).toBe('12/31/2025');
    expect(cleanExpiryInput('01/02/20251')).toBe('01/02/2025');
  });

  it('parses MM/DD/YYYY, refuses impossible dates, and empty clears', () => {
    expect(parseExpiry('02/29/2028')).toEqual({ kind: 'date', date: day(2028, 2, 29) });
    expect(parseExpiry('02/29/2027')).toEqual({ kind: 'invalid' });
    expect(parseExpiry('13/01/2027')).toEqual({ kind: 'invalid' });
    expect(parseExpiry('1/2/2027')).toEqual({ kind: 'invalid' });
    expect(parseExpiry('')).toEqual({ kind: 'clear' });
    expect(formatExpiry(day(2027, 3, 4))).toBe('03/04/2027');
    expect(formatExpiry(null)).toBe('');
  });

  it('+1M clamps to the end of the next month; +1Y keeps the day; Today is today in UTC', () => {
    expect(plusOneMonth(day(2027, 1, 31))).toEqual(day(2027, 2, 28));
    expect(plusOneMonth(day(2028, 1, 31))).toEqual(day(2028, 2, 29));
    expect(plusOneMonth(day(2027, 12, 15))).toEqual(day(2028, 1, 15));
    expect(plusOneYear(day(2028, 2, 29))).toEqual(day(2029, 2, 28));
    expect(plusOneYear(day(2027, 6, 1))).toEqual(day(2028, 6, 1));
    expect(todayUtc(new Date('2027-05-06T23:30:00Z'))).toEqual(day(2027, 5, 6));
  });
});

import { describe, expect, it } from 'vitest';
import { nextPublishSlot, nextSlotFields, nextSlotOccurrence, type SlotRule } from '../../src/domain/schedules/next-slot.ts';

// 0 = Monday ... 6 = Sunday.
const SUNDAY = 6;
const MONDAY = 0;
const slot = (over: Partial<SlotRule>): SlotRule => ({
  day_of_week: MONDAY,
  time_of_day: '05:00',
  advance_minutes: 0,
  enabled: true,
  timezone: null,
  ...over,
});
const iso = (value: string) => new Date(value);
const utc = (s: SlotRule, now: string, tz?: string) =>
  nextSlotOccurrence(s, iso(now), tz)?.toUTC().toISO({ suppressMilliseconds: true }) ?? null;

describe('next slot, America/New_York', () => {
  const tz = 'America/New_York';

  it('keeps the wall-clock time across the spring change (EST before, EDT after)', () => {
    const s = slot({ day_of_week: SUNDAY, time_of_day: '09:00' });
    // Sunday 1 March 2026 09:00 EST and Sunday 8 March 09:00 EDT (clocks went forward at 02:00 that day).
    expect(utc(s, '2026-02-28T12:00:00Z', tz)).toBe('2026-03-01T14:00:00Z');
    expect(utc(s, '2026-03-02T12:00:00Z', tz)).toBe('2026-03-08T13:00:00Z');
  });

  it('moves a slot in the skipped hour forward by the gap (02:30 -> 03:30 EDT)', () => {
    const fields = nextSlotFields(slot({ day_of_week: SUNDAY, time_of_day: '02:30' }), iso('2026-03-07T12:00:00Z'), tz);
    expect(fields).toEqual({
      next_scheduled: '2026-03-08T07:30:00Z',
      next_scheduled_local: '2026-03-08T03:30:00-04:00',
      next_scheduled_date: '2026-03-08',
      next_scheduled_time: '03:30',
    });
  });

  it('takes the first of a repeated hour (01:30 EDT, not 01:30 EST)', () => {
    const s = slot({ day_of_week: SUNDAY, time_of_day: '01:30' });
    expect(utc(s, '2026-10-31T12:00:00Z', tz)).toBe('2026-11-01T05:30:00Z');
    // Once the first 01:30 has passed, the next is a week later, not the repeated 01:30 an hour on.
    expect(utc(s, '2026-11-01T05:45:00Z', tz)).toBe('2026-11-08T06:30:00Z');
  });

  it('keeps the wall-clock time across the autumn change', () => {
    const s = slot({ day_of_week: MONDAY, time_of_day: '05:00' });
    expect(utc(s, '2026-10-27T00:00:00Z', tz)).toBe('2026-11-02T10:00:00Z');
    expect(utc(s, '2026-10-20T00:00:00Z', tz)).toBe('2026-10-26T09:00:00Z');
  });
});

describe('next slot, Europe/Berlin', () => {
  const tz = 'Europe/Berlin';

  it('moves a slot in the skipped hour forward (29 March 2026, 02:30 -> 03:30 CEST)', () => {
    const next = nextSlotOccurrence(slot({ day_of_week: SUNDAY, time_of_day: '02:30' }), iso('2026-03-28T12:00:00Z'), tz);
    expect(next?.toISO({ suppressMilliseconds: true })).toBe('2026-03-29T03:30:00+02:00');
    expect(next?.toUTC().toISO({ suppressMilliseconds: true })).toBe('2026-03-29T01:30:00Z');
  });

  it('takes the first of the repeated hour (25 October 2026, 02:30 CEST)', () => {
    const s = slot({ day_of_week: SUNDAY, time_of_day: '02:30' });
    expect(utc(s, '2026-10-24T12:00:00Z', tz)).toBe('2026-10-25T00:30:00Z');
    expect(utc(s, '2026-10-25T00:31:00Z', tz)).toBe('2026-11-01T01:30:00Z');
  });

  it('uses the slot timezone over the schedule one', () => {
    const s = slot({ day_of_week: MONDAY, time_of_day: '05:00', timezone: 'Europe/Berlin' });
    expect(utc(s, '2026-07-01T00:00:00Z', 'America/New_York')).toBe('2026-07-06T03:00:00Z');
  });
});

describe('next slot rules', () => {
  it('returns today when the time is still ahead, next week when it has passed', () => {
    // Monday 6 July 2026.
    const s = slot({ day_of_week: MONDAY, time_of_day: '18:00' });
    expect(utc(s, '2026-07-06T10:00:00Z', 'UTC')).toBe('2026-07-06T18:00:00Z');
    expect(utc(s, '2026-07-06T18:00:01Z', 'UTC')).toBe('2026-07-13T18:00:00Z');
  });

  it('skips an occurrence closer than advance_minutes', () => {
    const s = slot({ day_of_week: MONDAY, time_of_day: '18:00', advance_minutes: 60 });
    expect(utc(s, '2026-07-06T16:59:00Z', 'UTC')).toBe('2026-07-06T18:00:00Z');
    expect(utc(s, '2026-07-06T17:01:00Z', 'UTC')).toBe('2026-07-13T18:00:00Z');
  });

  it('defaults to UTC and gives nothing for a disabled slot', () => {
    expect(utc(slot({ day_of_week: MONDAY, time_of_day: '05:00' }), '2026-07-05T00:00:00Z')).toBe('2026-07-06T05:00:00Z');
    expect(nextSlotOccurrence(slot({ enabled: false }), iso('2026-07-05T00:00:00Z'))).toBeNull();
  });

  it('picks the earliest enabled slot for the next publish date, in that slot’s timezone', () => {
    const slots = [
      slot({ day_of_week: 4, time_of_day: '09:00' }),
      slot({ day_of_week: 2, time_of_day: '20:30', timezone: 'America/New_York' }),
      slot({ day_of_week: 1, time_of_day: '07:00', enabled: false }),
    ];
    expect(nextPublishSlot(slots, iso('2026-07-06T12:00:00Z'), 'Europe/Berlin')).toEqual({
      next_publish_date: '2026-07-08',
      next_publish_time: '20:30',
      next_publish_at: '2026-07-09T00:30:00Z',
      timezone: 'America/New_York',
    });
    expect(nextPublishSlot([], iso('2026-07-06T12:00:00Z'), 'UTC').next_publish_date).toBeNull();
  });

  it('refuses an unknown timezone or a malformed time', () => {
    expect(() => nextSlotOccurrence(slot({ timezone: 'Mars/Olympus' }), iso('2026-07-06T12:00:00Z'))).toThrow(RangeError);
    expect(() => nextSlotOccurrence(slot({ time_of_day: '25:00' }), iso('2026-07-06T12:00:00Z'))).toThrow(RangeError);
  });
});

describe('bi-weekly and one-off slots', () => {
  // 2 March 2026 is a Monday; 8 March is New York's spring change, 1 November its autumn one.
  const tz = 'America/New_York';
  const biweekly = (over: Partial<SlotRule> = {}) =>
    slot({ repeat: 'biweekly', date: '2026-03-02', day_of_week: MONDAY, time_of_day: '09:00', ...over });

  it('starts on its date and then falls every 14 calendar days, at the same wall-clock time across the spring change', () => {
    // Before the first date: the first date (EST).
    expect(utc(biweekly(), '2026-02-01T00:00:00Z', tz)).toBe('2026-03-02T14:00:00Z');
    // The day after: two weeks on, 16 March, now EDT, still 09:00 local.
    expect(utc(biweekly(), '2026-03-03T00:00:00Z', tz)).toBe('2026-03-16T13:00:00Z');
    // Never the Monday in between.
    expect(utc(biweekly(), '2026-03-09T00:00:00Z', tz)).toBe('2026-03-16T13:00:00Z');
    // On an occurrence day before its time: that day; after it: two weeks on.
    expect(utc(biweekly(), '2026-03-16T12:00:00Z', tz)).toBe('2026-03-16T13:00:00Z');
    expect(utc(biweekly(), '2026-03-16T13:00:01Z', tz)).toBe('2026-03-30T13:00:00Z');
  });

  it('keeps the fortnight rhythm months later and across the autumn change', () => {
    // 2 March + 17 x 14 days = Monday 26 October (EDT); + 18 x 14 = Monday 9 November, after clocks went back (EST).
    expect(utc(biweekly(), '2026-10-20T00:00:00Z', tz)).toBe('2026-10-26T13:00:00Z');
    expect(nextSlotFields(biweekly(), iso('2026-10-27T00:00:00Z'), tz)).toEqual({
      next_scheduled: '2026-11-09T14:00:00Z',
      next_scheduled_local: '2026-11-09T09:00:00-05:00',
      next_scheduled_date: '2026-11-09',
      next_scheduled_time: '09:00',
    });
  });

  it('honours advance_minutes: an occurrence too soon moves to the next fortnight', () => {
    const s = biweekly({ advance_minutes: 120 });
    expect(utc(s, '2026-03-16T10:59:00Z', tz)).toBe('2026-03-16T13:00:00Z');
    expect(utc(s, '2026-03-16T11:01:00Z', tz)).toBe('2026-03-30T13:00:00Z');
  });

  it('a bi-weekly date in a skipped hour moves forward by the gap (Berlin, 29 March 2026 02:30 -> 03:30 CEST)', () => {
    const s = biweekly({ date: '2026-03-15', day_of_week: SUNDAY, time_of_day: '02:30' });
    expect(nextSlotOccurrence(s, iso('2026-03-16T00:00:00Z'), 'Europe/Berlin')?.toISO({ suppressMilliseconds: true })).toBe(
      '2026-03-29T03:30:00+02:00',
    );
  });

  it('a one-off slot happens on its date only, then has no next occurrence', () => {
    const once = slot({ repeat: 'once', date: '2026-03-08', day_of_week: SUNDAY, time_of_day: '02:30' });
    // The skipped hour of 8 March: 03:30 EDT.
    expect(utc(once, '2026-03-01T00:00:00Z', tz)).toBe('2026-03-08T07:30:00Z');
    expect(nextSlotOccurrence(once, iso('2026-03-08T07:30:01Z'), tz)).toBeNull();
    expect(nextSlotFields(once, iso('2026-04-01T00:00:00Z'), tz).next_scheduled).toBeNull();
  });

  it('the next publish date is the earliest over weekly, bi-weekly and one-off slots; passed one-offs drop out', () => {
    const slots = [
      slot({ day_of_week: 4, time_of_day: '09:00' }),
      biweekly({ date: '2026-07-07', day_of_week: 1, time_of_day: '08:00' }),
      slot({ repeat: 'once', date: '2026-07-06', day_of_week: MONDAY, time_of_day: '07:00' }),
    ];
    // Monday 6 July 12:00 UTC: the one-off has passed, Tuesday's bi-weekly start comes before Friday.
    expect(nextPublishSlot(slots, iso('2026-07-06T12:00:00Z'), 'UTC')).toMatchObject({
      next_publish_date: '2026-07-07',
      next_publish_time: '08:00',
    });
    // Wednesday 8 July: the bi-weekly is next on 21 July, so Friday 10 July wins.
    expect(nextPublishSlot(slots, iso('2026-07-08T12:00:00Z'), 'UTC')).toMatchObject({
      next_publish_date: '2026-07-10',
      next_publish_time: '09:00',
    });
  });

  it('refuses a dated repeat without a date', () => {
    expect(() => nextSlotOccurrence(slot({ repeat: 'biweekly', date: null }), iso('2026-07-06T12:00:00Z'))).toThrow(RangeError);
  });
});

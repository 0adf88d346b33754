import { describe, expect, it } from 'vitest';
import { QUEUE_STORAGE_MESSAGES, formatQueueHours, formatRemovalDate } from '../src/plans.ts';

describe('upload queue wording', () => {
  it('says lengths of audio in minutes and hours, rounding a started minute up', () => {
    expect([0, 1, 59, 60, 61, 3540, 3600, 3601, 7200, 9000].map(formatQueueHours)).toEqual([
      '0 min',
      '1 min',
      '1 min',
      '1 min',
      '2 min',
      '59 min',
      '1 hr',
      '1 hr 1 min',
      '2 hrs',
      '2 hrs 30 min',
    ]);
  });

  it('names the removal day in UTC', () => {
    expect(formatRemovalDate(new Date('2026-12-03T23:30:00Z'))).toBe('December 3, 2026');
  });

  it('says the file only when its length is known', () => {
    const base = { planName: 'Creator', limitSeconds: 36_000, queuedSeconds: 35_000 };
    expect(QUEUE_STORAGE_MESSAGES.full({ ...base, uploadSeconds: 1800 })).toContain(
      'you have 9 hrs 44 min waiting and this file is 30 min.',
    );
    expect(QUEUE_STORAGE_MESSAGES.full({ ...base, uploadSeconds: null })).toContain('you have 9 hrs 44 min waiting. Use or delete');
  });
});

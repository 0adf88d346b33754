import { describe, expect, it } from 'vitest';
import { tierNumber } from './tier-number.ts';

describe('tier editor numbers', () => {
  it('blank or invalid becomes 0; decimals are floored; negatives become 0', () => {
    expect(tierNumber('')).toBe(0);
    expect(tierNumber('abc')).toBe(0);
    expect(tierNumber('-4')).toBe(0);
    expect(tierNumber('12.7')).toBe(12);
    expect(tierNumber(600)).toBe(600);
  });
});

import { describe, expect, it } from 'vitest';
import { INITIAL_PRICING_STATE, withAnnual, withMode } from './pricing-state.ts';

describe('pricing mode', () => {
  it('starts in standard, monthly', () => {
    expect(INITIAL_PRICING_STATE).toEqual({ mode: 'standard', annual: false });
  });

  it('choosing early forces annual off, and annual stays off in early', () => {
    const annual = withAnnual(INITIAL_PRICING_STATE, true);
    expect(annual).toEqual({ mode: 'standard', annual: true });
    const early = withMode(annual, 'early');
    expect(early).toEqual({ mode: 'early', annual: false });
    expect(withAnnual(early, true)).toEqual({ mode: 'early', annual: false });
    expect(withMode(early, 'standard')).toEqual({ mode: 'standard', annual: false });
  });
});

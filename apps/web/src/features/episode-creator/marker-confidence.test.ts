import { MARKERS } from '@ppp/contracts';
import { describe, expect, it } from 'vitest';
import { confidenceLabel } from './MarkerConfidence.tsx';

describe('confidenceLabel', () => {
  it('rounds to a percentage and says "listen first" below the low-confidence line only', () => {
    expect(confidenceLabel(0.824)).toEqual({ percent: 82, low: false });
    expect(confidenceLabel(MARKERS.lowConfidence)).toMatchObject({ low: false });
    expect(confidenceLabel(MARKERS.lowConfidence - 0.01)).toMatchObject({ low: true });
  });
});

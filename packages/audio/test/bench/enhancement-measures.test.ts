import { describe, expect, it } from 'vitest';
import { cleanDifferenceDb, pauseSnrDb, pausesBetween, segmentalSnrDb } from '../../bench/quality/enhancement-measures.ts';
import { whiteNoise, RATE } from '../../bench/quality/signal.ts';
import type { Span } from '../../bench/quality/truth.ts';

/** Two seconds of 'speech' (a 200 Hz tone, power 0.02) from 1 s to 3 s, silence around it, 4 s in all. */
const speech: Span[] = [{ start_s: 1, end_s: 3 }];
const clean = Float32Array.from({ length: 4 * RATE }, (_, i) =>
  i >= RATE && i < 3 * RATE ? 0.2 * Math.sin((2 * Math.PI * 200 * i) / RATE) : 0,
);
/** Unit-power noise scaled to the given power. */
const noise = (power: number, seed = 7) => whiteNoise(clean.length, seed).map((x) => x * Math.sqrt(power));
const plus = (a: Float32Array, b: Float32Array) => a.map((x, i) => x + (b[i] ?? 0));

describe('pausesBetween', () => {
  it('gives the stretches between speech spans, a guard clear of each', () => {
    expect(
      pausesBetween(
        [
          { start_s: 2, end_s: 3 },
          { start_s: 0.5, end_s: 1 },
        ],
        5,
        0.1,
      ),
    ).toEqual([
      { start_s: 0, end_s: 0.4 },
      { start_s: 1.1, end_s: 1.9 },
      { start_s: 3.1, end_s: 5 },
    ]);
  });

  it('leaves out a gap narrower than the two guards', () => {
    expect(
      pausesBetween(
        [
          { start_s: 0, end_s: 1 },
          { start_s: 1.05, end_s: 2 },
        ],
        2,
        0.05,
      ),
    ).toEqual([]);
  });
});

describe('pauseSnrDb', () => {
  it('reads the mix SNR from the pauses: speech power 0.02 over noise 0.002 is 10 dB', () => {
    expect(pauseSnrDb(plus(clean, noise(0.002)), speech)).toBeCloseTo(10, 0);
  });

  it('gains exactly what the noise lost: the same noise 20 dB down reads 30 dB', () => {
    expect(pauseSnrDb(plus(clean, noise(0.00002)), speech)).toBeCloseTo(30, 0);
  });

  it('is capped, not infinite, on digital silence between words', () => {
    expect(pauseSnrDb(clean, speech)).toBe(99);
  });
});

describe('segmentalSnrDb', () => {
  it('is the frame SNR when the error is the same in every frame', () => {
    expect(segmentalSnrDb(clean, plus(clean, noise(0.0002)), speech)).toBeCloseTo(20, 0);
  });

  it('ignores a plain change of level (the output is level-matched first)', () => {
    expect(
      segmentalSnrDb(
        clean,
        clean.map((x) => 0.5 * x),
        speech,
      ),
    ).toBe(35);
  });

  it('counts noise in the pauses not at all, noise over the speech fully', () => {
    const pausesOnly = noise(0.02).map((x, i) => (i >= RATE && i < 3 * RATE ? 0 : x));
    expect(segmentalSnrDb(clean, plus(clean, pausesOnly), speech)).toBeGreaterThan(30);
    expect(segmentalSnrDb(clean, plus(clean, noise(0.02)), speech)).toBeLessThan(1);
  });
});

describe('cleanDifferenceDb', () => {
  it('is the maximum for an untouched or only louder output', () => {
    expect(cleanDifferenceDb(clean, clean, speech)).toBe(99);
    expect(
      cleanDifferenceDb(
        clean,
        clean.map((x) => 2 * x),
        speech,
      ),
    ).toBeGreaterThan(90);
  });

  it('measures what the processing added against the speech', () => {
    // Added power 0.00001 over all 4 s against speech power 0.02: 33 dB.
    expect(cleanDifferenceDb(clean, plus(clean, noise(0.00001)), speech)).toBeCloseTo(33, 0);
  });

  it('counts a shift in time as a difference', () => {
    const late = new Float32Array(clean.length);
    late.set(clean.subarray(0, clean.length - 20), 20); // a quarter of the tone's period
    expect(cleanDifferenceDb(clean, late, speech)).toBeLessThan(10);
  });
});

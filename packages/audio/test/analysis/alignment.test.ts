import { describe, expect, it } from 'vitest';
import { subsequenceDtw } from '../../src/analysis/dtw.ts';
import { computeFeatures, MFCC_COEFFICIENTS } from '../../src/analysis/mfcc.ts';
import { concat, phrase, RATE, silence, sweep, type Sweep } from './synthetic.ts';

const TAKE: Sweep[] = [
  { from: 300, to: 600, seconds: 0.25 },
  { from: 900, to: 500, seconds: 0.2 },
  { from: 1400, to: 1500, seconds: 0.3 },
  { from: 700, to: 200, seconds: 0.25 },
];
const OTHER: Sweep[] = [
  { from: 2000, to: 2500, seconds: 0.3 },
  { from: 450, to: 450, seconds: 0.3 },
  { from: 1100, to: 800, seconds: 0.25 },
];

describe('MFCC frames', () => {
  it('gives 13 coefficients every 10 ms, mean-normalised, and tells a tone from silence by energy', () => {
    const features = computeFeatures(concat([silence(0.5), sweep({ from: 440, to: 440, seconds: 0.5 })]), RATE);
    expect(features.stepS).toBeCloseTo(0.01, 6);
    expect(features.frames.length).toBe(98);
    expect(features.frames.every((row) => row.length === MFCC_COEFFICIENTS)).toBe(true);
    const mean = features.frames.reduce((sum, row) => sum + (row[1] ?? 0), 0) / features.frames.length;
    expect(Math.abs(mean)).toBeLessThan(1e-3);
    expect(features.energyDb[10]).toBeLessThan(-100);
    expect(features.energyDb[80]).toBeGreaterThan(-20);
  });

  it('gives the same frames for the same sound wherever it is, and different frames for a different sound', () => {
    const a = sweep(TAKE[0] as Sweep);
    const features = computeFeatures(concat([a, silence(0.3), a, silence(0.3), sweep(OTHER[0] as Sweep)]), RATE);
    const at = (seconds: number) => features.frames[Math.round(seconds / features.stepS)] as Float32Array;
    const distance = (x: Float32Array, y: Float32Array) => Math.hypot(...Array.from(x, (v, k) => v - (y[k] ?? 0)));
    expect(distance(at(0.1), at(0.65))).toBeLessThan(0.5);
    expect(distance(at(0.1), at(1.2))).toBeGreaterThan(3);
  });
});

describe('subsequence DTW', () => {
  it('aligns a repeated sweep sequence to its first occurrence, not to other sounds', () => {
    // other words, 0.6 s pause, the take (from 1.59 s), 0.4 s pause, other words, then the take again, slower.
    const lead = phrase(OTHER);
    const take = phrase(TAKE);
    const slower = phrase(TAKE.map((word) => ({ ...word, seconds: word.seconds * 1.15 })));
    const takeStart = lead.samples.length / RATE + 0.6;
    const before = concat([lead.samples, silence(0.6), take.samples, silence(0.4), phrase(OTHER.slice(0, 2)).samples, silence(0.5)]);
    const features = computeFeatures(concat([before, slower.samples]), RATE);
    const markerFrame = Math.round(before.length / RATE / features.stepS);
    const query = features.frames.slice(markerFrame, markerFrame + 80);
    const match = subsequenceDtw(query, features.frames.slice(0, markerFrame));
    expect(match).not.toBeNull();
    expect(Math.abs((match?.start ?? 0) * features.stepS - takeStart)).toBeLessThanOrEqual(0.03);
    // The true place stands out: its path costs well under a typical end's.
    expect((match?.cost ?? 1) / (match?.typicalCost ?? 1)).toBeLessThan(0.6);
  });

  it('returns null for an empty query or reference', () => {
    expect(subsequenceDtw([], [new Float32Array(13)])).toBeNull();
    expect(subsequenceDtw([new Float32Array(13)], [])).toBeNull();
  });
});

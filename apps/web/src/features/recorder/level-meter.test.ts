import { describe, expect, it } from 'vitest';
import { freshSampleCount, loudestLevel } from './level-meter.ts';

const RATE = 48_000;

/** `seconds` of silence with a 400 Hz beep of `beepMs` at `atMs`, like Chromium's fake microphone. */
function withBeep(seconds: number, atMs: number, beepMs: number, amplitude = 0.5): Float32Array {
  const samples = new Float32Array(Math.round(seconds * RATE));
  const from = Math.round((atMs / 1000) * RATE);
  const to = from + Math.round((beepMs / 1000) * RATE);
  for (let i = from; i < to && i < samples.length; i += 1) samples[i] = amplitude * Math.sin((2 * Math.PI * 400 * i) / RATE);
  return samples;
}

describe('the level meter', () => {
  it('reads silence as 0 and a full-scale tone as the top of the meter', () => {
    expect(loudestLevel(new Float32Array(8192))).toBe(0);
    expect(loudestLevel(withBeep(0.2, 0, 200, 1))).toBe(1);
  });

  it('shows a 20 ms beep anywhere in a late tick of 700 ms, not only in the newest 21 ms', () => {
    for (const atMs of [0, 137, 350, 640]) {
      const level = loudestLevel(withBeep(0.7, atMs, 20));
      expect(level, `beep at ${atMs} ms`).toBeGreaterThan(0.5);
    }
    // The newest block alone (what the meter read before) misses a beep 300 ms back.
    const samples = withBeep(0.7, 300, 20);
    expect(loudestLevel(samples.subarray(samples.length - 1024))).toBe(0);
  });

  it('reads the samples since the last tick plus one block, never more than the analyser holds', () => {
    expect(freshSampleCount(100, RATE, 32_768)).toBe(4800 + 1024);
    expect(freshSampleCount(2_000, RATE, 32_768)).toBe(32_768);
    expect(freshSampleCount(-5, RATE, 32_768)).toBe(1024);
  });
});

import { describe, expect, it } from 'vitest';
import { createProfiler, ENHANCE_SAMPLE_RATE, planEnhancement, postDenoiseFilters, preDenoiseFilters } from '../../src/enhance/index.ts';

const RATE = ENHANCE_SAMPLE_RATE;

/** A deterministic stand-in for speech: bursts of a gliding voiced tone with harmonics, and pauses. */
function speechLike(seconds: number, add: (t: number, i: number) => number = () => 0): Float32Array {
  const samples = new Float32Array(Math.round(seconds * RATE));
  let phase = 0;
  for (let i = 0; i < samples.length; i++) {
    const t = i / RATE;
    const voiced = t % 1 < 0.6;
    const pitch = 110 + 30 * Math.sin(2 * Math.PI * 0.7 * t);
    phase += (2 * Math.PI * pitch) / RATE;
    const voice = voiced ? 0.3 * Math.sin(phase) + 0.15 * Math.sin(2 * phase) + 0.08 * Math.sin(3 * phase) : 0;
    samples[i] = voice + add(t, i);
  }
  return samples;
}

/** A seeded white noise (mulberry32), so every run measures the same signal. */
function noise(seed: number, amplitude: number): (t: number, i: number) => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return amplitude * ((((t ^ (t >>> 14)) >>> 0) / 4294967296) * 2 - 1);
  };
}

function profileOf(samples: Float32Array, chunk = 7_919) {
  const profiler = createProfiler(RATE);
  for (let at = 0; at < samples.length; at += chunk) profiler.push(samples.subarray(at, at + chunk));
  return profiler.finish();
}

describe('speech profile and enhancement plan', () => {
  it('leaves clean speech alone: no denoiser, notch, high-pass, de-esser or leveler', () => {
    const profile = profileOf(speechLike(6));
    expect(profile.noiseFloorDb).toBeLessThan(-100);
    expect(profile.hum).toBeNull();
    const plan = planEnhancement(profile);
    expect(plan).toMatchObject({ denoise: false, humHz: null, highPassHz: 0, level: false, deEss: false });
    expect(preDenoiseFilters(plan)).toBe('anull');
    expect(postDenoiseFilters(plan)).toBe('anull');
  });

  it('measures a hiss floor and turns the denoiser on', () => {
    const profile = profileOf(speechLike(6, noise(7, 0.03)));
    expect(profile.noiseFloorDb).toBeGreaterThan(-40);
    expect(profile.noiseFloorDb).toBeLessThan(-30);
    expect(profile.snrDb).toBeLessThan(30);
    expect(planEnhancement(profile).denoise).toBe(true);
  });

  it.each([50, 60] as const)('finds %i Hz mains hum and notches it with its harmonics', (mains) => {
    const hum = (t: number) => 0.02 * Math.sin(2 * Math.PI * mains * t) + 0.01 * Math.sin(2 * Math.PI * 2 * mains * t);
    const profile = profileOf(speechLike(6, hum));
    expect(profile.hum?.hz).toBe(mains);
    const filters = preDenoiseFilters(planEnhancement(profile));
    for (const harmonic of [1, 2, 3]) expect(filters).toContain(`bandreject=f=${mains * harmonic}:`);
  });

  it('takes low rumble for rumble, not a low voice, and adds the high-pass only then', () => {
    expect(profileOf(speechLike(6)).rumble).toBeLessThan(0.02);
    const rumbling = profileOf(speechLike(6, (t) => 0.1 * Math.sin(2 * Math.PI * 25 * t)));
    expect(rumbling.rumble).toBeGreaterThan(0.02);
    expect(preDenoiseFilters(planEnhancement(rumbling))).toMatch(/^highpass=f=70/);
  });

  it('levels speech whose level wanders, and de-esses strong sibilance', () => {
    const wandering = speechLike(8).map((sample, i) => (Math.floor(i / RATE) % 2 === 0 ? sample : sample * 0.05));
    expect(planEnhancement(profileOf(wandering)).level).toBe(true);
    expect(planEnhancement(profileOf(speechLike(8))).level).toBe(false);
    const hiss = noise(11, 0.4);
    const sibilant = speechLike(6, (t, i) => (t % 1 > 0.2 && t % 1 < 0.6 ? hiss(t, i) : 0));
    expect(planEnhancement(profileOf(sibilant)).deEss).toBe(true);
  });

  it('gives the same profile whatever the chunk size', () => {
    const samples = speechLike(3, noise(3, 0.01));
    expect(profileOf(samples, 480)).toEqual(profileOf(samples, 100_000));
  });
});

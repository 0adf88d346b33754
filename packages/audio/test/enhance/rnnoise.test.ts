import { describe, expect, it } from 'vitest';
import { createDenoiser, VAD_GATE } from '../../src/enhance/index.ts';

describe('RNNoise denoiser stream', () => {
  it('gives back exactly as many samples as it was given, aligned with the input', async () => {
    const denoiser = await createDenoiser();
    const rate = 48_000;
    // A voiced tone in the middle of silence: its onset must come out where it went in.
    const input = Float32Array.from({ length: rate }, (_, i) =>
      i >= 12_000 && i < 36_000 ? 0.3 * Math.sin((2 * Math.PI * 220 * i) / rate) : 0,
    );
    const parts: Float32Array[] = [];
    for (let at = 0; at < input.length; at += 1_000) parts.push(denoiser.push(input.subarray(at, at + 1_000)));
    parts.push(denoiser.end());
    const output = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const part of parts) {
      output.set(part, at);
      at += part.length;
    }
    expect(output.length).toBe(input.length);
    const energy = (from: number, to: number) => output.subarray(from, to).reduce((sum, x) => sum + x * x, 0);
    // Nothing before the onset; the tone's energy where the tone is.
    expect(energy(0, 11_500)).toBeLessThan(1e-3);
    expect(energy(14_000, 34_000)).toBeGreaterThan(100);
  });
});

describe('RNNoise with the voice gate', () => {
  it('keeps the length and the voice, and takes what is left between words further down', async () => {
    const rate = 48_000;
    // A seeded white hiss (mulberry32).
    let state = 9;
    const hiss = () => {
      state = (state + 0x6d2b79f5) >>> 0;
      let t = Math.imul(state ^ (state >>> 15), state | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return 0.01 * ((((t ^ (t >>> 14)) >>> 0) / 4294967296) * 2 - 1);
    };
    // A harmonic 'voice' from 0.5 s to 1 s in a steady hiss, 1.5 s in all.
    const input = Float32Array.from({ length: 1.5 * rate }, (_, i) => {
      const voiced =
        i >= rate / 2 && i < rate ? 0.2 * (Math.sin((2 * Math.PI * 150 * i) / rate) + 0.5 * Math.sin((2 * Math.PI * 300 * i) / rate)) : 0;
      return voiced + hiss();
    });
    const run = async (gate: boolean) => {
      const denoiser = await createDenoiser({ gate: gate ? VAD_GATE : null });
      const parts = [denoiser.push(input.subarray(0, 30_000)), denoiser.push(input.subarray(30_000)), denoiser.end()];
      return Float32Array.from(parts.flatMap((p) => [...p]));
    };
    const [plain, gated] = [await run(false), await run(true)];
    expect(gated.length).toBe(input.length);
    const energy = (x: Float32Array, from: number, to: number) => x.subarray(from, to).reduce((sum, v) => sum + v * v, 0);
    // The voice keeps its energy within 1 dB; the hiss well before it is lower than RNNoise alone leaves it.
    expect(energy(gated, 26_000, 46_000) / energy(plain, 26_000, 46_000)).toBeGreaterThan(0.8);
    expect(energy(gated, 0, 15_000)).toBeLessThan(energy(plain, 0, 15_000) / 10);
  });
});

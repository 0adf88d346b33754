import { describe, expect, it } from 'vitest';
import { createDenoiser } from '../../src/enhance/index.ts';

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

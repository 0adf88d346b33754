import { describe, expect, it } from 'vitest';
import { applyGain, createVadGate, VAD_GATE, type VadGateOptions } from '../../src/enhance/index.ts';

const options: VadGateOptions = { threshold: 0.5, lookaheadFrames: 2, holdFrames: 3, releaseFrames: 2, floorDb: -20 };

/** Every gain for a run of probabilities, streamed as the denoiser streams them. */
function gains(probabilities: readonly number[], gate = options): number[] {
  const vad = createVadGate(gate);
  return [...probabilities.flatMap((p) => vad.push(p)), ...vad.end()];
}

describe('VAD gate', () => {
  it('gives one gain per frame, each only once its lookahead is in', () => {
    const vad = createVadGate(options);
    expect(vad.push(0)).toEqual([]);
    expect(vad.push(0)).toEqual([]);
    expect(vad.push(0)).toHaveLength(1);
    expect(vad.end()).toHaveLength(2);
  });

  it('stays closed at its floor where nobody speaks', () => {
    for (const gain of gains([0, 0.1, 0.2, 0.4, 0.1])) expect(gain).toBeCloseTo(0.1);
  });

  it('opens fully its lookahead before the first speech frame, so no onset is clipped', () => {
    const result = gains([0, 0, 0, 0, 0.9, 0.9, 0.9]);
    expect(result.slice(0, 2)).toEqual([0.1, 0.1].map((g) => expect.closeTo(g)));
    expect(result.slice(2)).toEqual([1, 1, 1, 1, 1]);
  });

  it('holds open after the last speech frame, then closes over its release to the floor', () => {
    const result = gains([0.9, 0, 0, 0, 0, 0, 0, 0]);
    expect(result.slice(0, 4)).toEqual([1, 1, 1, 1]);
    expect(result[4]).toBeCloseTo(Math.sqrt(0.1));
    expect(result[5]).toBeCloseTo(0.1);
    expect(result[7]).toBeCloseTo(0.1);
  });

  it('keeps a short gap inside a phrase open', () => {
    expect(gains([0.9, 0, 0, 0.8, 0, 0.9]).slice(0, 6)).toEqual([1, 1, 1, 1, 1, 1]);
  });

  it('defaults to RNNoise frames: 30 ms ahead, 200 ms held, -20 dB closed', () => {
    expect(VAD_GATE).toMatchObject({ lookaheadFrames: 3, holdFrames: 20, floorDb: -20 });
  });
});

describe('applyGain', () => {
  it('ramps from the last frame gain to this one across the frame', () => {
    const frame = Float32Array.from([1, 1, 1, 1]);
    applyGain(frame, 0, 1);
    expect([...frame]).toEqual([0.25, 0.5, 0.75, 1]);
  });
});

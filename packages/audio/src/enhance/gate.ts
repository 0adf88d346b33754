/**
 * A gate on RNNoise's voice probability: between words it ducks what the denoiser leaves (a hiss
 * tail, a breath of the noise it could not tell from speech), inside words it does nothing. It looks
 * ahead a few frames and opens before a word starts (so no onset is clipped), holds open a while after
 * the voice stops (so a word's soft ending and the gap inside a phrase stay), then closes slowly.
 * Pure: per-frame probabilities in, per-frame gains out, streaming, so its timing is unit-tested.
 */
export interface VadGateOptions {
  /** A frame whose voice probability reaches this is speech. */
  threshold: number;
  /** Frames the gate opens before the first speech frame (its lookahead, and the output's extra delay inside the denoiser). */
  lookaheadFrames: number;
  /** Frames it stays fully open after the last speech frame. */
  holdFrames: number;
  /** Frames it takes to close from open to its floor. */
  releaseFrames: number;
  /** The gain when closed, dB. */
  floorDb: number;
}

/** For RNNoise's 10 ms frames: opens 30 ms early, holds 200 ms, closes over 150 ms to -20 dB. */
export const VAD_GATE: VadGateOptions = { threshold: 0.5, lookaheadFrames: 3, holdFrames: 20, releaseFrames: 15, floorDb: -20 };

export interface VadGate {
  /** One frame's voice probability in; the gains of the frames now decided out (lookaheadFrames behind). */
  push(probability: number): number[];
  /** The gains of the frames still waiting for their lookahead. */
  end(): number[];
}

export function createVadGate(options: VadGateOptions = VAD_GATE): VadGate {
  const floor = 10 ** (options.floorDb / 20);
  const step = floor ** (1 / Math.max(1, options.releaseFrames));
  /** Frames pushed so far, the last speech frame among them (-Infinity: none yet), the next frame to decide. */
  let pushed = 0;
  let lastSpeech = -Infinity;
  let next = 0;
  let gain = floor;

  /** Frame f is open when speech lies within [f - hold, f + lookahead]: everything up to f + lookahead is pushed, so the last speech frame tells. */
  function decide(): number {
    const open = lastSpeech >= next - options.holdFrames;
    gain = open ? 1 : Math.max(floor, gain * step);
    next++;
    return gain;
  }

  return {
    push(probability) {
      if (probability >= options.threshold) lastSpeech = pushed;
      pushed++;
      const gains: number[] = [];
      while (next + options.lookaheadFrames < pushed) gains.push(decide());
      return gains;
    },
    end() {
      const gains: number[] = [];
      while (next < pushed) gains.push(decide());
      return gains;
    },
  };
}

/**
 * Applies one frame's gain, ramping from the previous frame's gain across the frame so no step is
 * heard; in place.
 */
export function applyGain(frame: Float32Array, from: number, to: number): void {
  for (let i = 0; i < frame.length; i++) frame[i] = (frame[i] ?? 0) * (from + ((to - from) * (i + 1)) / frame.length);
}

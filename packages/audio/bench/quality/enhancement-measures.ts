/*
 * How the benchmark measures speech enhancement (issue 33's "Enhancement" target), on 16 kHz mono
 * samples of an episode whose speech spans are known (the set lays every clip at a known time):
 *
 * - pauseSnrDb: the SNR as the issue means it. The noise is the power in the known pauses (between
 *   the clips, a guard either side so a clip's edge never counts), the speech is the power inside the
 *   clips less that noise power. Measured the same way on the noisy input and on the enhanced output,
 *   its difference is the enhancement's SNR gain. It needs no clean reference, so it is what a
 *   listener hears: how far the hiss between words sits below the voice.
 * - segmentalSnrDb: the standard measure against the clean reference, for the noise left inside the
 *   speech as well: the output brought to the clean episode's level (its projection on the clean), then
 *   per 20 ms frame of speech 10 log10(clean power / error power), each frame clamped to [-10, 35] dB
 *   (the usual limits, so silent or perfect frames do not dominate), averaged.
 * - cleanDifferenceDb: the artefact on clean input: the output level-matched to the input (its
 *   projection on the input), the difference between them, and how far its power lies below the speech's,
 *   dB (the issue asks for at least 30 dB: no audible artefact).
 *
 * Pure, so every figure is unit-tested (test/bench/enhancement-measures.test.ts).
 */
import { RATE, meanSquare, speechPower } from './signal.ts';
import type { Span } from './truth.ts';

/** Samples this close to a clip are neither speech nor pause: a clip's trimmed edge may hold a breath. */
export const PAUSE_GUARD_S = 0.05;
const SEGMENT_S = 0.02;
const SEGMENT_MIN_DB = -10;
const SEGMENT_MAX_DB = 35;
/** A measure with nothing left to measure against (digital silence) says this much, not infinity. */
export const MAX_DB = 99;

const toDb = (ratio: number) => (ratio > 0 ? Math.min(MAX_DB, 10 * Math.log10(ratio)) : -MAX_DB);

/** The stretches between the speech spans (and before the first, after the last), each `guard` seconds clear of speech. */
export function pausesBetween(speech: readonly Span[], durationSeconds: number, guard = PAUSE_GUARD_S): Span[] {
  const sorted = [...speech].sort((a, b) => a.start_s - b.start_s);
  const pauses: Span[] = [];
  let at = 0;
  for (const span of sorted) {
    if (span.start_s - guard > at) pauses.push({ start_s: at, end_s: span.start_s - guard });
    at = Math.max(at, span.end_s + guard);
  }
  if (durationSeconds > at) pauses.push({ start_s: at, end_s: durationSeconds });
  return pauses;
}

/** Speech power (inside the clips, less the noise) over the noise power in the pauses, dB. */
export function pauseSnrDb(samples: Float32Array, speech: readonly Span[]): number {
  const noise = speechPower(samples, pausesBetween(speech, samples.length / RATE));
  const signal = speechPower(samples, speech) - noise;
  if (noise <= 0) return signal > 0 ? MAX_DB : 0;
  return toDb(signal / noise);
}

/**
 * The gain that undoes a change of level: `processed` is taken as a·target plus what is not the
 * target, a is its projection on the target (noise, uncorrelated with it, does not move it), 1/a.
 */
function matchingGain(target: Float32Array, processed: Float32Array): number {
  const length = Math.min(target.length, processed.length);
  let dot = 0;
  let energy = 0;
  for (let i = 0; i < length; i++) {
    dot += (target[i] ?? 0) * (processed[i] ?? 0);
    energy += (target[i] ?? 0) ** 2;
  }
  return dot !== 0 ? energy / dot : 0;
}

/** Mean over the speech's 20 ms frames of the clamped frame SNR of `processed` against `clean`, dB. */
export function segmentalSnrDb(clean: Float32Array, processed: Float32Array, speech: readonly Span[]): number {
  const gain = matchingGain(clean, processed);
  const frame = Math.round(SEGMENT_S * RATE);
  let sum = 0;
  let frames = 0;
  for (const span of speech) {
    const end = Math.min(clean.length, Math.round(span.end_s * RATE));
    for (let at = Math.max(0, Math.round(span.start_s * RATE)); at + frame <= end; at += frame) {
      let signal = 0;
      let error = 0;
      for (let i = at; i < at + frame; i++) {
        const x = clean[i] ?? 0;
        signal += x * x;
        error += (x - gain * (processed[i] ?? 0)) ** 2;
      }
      if (signal === 0) continue;
      const db = error > 0 ? 10 * Math.log10(signal / error) : SEGMENT_MAX_DB;
      sum += Math.max(SEGMENT_MIN_DB, Math.min(SEGMENT_MAX_DB, db));
      frames++;
    }
  }
  return frames > 0 ? sum / frames : 0;
}

/** How far the difference between clean input and its level-matched output lies below the speech, dB. */
export function cleanDifferenceDb(input: Float32Array, output: Float32Array, speech: readonly Span[]): number {
  const gain = matchingGain(input, output);
  const difference = Float32Array.from(input, (x, i) => gain * (output[i] ?? 0) - x);
  const power = meanSquare(difference);
  return power > 0 ? toDb(speechPower(input, speech) / power) : MAX_DB;
}

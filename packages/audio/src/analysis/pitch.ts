import type { FillerCandidate } from '../detection/evidence.ts';
import { speechThresholdDb, type AudioFeatures } from './mfcc.ts';

/*
 * "Um" and "uh" by their sound: a hesitation is a short voiced stretch standing alone between
 * pauses, held on one pitch and one vowel, where a word moves its pitch and its vowels.
 */

/** Not in the spec: the shape of a hesitation. */
export const FILLER_SOUND = {
  minSeconds: 0.15,
  maxSeconds: 1,
  /** Silence on either side, so a vowel inside a word never counts. */
  minPauseSeconds: 0.12,
  /** Voiced pitch range of speaking voices. */
  minPitchHz: 70,
  maxPitchHz: 400,
  /** Normalised autocorrelation at the period above which a frame is voiced. */
  voicedCorrelation: 0.5,
  minVoicedShare: 0.7,
  /** Spread of the pitch (median absolute deviation, semitones) that still counts as held. */
  maxPitchSpreadSemitones: 1.5,
  /** Mean MFCC change from frame to frame that still counts as one held vowel (c1-c12, per frame). */
  maxSpectralFlux: 2.5,
} as const;

const PITCH_WINDOW_S = 0.04;

/** Pitch of one frame by normalised autocorrelation, or null when it is not voiced. */
export function framePitchHz(samples: Float32Array, offset: number, sampleRate: number): number | null {
  const length = Math.round(PITCH_WINDOW_S * sampleRate);
  const minLag = Math.floor(sampleRate / FILLER_SOUND.maxPitchHz);
  const maxLag = Math.ceil(sampleRate / FILLER_SOUND.minPitchHz);
  if (offset < 0 || offset + length + maxLag + 1 > samples.length) return null;
  const correlations = new Float64Array(maxLag + 2);
  let best = 0;
  for (let lag = minLag; lag <= maxLag + 1; lag++) {
    let cross = 0;
    let a = 0;
    let b = 0;
    for (let i = 0; i < length; i++) {
      const x = samples[offset + i] ?? 0;
      const y = samples[offset + i + lag] ?? 0;
      cross += x * y;
      a += x * x;
      b += y * y;
    }
    correlations[lag] = a > 0 && b > 0 ? cross / Math.sqrt(a * b) : 0;
    if (lag <= maxLag) best = Math.max(best, correlations[lag] ?? 0);
  }
  // The first peak nearly as high as the best: twice the period correlates as well, and would halve the pitch.
  let bestLag = 0;
  for (let lag = minLag; lag <= maxLag; lag++) {
    const r = correlations[lag] ?? 0;
    if (r >= 0.9 * best && r >= (correlations[lag - 1] ?? 0) && r >= (correlations[lag + 1] ?? 0)) {
      bestLag = lag;
      break;
    }
  }
  return best >= FILLER_SOUND.voicedCorrelation && bestLag > 0 ? sampleRate / bestLag : null;
}

/** Runs of frames at or above the speech threshold, as [first, last] frame pairs. */
export function speechRuns(features: AudioFeatures): [number, number][] {
  const threshold = speechThresholdDb(features);
  const runs: [number, number][] = [];
  let open = -1;
  features.energyDb.forEach((db, frame) => {
    if (db >= threshold && open < 0) open = frame;
    if (db < threshold && open >= 0) {
      runs.push([open, frame - 1]);
      open = -1;
    }
  });
  if (open >= 0) runs.push([open, features.energyDb.length - 1]);
  // Gaps shorter than a stop consonant's closure are not pauses.
  const closeGap = Math.round(0.06 / features.stepS);
  return runs.reduce<[number, number][]>((merged, run) => {
    const last = merged[merged.length - 1];
    if (last && run[0] - last[1] <= closeGap) last[1] = run[1];
    else merged.push([...run]);
    return merged;
  }, []);
}

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** Mean distance between neighbouring frames' MFCCs, without c0 (loudness). */
function spectralFlux(features: AudioFeatures, first: number, last: number): number {
  let sum = 0;
  let count = 0;
  for (let frame = first + 1; frame <= last; frame++) {
    const a = features.frames[frame - 1];
    const b = features.frames[frame];
    if (!a || !b) continue;
    let d = 0;
    for (let k = 1; k < a.length; k++) d += ((a[k] ?? 0) - (b[k] ?? 0)) ** 2;
    sum += Math.sqrt(d);
    count++;
  }
  return count === 0 ? Infinity : sum / count;
}

/** How much one speech run sounds like a held hesitation, 0 when it is not voiced enough. */
function hesitationScore(samples: Float32Array, features: AudioFeatures, first: number, last: number): number {
  const step = Math.round(features.stepS * features.sampleRate);
  const pitches: number[] = [];
  for (let frame = first; frame <= last; frame++) {
    const hz = framePitchHz(samples, frame * step, features.sampleRate);
    if (hz !== null) pitches.push(hz);
  }
  const voiced = pitches.length / (last - first + 1);
  if (voiced < FILLER_SOUND.minVoicedShare) return 0;
  const semitones = pitches.map((hz) => 12 * Math.log2(hz));
  const centre = median(semitones);
  const spread = median(semitones.map((s) => Math.abs(s - centre)));
  const flux = spectralFlux(features, first, last);
  const held = (value: number, limit: number) => Math.max(0, 1 - value / limit);
  return Math.min(1, voiced) * (0.5 * held(spread, FILLER_SOUND.maxPitchSpreadSemitones) + 0.5 * held(flux, FILLER_SOUND.maxSpectralFlux));
}

/** Every short voiced stretch between pauses that is held like an "um" or "uh", with its score. */
export function findFillerSounds(samples: Float32Array, features: AudioFeatures): FillerCandidate[] {
  const runs = speechRuns(features);
  const pause = Math.round(FILLER_SOUND.minPauseSeconds / features.stepS);
  const candidates: FillerCandidate[] = [];
  runs.forEach(([first, last], i) => {
    const seconds = (last - first + 1) * features.stepS;
    if (seconds < FILLER_SOUND.minSeconds || seconds > FILLER_SOUND.maxSeconds) return;
    const before = i === 0 ? first : first - (runs[i - 1]?.[1] ?? 0) - 1;
    const after = i === runs.length - 1 ? features.energyDb.length - 1 - last : (runs[i + 1]?.[0] ?? 0) - last - 1;
    if (before < pause || after < pause) return;
    const score = hesitationScore(samples, features, first, last);
    if (score > 0) candidates.push({ start: first * features.stepS, end: (last + 1) * features.stepS + 0.015, score });
  });
  return candidates;
}

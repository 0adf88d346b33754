import { createReadStream } from 'node:fs';
import { MARKERS } from '@ppp/contracts';
import { pcmLayout } from '../analysis/samples.ts';
import type { Silence } from './evidence.ts';

/** Quieter than this (dBFS) is digital silence whatever the recording's floor. */
const ABSOLUTE_FLOOR_DB = -70;

/** Loudness of each frame in dBFS (the first channel), read as a stream so an hour of audio stays small. */
export async function frameLevels(wavPath: string, frameSeconds: number = MARKERS.silenceFrameSeconds): Promise<Float32Array | null> {
  const layout = await pcmLayout(wavPath);
  if (layout === null) return null;
  const frameSamples = Math.max(1, Math.round(layout.rate * frameSeconds));
  const stride = 2 * layout.channels;
  const levels: number[] = [];
  let sum = 0;
  let count = 0;
  let carry: Buffer = Buffer.alloc(0);
  const stream = createReadStream(wavPath, { start: layout.offset, end: layout.offset + layout.bytes - 1 });
  for await (const piece of stream as AsyncIterable<Buffer>) {
    const data = carry.length > 0 ? Buffer.concat([carry, piece]) : piece;
    const whole = data.length - (data.length % stride);
    for (let at = 0; at < whole; at += stride) {
      const sample = data.readInt16LE(at) / 32768;
      sum += sample * sample;
      if (++count === frameSamples) {
        levels.push(10 * Math.log10(sum / count + 1e-12));
        sum = 0;
        count = 0;
      }
    }
    carry = data.subarray(whole);
  }
  return Float32Array.from(levels);
}

function percentile(sorted: Float32Array, share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? ABSOLUTE_FLOOR_DB;
}

/**
 * Quiet stretches from frame levels: frames below the noise floor (10th percentile) plus
 * MARKERS.silenceLevelShare of the way to the speech level (95th percentile), at least
 * MARKERS.minSilenceSeconds long. Relative levels, so a hissy recording still has pauses.
 */
export function silencesFromLevels(levels: Float32Array, frameSeconds: number = MARKERS.silenceFrameSeconds): Silence[] {
  if (levels.length === 0) return [];
  const sorted = Float32Array.from(levels).sort();
  const floor = Math.max(percentile(sorted, 0.1), ABSOLUTE_FLOOR_DB);
  const speech = percentile(sorted, 0.95);
  const threshold = floor + MARKERS.silenceLevelShare * Math.max(0, speech - floor);
  const minFrames = Math.round(MARKERS.minSilenceSeconds / frameSeconds);
  const silences: Silence[] = [];
  let from = -1;
  for (let i = 0; i <= levels.length; i++) {
    const quiet = i < levels.length && (levels[i] ?? 0) <= threshold;
    if (quiet && from < 0) from = i;
    if (!quiet && from >= 0) {
      if (i - from >= minFrames) silences.push({ start: round(from * frameSeconds), end: round(i * frameSeconds) });
      from = -1;
    }
  }
  return silences;
}

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;

/** The pauses of a 16-bit PCM WAV (the working copy); null when the file is not one. */
export async function measureSilences(wavPath: string): Promise<Silence[] | null> {
  const levels = await frameLevels(wavPath);
  return levels === null ? null : silencesFromLevels(levels);
}

/*
 * Sample-level work on 16 kHz mono speech: silence trimming, level matching, noise at a measured
 * signal-to-noise ratio, and 16-bit WAV files. Pure (no tool started), so the levels are unit-tested.
 */
import { gaussian, seeded } from './random.ts';
import type { Span } from './truth.ts';

export const RATE = 16_000;

const dbToAmplitude = (db: number) => 10 ** (db / 20);

export function meanSquare(samples: Float32Array, from = 0, to = samples.length): number {
  let sum = 0;
  for (let i = from; i < to; i++) sum += (samples[i] ?? 0) ** 2;
  return to > from ? sum / (to - from) : 0;
}

/** The clip between its first and last sample above `thresholdDb` (dBFS), with a 10 ms margin each side. */
export function trimSilence(samples: Float32Array, thresholdDb = -45): Float32Array {
  const threshold = dbToAmplitude(thresholdDb);
  let first = samples.findIndex((x) => Math.abs(x) > threshold);
  if (first < 0) return samples.subarray(0, 0);
  let last = samples.length - 1;
  while (last > first && Math.abs(samples[last] ?? 0) <= threshold) last--;
  const margin = Math.round(RATE * 0.01);
  first = Math.max(0, first - margin);
  return samples.subarray(first, Math.min(samples.length, last + 1 + margin));
}

/** A copy at `targetDb` dBFS RMS, so every voice and the LibriVox readers speak at one level. */
export function atLevel(samples: Float32Array, targetDb = -20): Float32Array {
  const rms = Math.sqrt(meanSquare(samples));
  const gain = rms > 0 ? dbToAmplitude(targetDb) / rms : 1;
  return samples.map((x) => x * gain);
}

/** White noise with unit power from a fixed seed. */
export function whiteNoise(length: number, seed: number): Float32Array {
  const next = gaussian(seeded(seed));
  return Float32Array.from({ length }, () => next());
}

/** Mains hum: the fundamental and its next two harmonics (what a ground loop adds), unit power. */
export function hum(length: number, frequency = 50): Float32Array {
  const parts = [
    { k: 1, a: 1 },
    { k: 2, a: 0.5 },
    { k: 3, a: 0.3 },
  ];
  const power = parts.reduce((sum, p) => sum + (p.a * p.a) / 2, 0);
  const scale = 1 / Math.sqrt(power);
  return Float32Array.from({ length }, (_, i) =>
    parts.reduce((sum, p) => sum + scale * p.a * Math.sin((2 * Math.PI * frequency * p.k * i) / RATE + p.k), 0),
  );
}

/** Mean power of the samples inside the spans (where speech is), as an SNR's signal. */
export function speechPower(samples: Float32Array, speech: readonly Span[]): number {
  let sum = 0;
  let count = 0;
  for (const span of speech) {
    const from = Math.max(0, Math.round(span.start_s * RATE));
    const to = Math.min(samples.length, Math.round(span.end_s * RATE));
    for (let i = from; i < to; i++) sum += (samples[i] ?? 0) ** 2;
    count += Math.max(0, to - from);
  }
  return count > 0 ? sum / count : 0;
}

/**
 * Speech plus noise scaled so the speech's power over the noise's is `snrDb`; the SNR is measured
 * again on what was actually added (after clipping to full scale) and returned.
 */
export function mixAtSnr(
  clean: Float32Array,
  noise: Float32Array,
  speech: readonly Span[],
  snrDb: number,
): { mixed: Float32Array; snrDb: number } {
  const signal = speechPower(clean, speech);
  const gain = Math.sqrt(signal / (meanSquare(noise) * 10 ** (snrDb / 10)));
  const mixed = clean.map((x, i) => Math.max(-1, Math.min(1, x + gain * (noise[i] ?? 0))));
  const added = mixed.map((x, i) => x - (clean[i] ?? 0));
  return { mixed, snrDb: 10 * Math.log10(signal / meanSquare(added)) };
}

/** A 16-bit PCM mono WAV of the samples. */
export function wavBytes(samples: Float32Array, rate = RATE): Buffer {
  const data = Buffer.alloc(samples.length * 2);
  samples.forEach((x, i) => data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, x)) * 32767), i * 2));
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** Raw signed 16-bit little-endian PCM as floats in [-1, 1). */
export function fromS16le(bytes: Buffer): Float32Array {
  const out = new Float32Array(Math.floor(bytes.length / 2));
  for (let i = 0; i < out.length; i++) out[i] = bytes.readInt16LE(i * 2) / 32768;
  return out;
}

/** Silence of the given length. */
export const silence = (seconds: number) => new Float32Array(Math.round(seconds * RATE));

export function concat(parts: readonly Float32Array[]): Float32Array {
  const out = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** The samples of a WAV written by wavBytes (a 44-byte header, then 16-bit PCM). */
export function fromWavBytes(bytes: Buffer): Float32Array {
  if (bytes.toString('ascii', 36, 40) !== 'data') throw new Error('not a WAV written by wavBytes');
  return fromS16le(bytes.subarray(44));
}

/**
 * The SNR of a processed copy of `clean`: the part of it along the clean speech is the signal, the
 * rest (noise left, and whatever the processing added) is noise. Scale-invariant, so a leveler's
 * gain is not counted as noise; for speech plus noise it is the mix's SNR.
 */
export function snrAgainst(clean: Float32Array, processed: Float32Array, speech: readonly Span[]): number {
  const length = Math.min(clean.length, processed.length);
  let dot = 0;
  let energy = 0;
  for (let i = 0; i < length; i++) {
    dot += (processed[i] ?? 0) * (clean[i] ?? 0);
    energy += (clean[i] ?? 0) ** 2;
  }
  const alpha = energy > 0 ? dot / energy : 0;
  const residual = Float32Array.from({ length }, (_, i) => (processed[i] ?? 0) - alpha * (clean[i] ?? 0));
  return 10 * Math.log10((alpha * alpha * speechPower(clean, speech)) / meanSquare(residual));
}

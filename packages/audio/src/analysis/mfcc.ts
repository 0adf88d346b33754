import FFT from 'fft.js';

/**
 * Frame-level features of speech for matching one stretch of audio against another: MFCCs (the
 * usual recogniser front end: pre-emphasis, 25 ms Hamming windows every 10 ms, a 512-point FFT,
 * 26 mel filters, log, DCT to 13 coefficients, cepstral mean removed over the file) and each
 * frame's energy in dB, which tells speech from the pauses between it.
 */
export interface AudioFeatures {
  sampleRate: number;
  /** Seconds between frame starts; frame k covers [k * stepS, k * stepS + 0.025). */
  stepS: number;
  /** One row of MFCC_COEFFICIENTS per frame, cepstral mean normalised. */
  frames: Float32Array[];
  /** Frame energy in dB (full scale 0); -120 for digital silence. */
  energyDb: Float32Array;
}

export const MFCC_COEFFICIENTS = 13;
const WINDOW_S = 0.025;
const STEP_S = 0.01;
const MEL_FILTERS = 26;
const PRE_EMPHASIS = 0.97;
const FLOOR_DB = -120;
const MEL_FLOOR = 1e-5;

const mel = (hz: number) => 2595 * Math.log10(1 + hz / 700);
const hzOfMel = (m: number) => 700 * (10 ** (m / 2595) - 1);

/** Triangular filters spaced evenly on the mel scale from 20 Hz to Nyquist, as weights over FFT bins. */
function melFilterBank(fftSize: number, sampleRate: number): Float32Array[] {
  const bins = fftSize / 2 + 1;
  const low = mel(20);
  const high = mel(sampleRate / 2);
  const edges = Array.from(
    { length: MEL_FILTERS + 2 },
    (_, i) => (hzOfMel(low + ((high - low) * i) / (MEL_FILTERS + 1)) * fftSize) / sampleRate,
  );
  return Array.from({ length: MEL_FILTERS }, (_, f) => {
    const [left = 0, centre = 0, right = 0] = edges.slice(f, f + 3);
    const weights = new Float32Array(bins);
    for (let bin = Math.floor(left); bin <= Math.ceil(right) && bin < bins; bin++) {
      const rise = (bin - left) / Math.max(centre - left, 1e-9);
      const fall = (right - bin) / Math.max(right - centre, 1e-9);
      weights[bin] = Math.max(0, Math.min(rise, fall));
    }
    return weights;
  });
}

/** DCT-II rows (orthonormal) taking the log mel energies to cepstral coefficients. */
function dctMatrix(): Float32Array[] {
  return Array.from({ length: MFCC_COEFFICIENTS }, (_, k) => {
    const row = new Float32Array(MEL_FILTERS);
    const scale = Math.sqrt((k === 0 ? 1 : 2) / MEL_FILTERS);
    for (let n = 0; n < MEL_FILTERS; n++) row[n] = scale * Math.cos((Math.PI * k * (n + 0.5)) / MEL_FILTERS);
    return row;
  });
}

function nextPowerOfTwo(n: number): number {
  let size = 1;
  while (size < n) size *= 2;
  return size;
}

/** Subtracts each coefficient's mean over all frames, so a different microphone or level compares alike. */
function normaliseMeans(rows: Float32Array[]): void {
  if (rows.length === 0) return;
  const mean = new Float64Array(MFCC_COEFFICIENTS);
  for (const row of rows) for (let k = 0; k < MFCC_COEFFICIENTS; k++) mean[k] = (mean[k] ?? 0) + (row[k] ?? 0);
  for (let k = 0; k < MFCC_COEFFICIENTS; k++) mean[k] = (mean[k] ?? 0) / rows.length;
  for (const row of rows) for (let k = 0; k < MFCC_COEFFICIENTS; k++) row[k] = (row[k] ?? 0) - (mean[k] ?? 0);
}

/** MFCC and energy frames of mono samples (any rate; 16 kHz is what the working copy holds). */
export function computeFeatures(samples: Float32Array, sampleRate: number): AudioFeatures {
  const windowLength = Math.round(WINDOW_S * sampleRate);
  const step = Math.round(STEP_S * sampleRate);
  const fftSize = nextPowerOfTwo(windowLength);
  const fft = new FFT(fftSize);
  const filters = melFilterBank(fftSize, sampleRate);
  const dct = dctMatrix();
  const hamming = Float64Array.from({ length: windowLength }, (_, i) => 0.54 - 0.46 * Math.cos((2 * Math.PI * i) / (windowLength - 1)));
  const frameCount = samples.length < windowLength ? 0 : 1 + Math.floor((samples.length - windowLength) / step);
  const input = new Float64Array(fftSize);
  const spectrum = fft.createComplexArray() as number[];
  const power = new Float64Array(fftSize / 2 + 1);
  const logMel = new Float64Array(MEL_FILTERS);
  const mfcc: Float32Array[] = [];
  const energyDb = new Float32Array(frameCount);
  for (let frame = 0; frame < frameCount; frame++) {
    const offset = frame * step;
    let energy = 0;
    for (let i = 0; i < windowLength; i++) {
      const sample = samples[offset + i] ?? 0;
      energy += sample * sample;
      const previous = offset + i > 0 ? (samples[offset + i - 1] ?? 0) : 0;
      input[i] = (sample - PRE_EMPHASIS * previous) * (hamming[i] ?? 0);
    }
    energyDb[frame] = energy > 0 ? Math.max(FLOOR_DB, 10 * Math.log10(energy / windowLength)) : FLOOR_DB;
    fft.realTransform(spectrum, input);
    for (let bin = 0; bin < power.length; bin++) {
      const re = spectrum[2 * bin] ?? 0;
      const im = spectrum[2 * bin + 1] ?? 0;
      power[bin] = (re * re + im * im) / fftSize;
    }
    filters.forEach((weights, f) => {
      let sum = 0;
      for (let bin = 0; bin < weights.length; bin++) sum += (weights[bin] ?? 0) * (power[bin] ?? 0);
      // A fixed floor about 70 dB under a full-scale tone, as dither would give: between the
      // harmonics of a clean voice the bands hold next to nothing, and its log would swing.
      logMel[f] = Math.log(sum + MEL_FLOOR);
    });
    mfcc.push(Float32Array.from(dct, (row) => row.reduce((sum, weight, n) => sum + weight * (logMel[n] ?? 0), 0)));
  }
  normaliseMeans(mfcc);
  return { sampleRate, stepS: step / sampleRate, frames: mfcc, energyDb };
}

/** The frame index holding a time, clamped to the frames there are. */
export function frameAt(features: AudioFeatures, seconds: number): number {
  return Math.max(0, Math.min(features.frames.length, Math.round(seconds / features.stepS)));
}

/**
 * The energy above which a frame counts as speech: 12 dB over the quietest tenth of the frames (the
 * room between phrases), but no less than 45 dB under the loudest twentieth (clean or synthetic
 * speech has digitally silent pauses, whose floor says nothing about the speech).
 */
export function speechThresholdDb(features: AudioFeatures): number {
  const sorted = Float32Array.from(features.energyDb).sort();
  if (sorted.length === 0) return 0;
  const at = (share: number) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? FLOOR_DB;
  return Math.max(at(0.1) + 12, at(0.95) - 45);
}

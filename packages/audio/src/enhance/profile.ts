/**
 * What the speech-enhancement pass measures before it changes anything: the noise floor and speech
 * level (quiet and loud 20 ms frames), a mains hum (50 or 60 Hz and its harmonics standing out of
 * their neighbours over whole seconds), how much sibilance the speech carries, and how far the
 * speech level wanders. Pure: samples in, numbers out, so the decisions are unit-tested.
 */
export const ENHANCE_SAMPLE_RATE = 48_000;
const FRAME_S = 0.02;
const BLOCK_S = 1;
/** Speech level spread is read on half-second blocks: 20 ms frames swing with every syllable. */
const LEVEL_BLOCK_FRAMES = 25;
const HUM_MAINS = [50, 60] as const;
const HUM_HARMONICS = 3;
/** Neighbours this far either side of a hum line: inside speech's harmonic spread, clear of the line. */
const HUM_NEIGHBOUR_HZ = 7;
/** A frame this far above the noise floor is speech (for the level, sibilance and spread). */
const SPEECH_ABOVE_FLOOR_DB = 15;
/**
 * A half-second block this far under the speech level is mostly pause (with digital silence between
 * words every block holding one syllable is far above the floor), not quieter speech: the spread is
 * read on the blocks above it.
 */
const BLOCK_BELOW_SPEECH_DB = 30;
const SILENCE_DB = -120;

export type MainsHz = (typeof HUM_MAINS)[number];

export interface SpeechProfile {
  durationSeconds: number;
  /** 10th percentile of the 20 ms frame levels, dBFS: the room and hiss between words. */
  noiseFloorDb: number;
  /** 95th percentile of the frame levels, dBFS. */
  speechLevelDb: number;
  snrDb: number;
  /** The mains frequency whose lines stand out, and by how many dB (its strongest line, over every second). */
  hum: { hz: MainsHz; prominenceDb: number } | null;
  humScores: Record<MainsHz, number>;
  /** Share of speech frames' energy above 5 kHz (0-1). */
  sibilance: number;
  /** 90th minus 10th percentile of the speech's half-second levels, dB. */
  levelSpreadDb: number;
  /** Share of all energy below 50 Hz (0-1): rumble, handling noise, wind. */
  rumble: number;
}

/** An RBJ biquad as a function of one sample; state kept inside. */
function biquad(kind: 'lowpass' | 'highpass', hz: number, sampleRate: number): (x: number) => number {
  const w = (2 * Math.PI * hz) / sampleRate;
  const alpha = Math.sin(w) / (2 * Math.SQRT1_2);
  const cos = Math.cos(w);
  const a0 = 1 + alpha;
  const b0 = (kind === 'lowpass' ? (1 - cos) / 2 : (1 + cos) / 2) / a0;
  const b1 = (kind === 'lowpass' ? 1 - cos : -(1 + cos)) / a0;
  const a1 = (-2 * cos) / a0;
  const a2 = (1 - alpha) / a0;
  let x1 = 0;
  let x2 = 0;
  let y1 = 0;
  let y2 = 0;
  return (x) => {
    const y = b0 * x + b1 * x1 + b0 * x2 - a1 * y1 - a2 * y2;
    x2 = x1;
    x1 = x;
    y2 = y1;
    y1 = y;
    return y;
  };
}

function db(power: number): number {
  return power > 0 ? 10 * Math.log10(power) : SILENCE_DB;
}

function percentile(sorted: Float64Array | number[], p: number): number {
  if (sorted.length === 0) return SILENCE_DB;
  const at = Math.min(sorted.length - 1, Math.max(0, Math.round((sorted.length - 1) * p)));
  return sorted[at] ?? SILENCE_DB;
}

/** Power of one frequency in a block (Goertzel), normalised by the block length. */
export function goertzelPower(samples: Float32Array, sampleRate: number, hz: number): number {
  const coefficient = 2 * Math.cos((2 * Math.PI * hz) / sampleRate);
  let previous = 0;
  let beforePrevious = 0;
  for (const sample of samples) {
    const current = sample + coefficient * previous - beforePrevious;
    beforePrevious = previous;
    previous = current;
  }
  const power = previous * previous + beforePrevious * beforePrevious - coefficient * previous * beforePrevious;
  return power / (samples.length * samples.length);
}

/** How far each of a mains frequency's lines stands above its neighbours in one block, dB. */
function humProminence(block: Float32Array, sampleRate: number, mains: number): number[] {
  const lines: number[] = [];
  for (let harmonic = 1; harmonic <= HUM_HARMONICS; harmonic++) {
    const hz = mains * harmonic;
    const line = goertzelPower(block, sampleRate, hz);
    const around = (goertzelPower(block, sampleRate, hz - HUM_NEIGHBOUR_HZ) + goertzelPower(block, sampleRate, hz + HUM_NEIGHBOUR_HZ)) / 2;
    lines.push(db(line) - db(around));
  }
  return lines;
}

/** Levels of half-second blocks (power mean of their frames), dBFS. */
function blockLevels(frameLevels: readonly number[]): number[] {
  const levels: number[] = [];
  for (let at = 0; at + LEVEL_BLOCK_FRAMES <= frameLevels.length; at += LEVEL_BLOCK_FRAMES) {
    let power = 0;
    for (let i = at; i < at + LEVEL_BLOCK_FRAMES; i++) power += 10 ** ((frameLevels[i] ?? SILENCE_DB) / 10);
    levels.push(db(power / LEVEL_BLOCK_FRAMES));
  }
  return levels;
}

/** Hum lines per mains frequency and harmonic, summed over whole one-second blocks. */
function humMeter(sampleRate: number) {
  const block = new Float32Array(Math.round(sampleRate * BLOCK_S));
  // A hum may be strongest at its fundamental or (a buzz) at twice it: each harmonic is kept apart.
  const totals: Record<MainsHz, number[]> = { 50: [0, 0, 0], 60: [0, 0, 0] };
  let fill = 0;
  let blocks = 0;
  return {
    push(sample: number) {
      block[fill++] = sample;
      if (fill < block.length) return;
      for (const mains of HUM_MAINS)
        humProminence(block, sampleRate, mains).forEach((prominence, harmonic) => {
          totals[mains][harmonic] = (totals[mains][harmonic] ?? 0) + prominence;
        });
      blocks++;
      fill = 0;
    },
    scores(): Record<MainsHz, number> {
      const strongestLine = (mains: MainsHz) => (blocks ? Math.max(...totals[mains]) / blocks : 0);
      return { 50: strongestLine(50), 60: strongestLine(60) };
    },
  };
}

/** Level and share above 5 kHz of each 20 ms frame, and the energy below 50 Hz. */
function frameMeter(sampleRate: number) {
  const frameLength = Math.round(sampleRate * FRAME_S);
  const levels: number[] = [];
  const highShares: number[] = [];
  const sibilanceBand = biquad('highpass', 5000, sampleRate);
  // Two low-passes in a row: 24 dB an octave, so a voice's fundamental at 100 Hz hardly counts.
  const rumbleFirst = biquad('lowpass', 50, sampleRate);
  const rumbleSecond = biquad('lowpass', 50, sampleRate);
  let frameEnergy = 0;
  let frameHigh = 0;
  let fill = 0;
  const totals = { samples: 0, energy: 0, rumble: 0 };
  return {
    levels,
    highShares,
    totals,
    push(sample: number) {
      const high = sibilanceBand(sample);
      const low = rumbleSecond(rumbleFirst(sample));
      totals.samples++;
      totals.energy += sample * sample;
      totals.rumble += low * low;
      frameEnergy += sample * sample;
      frameHigh += high * high;
      if (++fill < frameLength) return;
      levels.push(db(frameEnergy / frameLength));
      highShares.push(frameEnergy > 0 ? frameHigh / frameEnergy : 0);
      frameEnergy = frameHigh = fill = 0;
    },
  };
}

/** Streams samples in (any chunk size) and gives the profile at the end. */
export function createProfiler(sampleRate = ENHANCE_SAMPLE_RATE) {
  const frames = frameMeter(sampleRate);
  const hum = humMeter(sampleRate);

  function push(samples: Float32Array): void {
    for (const sample of samples) {
      frames.push(sample);
      hum.push(sample);
    }
  }

  function finish(): SpeechProfile {
    const sorted = Float64Array.from(frames.levels).sort();
    const noiseFloorDb = percentile(sorted, 0.1);
    const speechLevelDb = percentile(sorted, 0.95);
    const isSpeech = (level: number) => level > noiseFloorDb + SPEECH_ABOVE_FLOOR_DB;
    const speechShares = frames.highShares.filter((_, i) => isSpeech(frames.levels[i] ?? SILENCE_DB));
    const isSpeechBlock = (level: number) => isSpeech(level) && level > speechLevelDb - BLOCK_BELOW_SPEECH_DB;
    const speechLevels = Float64Array.from(blockLevels(frames.levels).filter(isSpeechBlock)).sort();
    const humScores = hum.scores();
    const strongest: MainsHz = humScores[50] >= humScores[60] ? 50 : 60;
    return {
      durationSeconds: frames.totals.samples / sampleRate,
      noiseFloorDb,
      speechLevelDb,
      snrDb: speechLevelDb - noiseFloorDb,
      hum: humScores[strongest] >= HUM_MIN_PROMINENCE_DB ? { hz: strongest, prominenceDb: humScores[strongest] } : null,
      humScores,
      sibilance: speechShares.length ? speechShares.reduce((sum, share) => sum + share, 0) / speechShares.length : 0,
      levelSpreadDb: speechLevels.length ? percentile(speechLevels, 0.9) - percentile(speechLevels, 0.1) : 0,
      rumble: frames.totals.energy > 0 ? frames.totals.rumble / frames.totals.energy : 0,
    };
  }

  return { push, finish };
}

/**
 * A mains line (the fundamental or a harmonic) this many dB over its neighbours, on average over every
 * second, is hum. A voice's own harmonics put a line 10-12 dB over its neighbours now and then (the
 * LibriVox readers at 60 Hz), and notches on them are a difference on clean speech; hum that is heard
 * stands 30 dB and more out.
 */
export const HUM_MIN_PROMINENCE_DB = 20;

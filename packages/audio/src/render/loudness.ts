/** What ffmpeg's ebur128 filter prints in its closing summary. */
export interface LoudnessSummary {
  integratedLufs: number;
  /** Loudness range in LU. */
  lra: number | null;
  /** dBFS (true peak when the filter ran with peak=true, sample peak with peak=sample); null when not measured. */
  peakDb: number | null;
}

function summaryNumber(summary: string, pattern: RegExp): number | null {
  const match = pattern.exec(summary);
  if (!match?.[1]) return null;
  return match[1] === '-inf' ? Number.NEGATIVE_INFINITY : Number(match[1]);
}

/**
 * Reads every ebur128 summary in ffmpeg's stderr, in order (a process with two measured outputs
 * prints two). Silence measures -70 LUFS, the gate's floor.
 */
export function parseEbur128Summaries(stderr: string): LoudnessSummary[] {
  const blocks = stderr.split(/Summary:/).slice(1);
  return blocks.flatMap((block) => {
    const integrated = summaryNumber(block, /\bI:\s+(-?[\d.]+|-inf)\s+LUFS/);
    if (integrated === null) return [];
    return [
      {
        integratedLufs: integrated,
        lra: summaryNumber(block, /\bLRA:\s+(-?[\d.]+)\s+LU/),
        peakDb: summaryNumber(block, /\bPeak:\s+(-?[\d.]+|-inf)\s+dBFS/),
      },
    ];
  });
}

/** Gains beyond this are not loudness correction but amplifying silence or noise. */
export const MAX_GAIN_DB = 30;

/** The gain that brings measured loudness to the target, bounded to +-30 dB. */
export function loudnessGainDb(measuredLufs: number, targetLufs: number): number {
  if (!Number.isFinite(measuredLufs)) return 0;
  return Math.max(-MAX_GAIN_DB, Math.min(MAX_GAIN_DB, targetLufs - measuredLufs));
}

/**
 * Integrated loudness of two consecutive parts from theirs, weighting each part's mean energy by
 * its length. Gating makes this an estimate (within a few tenths of an LU on programme material),
 * good enough to decide whether a second pass is needed.
 */
export function combineLoudness(parts: readonly { lufs: number; seconds: number }[]): number {
  const total = parts.reduce((sum, part) => sum + part.seconds, 0);
  if (total <= 0) return Number.NEGATIVE_INFINITY;
  const energy = parts.reduce((sum, part) => sum + part.seconds * 10 ** (part.lufs / 10), 0) / total;
  return 10 * Math.log10(energy);
}

/**
 * The limiter's ceiling as a sample level: below the true-peak target by a margin, since MP3
 * encoding and reconstruction between samples add up to about 1.5 dB above the sample peaks.
 */
export const TRUE_PEAK_MARGIN_DB = 2;

export function limiterCeiling(truePeakDbtp: number): number {
  return 10 ** ((truePeakDbtp - TRUE_PEAK_MARGIN_DB) / 20);
}

/** ebur128's frame log line (every 100 ms): "t: 1.2  TARGET:-23 LUFS  M: -20.1 S: ...". */
const FRAME_LOG = /\bt:\s*\S+\s+TARGET:\s*-?\d+\s+LUFS\s+M:\s*(-?[\d.]+|-inf|nan)/;

/** The momentary loudness (one 400 ms block) from a frame log line, or null for any other line. */
export function parseMomentary(line: string): number | null {
  const match = FRAME_LOG.exec(line);
  if (!match?.[1]) return null;
  const value = Number(match[1]);
  return Number.isFinite(value) ? value : Number.NEGATIVE_INFINITY;
}

const ABSOLUTE_GATE_LUFS = -70;
const RELATIVE_GATE_LU = 10;

function meanLoudness(blocks: readonly number[]): number {
  if (blocks.length === 0) return Number.NEGATIVE_INFINITY;
  return 10 * Math.log10(blocks.reduce((sum, lufs) => sum + 10 ** (lufs / 10), 0) / blocks.length);
}

/**
 * Integrated loudness (BS.1770 gating) from the momentary loudness of 400 ms blocks taken every
 * 100 ms: the mean energy of the blocks above -70 LUFS and above the mean of those less 10 LU.
 * Block energies add across windows rendered apart, so this gives the programme's loudness from
 * each window's frame log, where averaging the windows' integrated values would mix gates.
 */
export function gatedLoudness(blocks: readonly number[]): number {
  const audible = blocks.filter((lufs) => lufs > ABSOLUTE_GATE_LUFS);
  const relativeGate = meanLoudness(audible) - RELATIVE_GATE_LU;
  return meanLoudness(audible.filter((lufs) => lufs > relativeGate));
}

import {
  CURRENT_FFMPEG,
  alignedLegacyLimiter,
  legacyEbur128,
  legacyLimiterDelay,
  type FfmpegCapabilities,
} from '../ffmpeg/legacy-filters.ts';
import { SAMPLE_RATE } from './graph-builder.ts';
import type { SampleWindow } from './timeline.ts';

/** libmp3lame's encoder delay (576) plus the decoder's (529): decoded sample i is input sample i - 1105. */
export const MP3_DELAY_SAMPLES = 1105;
export const MP3_FRAME_SAMPLES = 1152;
/** The second half starts this many frames (about 1 s) early, so its limiter and encoder have settled by the join. */
export const PRE_ROLL_FRAMES = 40;
/** The first half runs on this many frames past the join, so its last kept frame is encoded with what follows. */
export const TAIL_FRAMES = 16;
/** Shorter programmes are encoded in one go: two processes would save less than they cost to start. */
export const MIN_SPLIT_SAMPLES = 120 * SAMPLE_RATE;

export interface SplitPlan {
  /** Audio frames kept from the first part; the join is at sample joinFrame * 1152 - 1105. */
  joinFrame: number;
  firstEndSample: number;
  secondStartSample: number;
}

/** Where to split a programme of totalSamples for two encoders, on the MP3 frame grid; null to encode whole. */
export function planSplit(totalSamples: number, minSamples = MIN_SPLIT_SAMPLES): SplitPlan | null {
  if (totalSamples < minSamples || totalSamples < 2 * (PRE_ROLL_FRAMES + TAIL_FRAMES) * MP3_FRAME_SAMPLES) return null;
  const joinFrame = Math.round((totalSamples / 2 + MP3_DELAY_SAMPLES) / MP3_FRAME_SAMPLES);
  return {
    joinFrame,
    firstEndSample: Math.min(totalSamples, (joinFrame + TAIL_FRAMES) * MP3_FRAME_SAMPLES),
    secondStartSample: (joinFrame - PRE_ROLL_FRAMES) * MP3_FRAME_SAMPLES,
  };
}

/** The sample where the second encode takes over from the first. */
export function joinSample(split: SplitPlan): number {
  return split.joinFrame * MP3_FRAME_SAMPLES - MP3_DELAY_SAMPLES;
}

/**
 * How the assembled mix is kept between the passes. s24 is three bytes a sample where float is
 * four, stored 24 dB down (a power of two, so the scaling itself is exact) so that a mix above
 * full scale, common before the gain is applied, is not clipped; the noise floor stays near
 * -120 dBFS. Float is the fallback for a mix louder than that.
 */
export type PcmFormat = 's24le' | 'f32le';
export const S24_SCALE = 1 / 16;
export const S24_HEADROOM_DB = -20 * Math.log10(S24_SCALE);

function raw(format: PcmFormat): string[] {
  return ['-f', format, '-ar', String(SAMPLE_RATE), '-ac', '2'];
}

/**
 * The assembly pass: the episode graph, measured by ebur128 (the summary lands on stderr), written
 * as raw 32-bit float (no clipping above full scale before the gain is known), whole or as two
 * overlapping parts cut on the sample.
 */
export function graphPassArgs(
  inputs: readonly (readonly string[])[],
  scriptPath: string,
  outputs: readonly { label: string; path: string }[],
  format: PcmFormat = 'f32le',
): string[] {
  return [
    '-y',
    ...inputs.flat(),
    '-filter_complex_script',
    scriptPath,
    ...outputs.flatMap((output) => ['-map', `[${output.label}]`, '-c:a', `pcm_${format}`, ...raw(format), output.path]),
  ];
}

/**
 * One window of the assembly pass: the graph renders `graph` (starting early where the window
 * starts mid-episode, so the ducking compressor and the resampler have settled), writes `part`
 * for an encoder, and measures `measure`; the windows' measured stretches tile the episode.
 */
export interface WindowPlan {
  graph: SampleWindow;
  part: SampleWindow;
  measure: SampleWindow;
}

/** Ten seconds is dozens of time constants of the slowest ducking release the templates offer. */
export const GRAPH_PRE_ROLL_SAMPLES = 10 * SAMPLE_RATE;

/** The assembly windows for the encode parts: one for a whole encode, two matching a split. */
export function planWindows(totalSamples: number, split: SplitPlan | null): WindowPlan[] {
  const whole = { start: 0, end: totalSamples };
  if (split === null) return [{ graph: whole, part: whole, measure: whole }];
  const join = joinSample(split);
  return [
    { graph: { start: 0, end: split.firstEndSample }, part: { start: 0, end: split.firstEndSample }, measure: { start: 0, end: join } },
    {
      graph: { start: Math.max(0, split.secondStartSample - GRAPH_PRE_ROLL_SAMPLES), end: totalSamples },
      part: { start: split.secondStartSample, end: totalSamples },
      measure: { start: join, end: totalSamples },
    },
  ];
}

/** The loudness meter for a measuring branch, at the rate the build's ebur128 takes. */
function ebur128(options: string, capabilities: FfmpegCapabilities): string {
  return capabilities.ebur128AnyRate ? `ebur128=${options}` : legacyEbur128(options);
}

/**
 * Filter chains that end a window's graph: drop the pre-roll, measure the window's own stretch
 * (ebur128 logs every block, so windows can be combined; the sample peak guards the s24 headroom)
 * and scale what is written to the format's level. The written part is labelled 'part'.
 */
export function windowTailChains(mixLabel: string, plan: WindowPlan, format: PcmFormat, capabilities = CURRENT_FFMPEG): string[] {
  const preRoll = plan.part.start - plan.graph.start;
  const from = plan.measure.start - plan.part.start;
  const to = plan.measure.end - plan.part.start;
  const head = preRoll > 0 ? `atrim=start_sample=${preRoll},asetpts=PTS-STARTPTS,` : '';
  const measureTrim = `atrim=${from > 0 ? `start_sample=${from}:` : ''}end_sample=${to}${from > 0 ? ',asetpts=PTS-STARTPTS' : ''}`;
  return [
    `[${mixLabel}]${head}asplit=2[measured][unscaled]`,
    `[measured]${measureTrim},${ebur128('peak=sample:framelog=info', capabilities)},anullsink`,
    `[unscaled]${format === 's24le' ? `volume=${S24_SCALE}` : 'anull'}[part]`,
  ];
}

/** Filter chains that end the graph: measure, then split into the parts the encoders read. */
export function measureAndSplitChains(mixLabel: string, split: SplitPlan | null): { chains: string[]; labels: string[] } {
  // ebur128 works in doubles: measuring on a branch keeps the conversion off the path to the files.
  const measure = '[measured]ebur128=framelog=verbose,anullsink';
  if (split === null) return { chains: [`[${mixLabel}]asplit=2[measured][whole]`, measure], labels: ['whole'] };
  return {
    chains: [
      `[${mixLabel}]asplit=3[measured][pre_a][pre_b]`,
      measure,
      `[pre_a]atrim=end_sample=${split.firstEndSample}[part_a]`,
      `[pre_b]atrim=start_sample=${split.secondStartSample},asetpts=PTS-STARTPTS[part_b]`,
    ],
    labels: ['part_a', 'part_b'],
  };
}

export interface EncodeArgs {
  input: string;
  gainDb: number;
  /** Limiter ceiling as a linear sample level. */
  ceiling: number;
  bitrateKbps: number;
  /** ffmetadata with tags and chapters, for the part that becomes the head of the file. */
  metadataPath: string | null;
  dest: string;
  /** How the input is stored (default f32le); s24 input is scaled back up by its headroom. */
  inputFormat?: PcmFormat;
  /** What the encoding ffmpeg offers (default a current build). */
  capabilities?: FfmpegCapabilities;
  /**
   * Whether the gained mix can reach the ceiling (default true). When its measured peak stays
   * below, the limiter would pass every sample unchanged and the output's loudness is the mix's
   * plus the gain, so neither the limiter nor the verifying measurement runs.
   */
  limit?: boolean;
}

/**
 * LAME's quality setting (0 best and slowest, 9 fastest; ffmpeg leaves LAME's default, 3). At CBR
 * 192 kbps, 7 skips the noise-shaping search and encodes about a third faster; the encoder-quality
 * bench measures its error against the source on speech and on music as no larger than the
 * default's (both about 30 dB below the signal, the two within 0.2 dB).
 */
export const LAME_QUALITY = 7;

const LIMITER_ATTACK_MS = 5;

/** The look-ahead limiter, its delay compensated: by the filter itself where it can, else around it. */
function limiterChain(ceiling: number, capabilities: FfmpegCapabilities): string[] {
  const limiter = `alimiter=limit=${ceiling.toFixed(5)}:attack=${LIMITER_ATTACK_MS}:release=50:level=0`;
  if (capabilities.alimiterLatency) return [`${limiter}:latency=1`];
  return alignedLegacyLimiter(limiter, legacyLimiterDelay(SAMPLE_RATE, LIMITER_ATTACK_MS));
}

/**
 * Gain, limiter and the verifying measurement. An ebur128 that takes only 48 kHz measures on a
 * branch, so the encoder gets the limited samples themselves and not a resampled copy.
 */
function encodeFilters(gainDb: number, ceiling: number, capabilities: FfmpegCapabilities, limit: boolean): string {
  if (!limit) return `volume=${gainDb.toFixed(2)}dB`;
  const limited = [`volume=${gainDb.toFixed(2)}dB`, ...limiterChain(ceiling, capabilities)].join(',');
  if (capabilities.ebur128AnyRate) return `${limited},ebur128=framelog=verbose`;
  return `${limited},asplit=2[encoded][measured];[measured]${legacyEbur128('framelog=verbose')},anullsink;[encoded]anull`;
}

/**
 * One encode: gain, a look-ahead limiter (delay compensated, so timing is kept; auto-level off, so
 * it only limits) and a second ebur128 to verify where the peak can reach the ceiling, and CBR MP3 without the bit reservoir so that two
 * parts can be joined at any frame.
 */
export function encodePassArgs(options: EncodeArgs): string[] {
  const meta = options.metadataPath;
  const format = options.inputFormat ?? 'f32le';
  const gainDb = options.gainDb + (format === 's24le' ? S24_HEADROOM_DB : 0);
  return [
    '-y',
    ...raw(format),
    '-protocol_whitelist',
    'file',
    '-i',
    options.input,
    ...(meta === null
      ? ['-map_metadata', '-1', '-map_chapters', '-1', '-id3v2_version', '0']
      : ['-f', 'ffmetadata', '-protocol_whitelist', 'file', '-i', meta]),
    ...(meta === null ? [] : ['-map_metadata', '1', '-map_chapters', '1', '-id3v2_version', '3']),
    '-map',
    '0:a',
    '-af',
    encodeFilters(gainDb, options.ceiling, options.capabilities ?? CURRENT_FFMPEG, options.limit ?? true),
    '-c:a',
    'libmp3lame',
    '-compression_level',
    String(LAME_QUALITY),
    '-b:a',
    `${options.bitrateKbps}k`,
    '-reservoir',
    '0',
    '-ar',
    String(SAMPLE_RATE),
    '-ac',
    '2',
    '-write_xing',
    '1',
    '-f',
    'mp3',
    options.dest,
  ];
}

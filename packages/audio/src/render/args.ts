import { SAMPLE_RATE } from './graph-builder.ts';

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
export function planSplit(totalSamples: number): SplitPlan | null {
  if (totalSamples < MIN_SPLIT_SAMPLES) return null;
  const joinFrame = Math.round((totalSamples / 2 + MP3_DELAY_SAMPLES) / MP3_FRAME_SAMPLES);
  return {
    joinFrame,
    firstEndSample: Math.min(totalSamples, (joinFrame + TAIL_FRAMES) * MP3_FRAME_SAMPLES),
    secondStartSample: (joinFrame - PRE_ROLL_FRAMES) * MP3_FRAME_SAMPLES,
  };
}

const RAW = ['-f', 'f32le', '-ar', String(SAMPLE_RATE), '-ac', '2'];

/**
 * The assembly pass: the episode graph, measured by ebur128 (the summary lands on stderr), written
 * as raw 32-bit float (no clipping above full scale before the gain is known), whole or as two
 * overlapping parts cut on the sample.
 */
export function graphPassArgs(inputs: readonly (readonly string[])[], scriptPath: string, outputs: readonly { label: string; path: string }[]): string[] {
  return [
    '-y',
    ...inputs.flat(),
    '-filter_complex_script',
    scriptPath,
    ...outputs.flatMap((output) => ['-map', `[${output.label}]`, '-c:a', 'pcm_f32le', ...RAW, output.path]),
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
}

/**
 * One encode: gain, a look-ahead limiter (delay compensated, so timing is kept; auto-level off, so
 * it only limits), a second ebur128 to verify, and CBR MP3 without the bit reservoir so that two
 * parts can be joined at any frame.
 */
export function encodePassArgs(options: EncodeArgs): string[] {
  const meta = options.metadataPath;
  return [
    '-y',
    ...RAW,
    '-protocol_whitelist',
    'file',
    '-i',
    options.input,
    ...(meta === null ? ['-map_metadata', '-1', '-map_chapters', '-1', '-id3v2_version', '0'] : ['-f', 'ffmetadata', '-protocol_whitelist', 'file', '-i', meta]),
    ...(meta === null ? [] : ['-map_metadata', '1', '-map_chapters', '1', '-id3v2_version', '3']),
    '-map',
    '0:a',
    '-af',
    `volume=${options.gainDb.toFixed(2)}dB,alimiter=limit=${options.ceiling.toFixed(5)}:attack=5:release=50:level=0:latency=1,ebur128=framelog=verbose`,
    '-c:a',
    'libmp3lame',
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

export { limiterActs, renderEpisode, type RenderOptions, type RenderResult, type RenderReuse } from './render.ts';
export { sameAudioUntil, planReuse, MIN_REUSED_SAMPLES, type RenderMemo } from './reuse.ts';
export { buildEpisodeGraph } from './graph.ts';
export { GraphBuilder, SAMPLE_RATE, msToSamples, inputArgs } from './graph-builder.ts';
export {
  planSplit,
  planWindows,
  joinSample,
  graphPassArgs,
  LAME_QUALITY,
  encodePassArgs,
  measureAndSplitChains,
  windowTailChains,
  MP3_DELAY_SAMPLES,
  MP3_FRAME_SAMPLES,
  S24_HEADROOM_DB,
  type SplitPlan,
  type WindowPlan,
  type PcmFormat,
} from './args.ts';
export { assembleEpisode, type AssembleOptions, type Assembly, type AssembledPart } from './assemble.ts';
export { type SampleWindow } from './timeline.ts';
export {
  parseEbur128Summaries,
  parseMomentary,
  gatedLoudness,
  loudnessGainDb,
  combineLoudness,
  limiterCeiling,
  type LoudnessSummary,
} from './loudness.ts';
export { ffmetadata } from './metadata.ts';
export { joinMp3, crc16, frameLength, type JoinParts } from './mp3-join.ts';
export { computePeaks, type Peaks, type PeaksOptions } from './peaks.ts';

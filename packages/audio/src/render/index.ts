export { renderEpisode, type RenderOptions, type RenderResult } from './render.ts';
export { buildEpisodeGraph } from './graph.ts';
export { GraphBuilder, SAMPLE_RATE, msToSamples, demuxerFor, inputArgs } from './graph-builder.ts';
export { planSplit, graphPassArgs, encodePassArgs, measureAndSplitChains, MP3_DELAY_SAMPLES, MP3_FRAME_SAMPLES, type SplitPlan } from './args.ts';
export { parseEbur128Summaries, loudnessGainDb, combineLoudness, limiterCeiling, type LoudnessSummary } from './loudness.ts';
export { ffmetadata } from './metadata.ts';
export { joinMp3, crc16, frameLength, type JoinParts } from './mp3-join.ts';
export { computePeaks, type Peaks, type PeaksOptions } from './peaks.ts';

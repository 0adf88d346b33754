export { buildQualitySet, DEFAULT_NOISE } from './build.ts';
export type { NoiseOptions, NoisyVariant, QualityEpisode, QualitySet, QualitySetOptions } from './build.ts';
export { FLUBBER, INTERN, SFX_KEYWORD, STOP, QUALITY_VOICES } from './script.ts';
export type { QualityVoice } from './script.ts';
export type { FillerTruth, InternTruth, QualityEvents, RetakeTruth, Span } from './truth.ts';

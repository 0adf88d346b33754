export { computeFeatures, frameAt, speechThresholdDb, MFCC_COEFFICIENTS, type AudioFeatures } from './mfcc.ts';
export { subsequenceDtw, type SubsequenceMatch } from './dtw.ts';
export { findFillerSounds, framePitchHz, speechRuns, FILLER_SOUND } from './pitch.ts';
export { readMonoSamples, ANALYSIS_SAMPLE_RATE } from './samples.ts';
export { soundEvidence } from './sound-evidence.ts';

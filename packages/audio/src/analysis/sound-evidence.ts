import type { FeatureFrames, FillerCandidate } from '../detection/evidence.ts';
import { computeFeatures } from './mfcc.ts';
import { findFillerSounds } from './pitch.ts';
import { ANALYSIS_SAMPLE_RATE, readMonoSamples } from './samples.ts';

/**
 * What the sound of an upload tells retake and filler detection: its MFCC frames (to align a
 * retake's opening against the take before the marker) and the hesitations heard in it.
 */
export async function soundEvidence(
  wavPath: string,
  options: { signal?: AbortSignal } = {},
): Promise<{ features: FeatureFrames; fillerCandidates: FillerCandidate[] }> {
  const samples = await readMonoSamples(wavPath, options);
  const features = computeFeatures(samples, ANALYSIS_SAMPLE_RATE);
  return { features: { stepS: features.stepS, frames: features.frames }, fillerCandidates: findFillerSounds(samples, features) };
}

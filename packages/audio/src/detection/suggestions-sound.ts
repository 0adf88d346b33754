import { RETAKES } from '@ppp/contracts';
import { subsequenceDtw } from '../analysis/dtw.ts';
import type { FeatureFrames, Silence } from './evidence.ts';

/** A phrase whose opening is heard again soon after: where each take begins, and how clearly they match. */
export interface SoundRepeat {
  firstS: number;
  secondS: number;
  /** Path cost over a typical place's (lower is clearer). */
  ratio: number;
}

const frameOf = (features: FeatureFrames, seconds: number) =>
  Math.max(0, Math.min(features.frames.length, Math.round(seconds / features.stepS)));

/** Where phrases begin: the audio's start and the end of every pause of RETAKES.phrasePauseSeconds. */
function phraseOnsets(silences: readonly Silence[]): number[] {
  const onsets = silences.filter((s) => s.end - s.start >= RETAKES.phrasePauseSeconds).map((s) => s.end);
  return silences[0]?.start === 0 ? onsets : [0, ...onsets];
}

/**
 * Repeats found by sound alone, for a recogniser that garbled the words of both takes: each phrase's
 * opening (RETAKES.soundQuerySeconds) aligned by subsequence DTW against the RETAKES.suggestionMaxSeconds
 * before it. A repeat counts when the match stands out clearly (RETAKES.soundRepeatMaxCostRatio), begins
 * at a phrase onset, and the first take stops soon after the part said again (it was dropped).
 */
export function repeatsBySound(features: FeatureFrames, silences: readonly Silence[]): SoundRepeat[] {
  const onsets = phraseOnsets(silences);
  const repeats: SoundRepeat[] = [];
  let after = -1;
  for (const second of onsets) {
    const nextPause = silences.find((s) => s.start > second)?.start ?? features.frames.length * features.stepS;
    const seconds = Math.min(RETAKES.soundQuerySeconds, nextPause - second);
    if (seconds < RETAKES.minSoundQuerySeconds * 2) continue;
    const from = Math.max(0, after, second - RETAKES.suggestionMaxSeconds);
    const query = features.frames.slice(frameOf(features, second), frameOf(features, second + seconds));
    const reference = features.frames.slice(frameOf(features, from), frameOf(features, second - RETAKES.phrasePauseSeconds));
    const match = subsequenceDtw(query, reference);
    if (match === null || match.typicalCost <= 0) continue;
    const ratio = match.cost / match.typicalCost;
    if (ratio > RETAKES.soundRepeatMaxCostRatio) continue;
    const startS = from + match.start * features.stepS;
    const first = onsets.find((onset) => Math.abs(onset - startS) <= RETAKES.soundOnsetSeconds && onset < second);
    if (first === undefined) continue;
    const trailing = second - (from + (match.end + 1) * features.stepS);
    if (trailing > RETAKES.suggestionMaxTrailingSeconds) continue;
    repeats.push({ firstS: first, secondS: second, ratio });
    after = second;
  }
  return repeats;
}

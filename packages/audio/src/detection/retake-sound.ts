import { RETAKES } from '@ppp/contracts';
import { subsequenceDtw } from '../analysis/dtw.ts';
import type { FeatureFrames, Silence } from './evidence.ts';

/** Where the retake's opening is heard before the marker, and how clearly. */
export interface SoundRestart {
  /** Seconds where the matched stretch begins. */
  startS: number;
  /** Path cost over a typical place's (lower is clearer); at most RETAKES.soundMaxCostRatio counts. */
  ratio: number;
}

export interface SoundSpan {
  /** Earliest time the flubbed take may start (the sentence bound). */
  fromS: number;
  /** The marker's start: the flubbed take ends before it. */
  markerS: number;
  /** The retake's opening: from its first word's start to at most here (the next marker or the end). */
  retakeS: number;
  retakeEndS: number;
}

const frameOf = (features: FeatureFrames, seconds: number) =>
  Math.max(0, Math.min(features.frames.length, Math.round(seconds / features.stepS)));

/** A time inside a measured silence moves to that silence's end (the speech onset). */
export function speechOnset(seconds: number, silences: readonly Silence[] | undefined): number {
  const inside = (silences ?? []).find((s) => s.start <= seconds && seconds < s.end);
  return inside ? inside.end : seconds;
}

/**
 * The sentence bound measured on the audio: the end of the last silence of at least
 * RETAKES.sentencePauseSeconds that ends well before the marker (the pause just before the marker
 * is the take's end, not its start). Null when no such silence is known.
 */
export function soundSentenceStart(markerS: number, fromS: number, silences: readonly Silence[] | undefined): number | null {
  const bounds = (silences ?? []).filter(
    (s) => s.end - s.start >= RETAKES.sentencePauseSeconds && s.end <= markerS - RETAKES.minSoundQuerySeconds && s.end > fromS,
  );
  return bounds.length === 0 ? null : Math.max(...bounds.map((s) => s.end));
}

/**
 * The restart point by sound: the retake's first RETAKES.soundQuerySeconds of frames aligned by
 * subsequence DTW against the frames between the sentence bound and the marker. The recogniser's
 * words play no part, so a garbled take is still found. Null when there is too little audio on
 * either side or no place stands out.
 */
export function restartBySound(features: FeatureFrames, span: SoundSpan, silences?: readonly Silence[]): SoundRestart | null {
  const queryStart = speechOnset(span.retakeS, silences);
  const from = Math.max(span.fromS, soundSentenceStart(span.markerS, span.fromS, silences) ?? span.fromS);
  const seconds = Math.min(RETAKES.soundQuerySeconds, span.retakeEndS - queryStart, span.markerS - from);
  if (seconds < RETAKES.minSoundQuerySeconds) return null;
  const query = features.frames.slice(frameOf(features, queryStart), frameOf(features, queryStart + seconds));
  const referenceFirst = frameOf(features, from);
  const reference = features.frames.slice(referenceFirst, frameOf(features, span.markerS));
  const match = subsequenceDtw(query, reference);
  if (match === null || match.typicalCost <= 0) return null;
  const ratio = match.cost / match.typicalCost;
  if (ratio > RETAKES.soundMaxCostRatio) return null;
  return { startS: speechOnset((referenceFirst + match.start) * features.stepS, silences), ratio };
}

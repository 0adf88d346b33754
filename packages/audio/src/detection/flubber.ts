import { CLEANUP, type TFlubberMarker } from '@ppp/contracts';
import { normalisePhrases, roundSeconds, type MatchWord } from './normalise.ts';
import { findPhraseMatches, matchSpan } from './phrase-match.ts';

/**
 * The default cut around a marker: its time minus 0.75 s to plus 0.25 s (spec 001 §7), never
 * before 0 nor past the audio's end, and at least 0.05 s long where the audio allows (spec 000 §5).
 */
export function flubberCut(markerTime: number, durationS: number | null = null): { cut_start_s: number; cut_end_s: number } {
  const start = Math.max(0, markerTime - CLEANUP.flubberCutBeforeSeconds);
  let end = Math.max(markerTime + CLEANUP.flubberCutAfterSeconds, start + CLEANUP.flubberMinCutSeconds);
  if (durationS !== null) end = Math.min(end, durationS);
  return { cut_start_s: roundSeconds(start), cut_end_s: roundSeconds(end) };
}

/** Every spoken retake marker, at the given fuzzy threshold (0.8 unless the user retries looser). */
export function detectFlubberMarkers(
  words: readonly MatchWord[],
  triggerKeyword: string,
  threshold: number = CLEANUP.defaultFuzzyThreshold,
  durationS: number | null = null,
): TFlubberMarker[] {
  const matches = findPhraseMatches(words, normalisePhrases([triggerKeyword]), threshold);
  return matches.map((match, flubberIndex) => {
    const span = matchSpan(words, match.first, match.count);
    return {
      flubber_index: flubberIndex,
      ...span,
      score: match.score,
      flubber_time_s: span.start_s,
      flubber_end_s: span.end_s,
      ...flubberCut(span.start_s, durationS),
    };
  });
}

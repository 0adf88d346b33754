import { CLEANUP, type TFlubberMarker } from '@ppp/contracts';
import { normalisePhrases, roundSeconds, type MatchWord } from './normalise.ts';
import type { AcousticEvidence } from './evidence.ts';
import { matchSpan, type PhraseMatch } from './phrase-match.ts';
import { proposeRetake } from './retake-proposal.ts';
import { findSpokenMarkers } from './spoken-markers.ts';

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

/**
 * The proposed cut of one marker: from where the flubbed take began to the retake, when the words
 * or the sound after the marker repeat what came before it (bounded by the neighbouring markers and
 * the sentence before the marker); otherwise the spec's marker minus 0.75 s to plus 0.25 s.
 */
function proposedCut(
  words: readonly MatchWord[],
  matches: readonly PhraseMatch[],
  index: number,
  durationS: number | null,
  evidence?: AcousticEvidence,
) {
  const match = matches[index];
  if (match === undefined) throw new RangeError('No such marker');
  const previous = matches[index - 1];
  const search = {
    first: match.first,
    count: match.count,
    earliest: previous === undefined ? 0 : previous.first + previous.count,
    latest: matches[index + 1]?.first ?? words.length,
  };
  const proposal = proposeRetake(words, search, durationS, evidence);
  if (proposal === null) return { ...flubberCut(words[match.first]?.start ?? 0, durationS), retake_found: false, retake_text: '' };
  return { ...proposal, retake_found: true };
}

/**
 * Every spoken retake marker, at the given fuzzy threshold (0.8 unless the user retries looser), with
 * its proposed cut: heard or read, standing alone between pauses (findSpokenMarkers), with its confidence.
 */
export function detectFlubberMarkers(
  words: readonly MatchWord[],
  triggerKeyword: string,
  threshold: number = CLEANUP.defaultFuzzyThreshold,
  durationS: number | null = null,
  evidence?: AcousticEvidence,
  trusted?: (position: number) => boolean,
): TFlubberMarker[] {
  const phrases = normalisePhrases([triggerKeyword]);
  const matches = findSpokenMarkers(words, { phrases, threshold, evidence, timing: 'alone', trusted });
  return matches.map((match, flubberIndex) => {
    const span = matchSpan(words, match.first, match.count);
    return {
      flubber_index: flubberIndex,
      ...span,
      score: match.score,
      confidence: match.confidence,
      flubber_time_s: span.start_s,
      flubber_end_s: span.end_s,
      ...proposedCut(words, matches, flubberIndex, durationS, evidence),
    };
  });
}

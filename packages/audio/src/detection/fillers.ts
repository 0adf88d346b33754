import type { TFillerMatch } from '@ppp/contracts';
import { normalisePhrases, roundSeconds, type MatchWord } from './normalise.ts';
import { findPhraseMatches, matchSpan } from './phrase-match.ts';

/** Fillers match exactly (after case and punctuation): a fuzzy 'like' would eat 'lake' and 'bike'. */
const FILLER_THRESHOLD = 1;

/**
 * Where the filler's cut starts: fillerLeadTrimMs before the word, but never into the previous
 * word nor before 0, and never after the word itself starts.
 */
function fillerCutStart(words: readonly MatchWord[], first: number, leadTrimMs: number): number {
  const word = words[first];
  if (word === undefined) return 0;
  const previousEnd = words[first - 1]?.end ?? 0;
  return roundSeconds(Math.min(word.start, Math.max(word.start - leadTrimMs / 1000, previousEnd, 0)));
}

/** Every filler word or phrase ('um', 'you know') in the transcript. */
export function detectFillers(words: readonly MatchWord[], fillerWords: readonly string[], leadTrimMs: number): TFillerMatch[] {
  const phrases = normalisePhrases(fillerWords);
  return findPhraseMatches(words, phrases, FILLER_THRESHOLD).map((match) => {
    const span = matchSpan(words, match.first, match.count);
    return {
      filler: phrases[match.phraseIndex] ?? span.text,
      ...span,
      cut_start_s: fillerCutStart(words, match.first, leadTrimMs),
      cut_end_s: span.end_s,
    };
  });
}

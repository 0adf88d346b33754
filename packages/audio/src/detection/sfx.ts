import { CLEANUP, type TSfxKeyword, type TSfxKeywordHit } from '@ppp/contracts';
import { normaliseText, type MatchWord } from './normalise.ts';
import { findPhraseMatches, matchSpan } from './phrase-match.ts';

interface KeywordEntry extends TSfxKeyword {
  norm: string;
}

/** Keywords normalised; empty ones dropped; of two items with the same keyword, the first in the list wins. */
function keywordEntries(keywords: readonly TSfxKeyword[]): KeywordEntry[] {
  const seen = new Set<string>();
  const entries: KeywordEntry[] = [];
  for (const keyword of keywords) {
    const norm = normaliseText(keyword.keyword);
    if (norm === '' || seen.has(norm)) continue;
    seen.add(norm);
    entries.push({ ...keyword, norm });
  }
  return entries;
}

/** Where the user spoke a sound-effect media item's trigger keyword. */
export function detectSfxKeywords(
  words: readonly MatchWord[],
  keywords: readonly TSfxKeyword[],
  threshold: number = CLEANUP.defaultFuzzyThreshold,
): TSfxKeywordHit[] {
  const entries = keywordEntries(keywords);
  const matches = findPhraseMatches(
    words,
    entries.map((entry) => entry.norm),
    threshold,
  );
  return matches.flatMap((match) => {
    const entry = entries[match.phraseIndex];
    if (entry === undefined) return [];
    return [{ media_id: entry.media_id, keyword: entry.keyword, ...matchSpan(words, match.first, match.count), score: match.score }];
  });
}

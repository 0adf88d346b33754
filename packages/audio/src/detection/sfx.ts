import { CLEANUP, type TSfxKeyword, type TSfxKeywordHit } from '@ppp/contracts';
import type { AcousticEvidence } from './evidence.ts';
import { normaliseText, type MatchWord } from './normalise.ts';
import { matchSpan } from './phrase-match.ts';
import { findSpokenMarkers } from './spoken-markers.ts';

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

/**
 * Where the user spoke a sound-effect media item's trigger keyword: read in the words, heard by the
 * keyword search, or both, by the rules of findSpokenMarkers (a one-syllable keyword such as 'ding'
 * needs a stronger hit).
 */
export function detectSfxKeywords(
  words: readonly MatchWord[],
  keywords: readonly TSfxKeyword[],
  threshold: number = CLEANUP.defaultFuzzyThreshold,
  evidence?: AcousticEvidence,
  trusted?: (position: number) => boolean,
): TSfxKeywordHit[] {
  const entries = keywordEntries(keywords);
  const phrases = entries.map((entry) => entry.norm);
  const matches = findSpokenMarkers(words, { phrases, threshold, evidence, timing: 'alone', trusted });
  return matches.flatMap((match) => {
    const entry = entries[match.phraseIndex];
    if (entry === undefined) return [];
    const span = matchSpan(words, match.first, match.count);
    return [{ media_id: entry.media_id, keyword: entry.keyword, ...span, score: match.score, confidence: match.confidence }];
  });
}

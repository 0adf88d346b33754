import { meetsThreshold, phraseSimilarity } from './fuzzy.ts';
import type { MatchWord } from './normalise.ts';

/** Consecutive words that match one of the phrases. Positions are into the MatchWord list. */
export interface PhraseMatch {
  phraseIndex: number;
  first: number;
  count: number;
  score: number;
}

/**
 * How many words a phrase of n words may span: n - 1 to n + 1, because engines split and join
 * words ('rimshot' / 'rim shot', 'stop-intern' as one token).
 */
function windowSizes(phrase: string): number[] {
  const tokens = phrase.split(' ').length;
  const sizes: number[] = [];
  for (let size = Math.max(1, tokens - 1); size <= tokens + 1; size++) sizes.push(size);
  return sizes;
}

function spokenText(words: readonly MatchWord[], first: number, count: number): string {
  return words
    .slice(first, first + count)
    .map((word) => word.norm)
    .join(' ');
}

/** Higher score wins; on a tie, the match covering more words ('stop intern' over 'stop'). */
function isBetter(candidate: PhraseMatch, best: PhraseMatch | null): boolean {
  if (best === null) return true;
  if (candidate.score !== best.score) return candidate.score > best.score;
  return candidate.count > best.count;
}

/**
 * Every word of a multi-word window must earn its place: 'the stop' may reach a loose threshold for
 * 'stop', but dropping 'the' scores better, so the match must not start at 'the'.
 */
function isTight(words: readonly MatchWord[], match: PhraseMatch, phrase: string): boolean {
  if (match.count === 1) return true;
  const withoutFirst = phraseSimilarity(spokenText(words, match.first + 1, match.count - 1), phrase);
  const withoutLast = phraseSimilarity(spokenText(words, match.first, match.count - 1), phrase);
  return match.score > withoutFirst && match.score > withoutLast;
}

/** The best phrase match starting at one word, or null when none reaches the threshold. */
export function bestMatchAt(words: readonly MatchWord[], first: number, phrases: readonly string[], threshold: number): PhraseMatch | null {
  let best: PhraseMatch | null = null;
  for (const [phraseIndex, phrase] of phrases.entries()) {
    for (const count of windowSizes(phrase)) {
      if (first + count > words.length) break;
      const score = phraseSimilarity(spokenText(words, first, count), phrase);
      const candidate = { phraseIndex, first, count, score };
      if (!meetsThreshold(score, threshold) || !isTight(words, candidate, phrase)) continue;
      if (isBetter(candidate, best)) best = candidate;
    }
  }
  return best;
}

function overlaps(match: PhraseMatch, taken: readonly boolean[]): boolean {
  for (let i = match.first; i < match.first + match.count; i++) if (taken[i]) return true;
  return false;
}

/**
 * All non-overlapping matches in time order. Candidates are taken best score first, so a loose
 * threshold cannot let 'the flubber' claim the word before an exact 'flubber'.
 */
export function findPhraseMatches(words: readonly MatchWord[], phrases: readonly string[], threshold: number): PhraseMatch[] {
  if (phrases.length === 0) return [];
  const candidates = words
    .map((_, first) => bestMatchAt(words, first, phrases, threshold))
    .filter((match): match is PhraseMatch => match !== null)
    .sort((a, b) => b.score - a.score || a.first - b.first);
  const taken = new Array<boolean>(words.length).fill(false);
  const chosen: PhraseMatch[] = [];
  for (const match of candidates) {
    if (overlaps(match, taken)) continue;
    for (let i = match.first; i < match.first + match.count; i++) taken[i] = true;
    chosen.push(match);
  }
  return chosen.sort((a, b) => a.first - b.first);
}

/** The span fields every detection result shares, read from a match. */
export function matchSpan(words: readonly MatchWord[], first: number, count: number) {
  const matched = words.slice(first, first + count);
  const head = matched[0];
  const last = matched[matched.length - 1];
  if (head === undefined || last === undefined) throw new RangeError('Empty match span');
  return {
    word_index: head.index,
    word_count: count,
    text: matched.map((word) => word.raw).join(' '),
    start_s: head.start,
    end_s: Math.max(...matched.map((word) => word.end)),
  };
}

import { distance } from 'fastest-levenshtein';

/** Rounding slack, so a similarity of exactly 0.8 passes a threshold of 0.8. */
const EPSILON = 1e-9;

/** 1 - edit distance / longer length: 1 for equal strings, 0 for nothing in common. */
export function similarity(a: string, b: string): number {
  if (a === b) return 1;
  const longer = Math.max(a.length, b.length);
  if (longer === 0) return 1;
  return 1 - distance(a, b) / longer;
}

export function meetsThreshold(score: number, threshold: number): boolean {
  return score >= threshold - EPSILON;
}

/**
 * Similarity of spoken words to a phrase, the better of the spaced and unspaced forms, so that
 * 'rim shot' matches 'rimshot' and 'stop intern' matches 'stopintern'.
 */
export function phraseSimilarity(spoken: string, phrase: string): number {
  const spaced = similarity(spoken, phrase);
  if (spaced === 1) return 1;
  return Math.max(spaced, similarity(spoken.replaceAll(' ', ''), phrase.replaceAll(' ', '')));
}

import type { TTranscriptWord } from '@ppp/contracts';
import { wordTime } from '../engine.ts';

/**
 * Timed text with no word times (a subtitle cue, a transcript segment) becomes words whose times
 * share out the span in proportion to their length: long words take longer to say, and the
 * detectors need some time for every word.
 */
export function spreadText(text: string, start: number, end: number, confidence: number | null = null): TTranscriptWord[] {
  const tokens = text.split(/\s+/).filter(Boolean);
  const total = tokens.reduce((sum, token) => sum + token.length, 0);
  const span = Math.max(0, end - start);
  let at = start;
  return tokens.map((token) => {
    const wordStart = at;
    at += (span * token.length) / total;
    return { text: token, start: wordTime(wordStart), end: wordTime(at), confidence };
  });
}

import type { TTranscriptWord } from '@ppp/contracts';
import { clampConfidence, wordTime } from '../engine.ts';

/** One timed line of `pocketsphinx_continuous -time yes`: `word start end confidence`. */
export interface SphinxSegment {
  text: string;
  start: number;
  end: number;
  confidence: number;
}

/*
 * The text may hold spaces (a keyphrase like 'stop intern'), so the three numbers are matched
 * from the end. Hypothesis lines (the plain sentence printed before each utterance) have none.
 */
const TIMED_LINE = /^(.+?)\s+(\d+(?:\.\d+)?)\s+(\d+(?:\.\d+)?)\s+(-?\d+(?:\.\d+)?(?:e[-+]?\d+)?)\s*$/i;

export function parseSphinxLine(line: string): SphinxSegment | null {
  const match = TIMED_LINE.exec(line.trim());
  if (!match) return null;
  const [, text = '', start = '0', end = '0', confidence = '0'] = match;
  return { text: text.trim(), start: Number(start), end: Number(end), confidence: Number(confidence) };
}

/** Every timed line of the output, in time order (the keyword pass prints each utterance's hits last first). */
export function parseSphinxOutput(stdout: string): SphinxSegment[] {
  return stdout
    .split('\n')
    .map(parseSphinxLine)
    .filter((segment): segment is SphinxSegment => segment !== null)
    .sort((a, b) => a.start - b.start || a.end - b.end);
}

/** Sentence marks, silence and noise classes ([NOISE], [SPEECH], ++BREATH++) are not words. */
const NON_WORD = /^(<\/?s>|<sil>|\[[^\]]*\]|\+\+?[^+]*\+\+?)$/i;
/** Alternative pronunciations are printed as 'was(2)'; the word is the same. */
const VARIANT = /\(\d+\)$/;

export function toTranscriptWords(segments: readonly SphinxSegment[]): TTranscriptWord[] {
  return segments
    .filter((segment) => !NON_WORD.test(segment.text))
    .map((segment) => ({
      text: segment.text.replace(VARIANT, ''),
      start: wordTime(segment.start),
      end: wordTime(Math.max(segment.start, segment.end)),
      confidence: clampConfidence(segment.confidence),
    }));
}

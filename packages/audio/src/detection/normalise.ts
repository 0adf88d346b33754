import type { TTranscriptWord } from '@ppp/contracts';

/** A transcript word prepared for matching: its position in transcript.words and its normalised text. */
export interface MatchWord {
  /** Index in the original transcript.words array. */
  index: number;
  raw: string;
  /** Lower case, no accents, no punctuation; may hold spaces ('stop-intern' becomes 'stop intern'). */
  norm: string;
  start: number;
  end: number;
}

const COMBINING_MARKS = /\p{M}+/gu;
const CURLY_APOSTROPHES = /[\u2018\u2019\u02bc`´]/g;
const WORD_JOINERS = /[-_/\u2010-\u2015]+/g;
const NOT_WORD_CHARS = /[^\p{L}\p{N}' ]+/gu;
const EDGE_APOSTROPHES = /(^|\s)'+|'+(?=\s|$)/g;

/** Case, accents and punctuation removed, so 'Flubber!', 'flubber,' and 'FLUBBER' compare equal. */
export function normaliseText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(COMBINING_MARKS, '')
    .toLowerCase()
    .replace(CURLY_APOSTROPHES, "'")
    .replace(WORD_JOINERS, ' ')
    .replace(NOT_WORD_CHARS, '')
    .replace(EDGE_APOSTROPHES, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The words to match against, in time order. Words that are only punctuation ('—', '...') are
 * dropped, since engines emit them as tokens with times that say nothing about speech.
 */
export function toMatchWords(words: readonly TTranscriptWord[]): MatchWord[] {
  return words
    .map((word, index) => ({ index, raw: word.text.trim(), norm: normaliseText(word.text), start: word.start, end: word.end }))
    .filter((word) => word.norm !== '')
    .sort((a, b) => a.start - b.start || a.index - b.index);
}

/** Phrases normalised, empties dropped, each once. */
export function normalisePhrases(phrases: readonly string[]): string[] {
  return [...new Set(phrases.map(normaliseText).filter((phrase) => phrase !== ''))];
}

/** Seconds rounded to the millisecond, so derived times compare exactly. */
export function roundSeconds(value: number): number {
  return Math.round(value * 1000) / 1000;
}

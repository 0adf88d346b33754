import { TRANSCRIPT_REVIEW } from './limits.ts';
import { TRANSCRIPT_REVIEW_MESSAGES, touchedIndexes, type TTranscriptEdits } from './transcript-review.ts';
import type { TTranscriptWord } from './transcript.ts';

/*
 * Issue 32: a creator's edits of a transcript applied to its words, the one rule the server stores
 * and the transcript editor previews: corrected words keep their times, a split word's time is shared
 * between its two parts, merged words span from the first's start to the last's end. Every index is
 * a position in the words as saved; the positions the creator corrected are renumbered after the edits.
 */

/** What the engine heard at each position the creator corrected (word position to text), as the transcript row keeps it. */
export type HeardWords = Readonly<Record<string, string>>;

export interface EditedTranscript {
  words: TTranscriptWord[];
  /** What the engine heard at each corrected position of the new words. */
  heard: Record<string, string>;
  /** For each new word, the saved position it came from (a merge's first word, both halves of a split). */
  from: number[];
}

export type TranscriptEditOutcome = { ok: true; value: EditedTranscript } | { ok: false; message: string };

const round3 = (n: number) => Math.round(n * 1000) / 1000;
const letters = (text: string) => Math.max(1, text.replace(/[^\p{L}\p{N}]/gu, '').length);

/** Where a word splits: at at_s when it falls strictly inside the word, else in proportion to the two parts' letters; null for an at_s outside it. */
export function splitTime(word: Pick<TTranscriptWord, 'start' | 'end'>, texts: readonly [string, string], atS?: number): number | null {
  if (atS !== undefined) return atS > word.start && atS < word.end ? atS : null;
  const first = letters(texts[0]);
  return round3(word.start + ((word.end - word.start) * first) / (first + letters(texts[1])));
}

/** The words after the creator's edits; a message (the contract's) for an index out of range, a word touched twice or a split outside its word. */
export function applyTranscriptEdits(words: readonly TTranscriptWord[], heard: HeardWords, edits: TTranscriptEdits): TranscriptEditOutcome {
  const touched = touchedIndexes(edits);
  if (touched.some((index) => index >= words.length)) return { ok: false, message: TRANSCRIPT_REVIEW_MESSAGES.wordOutOfRange };
  if (new Set(touched).size !== touched.length) return { ok: false, message: TRANSCRIPT_REVIEW_MESSAGES.overlappingEdits };
  const corrections = new Map(edits.corrections.map((c) => [c.index, c.text]));
  const splits = new Map(edits.splits.map((s) => [s.index, s]));
  const merges = new Map(edits.merges.map((m) => [m.index, m]));
  const result: EditedTranscript = { words: [], heard: {}, from: [] };
  const heardAt = (index: number) => heard[String(index)] ?? words[index]!.text;
  // A word the creator typed is certain: its confidence is 1.
  const push = (word: TTranscriptWord, from: number, heardText: string | null) => {
    if (heardText !== null && heardText !== word.text) result.heard[String(result.words.length)] = heardText;
    result.words.push(word);
    result.from.push(from);
  };
  for (let index = 0; index < words.length; index++) {
    const word = words[index]!;
    const merge = merges.get(index);
    const split = splits.get(index);
    const text = corrections.get(index);
    if (merge) {
      const group = words.slice(index, index + merge.count);
      const end = Math.max(word.start, ...group.map((w) => w.end));
      const joined = merge.text ?? group.map((w) => w.text).join('');
      push({ text: joined, start: word.start, end, confidence: 1 }, index, group.map((_, k) => heardAt(index + k)).join(' '));
      index += merge.count - 1;
    } else if (split) {
      const at = splitTime(word, split.texts, split.at_s);
      if (at === null) return { ok: false, message: TRANSCRIPT_REVIEW_MESSAGES.splitOutsideWord };
      push({ text: split.texts[0], start: word.start, end: at, confidence: 1 }, index, heardAt(index));
      push({ text: split.texts[1], start: at, end: word.end, confidence: 1 }, index, heardAt(index));
    } else if (text !== undefined) {
      push({ ...word, text, confidence: 1 }, index, heardAt(index));
    } else {
      push(word, index, heard[String(index)] ?? null);
    }
  }
  return { ok: true, value: result };
}

/** Whether a word is one to check: the engine was unsure of it (a word with no confidence is never marked). */
export function isLowConfidence(word: Pick<TTranscriptWord, 'confidence'>, threshold: number = TRANSCRIPT_REVIEW.lowConfidence): boolean {
  return word.confidence !== null && word.confidence < threshold;
}

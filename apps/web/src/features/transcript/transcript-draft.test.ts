import { describe, expect, it } from 'vitest';
import { TRANSCRIPT_REVIEW, type TTranscriptWord } from '@ppp/contracts';
import {
  EMPTY_DRAFT,
  canMerge,
  canSplit,
  draftEdits,
  draftSize,
  mergeWithNext,
  previewWords,
  setWordText,
  splitAt,
  wordTime,
  type TranscriptDraft,
} from './transcript-draft.ts';

const word = (text: string, start: number, confidence: number | null = null): TTranscriptWord => ({
  text,
  start,
  end: Number((start + 0.4).toFixed(3)),
  confidence,
});
const SAVED = [word('sour', 0, 0.9), word('dough', 0.5, 0.3), word('rub', 1, 0.2), word('ber', 1.4), word('loaf', 2, 0.95)];

/** Applies typed texts and merges in turn, at previewed positions, as the editor does. */
function draftOf(...steps: ((draft: TranscriptDraft) => TranscriptDraft)[]): TranscriptDraft {
  return steps.reduce((draft, step) => step(draft), EMPTY_DRAFT);
}
const typed = (position: number, text: string) => (draft: TranscriptDraft) =>
  setWordText(draft, SAVED, previewWords(SAVED, [], draft), position, text);
const merged = (position: number) => (draft: TranscriptDraft) => mergeWithNext(draft, previewWords(SAVED, [], draft), position);

describe('the transcript draft', () => {
  it('keeps corrections that differ from the saved words, and drops one typed back', () => {
    const draft = draftOf(typed(4, ' boule '), typed(0, 'Sour'), typed(1, 'dough'));
    expect(draftEdits(draft)).toEqual({
      corrections: [
        { index: 0, text: 'Sour' },
        { index: 4, text: 'boule' },
      ],
      splits: [],
      merges: [],
    });
    expect(draftEdits(draftOf(typed(4, 'boule'), typed(4, 'loaf'))).corrections).toEqual([]);
    expect(draftSize(draftOf(typed(4, '   ')))).toBe(0);
  });

  it('splits a word typed as two and merges a word with the next, previewing the times and marks', () => {
    const draft = draftOf(typed(0, 'so ur'), merged(3));
    // 'so ur' became positions 0 and 1, so 'rub' and 'ber' are now 3 and 4.
    expect(draftEdits(draft)).toEqual({
      corrections: [],
      splits: [{ index: 0, texts: ['so', 'ur'] }],
      merges: [{ index: 2, count: 2, text: 'rubber' }],
    });
    const preview = previewWords(SAVED, [4], draft);
    expect(preview.map((w) => [w.text, w.start, w.end, w.kind])).toEqual([
      ['so', 0, 0.2, 'split'],
      ['ur', 0.2, 0.4, 'split'],
      ['dough', 0.5, 0.9, 'saved'],
      ['rubber', 1, 1.8, 'merged'],
      ['loaf', 2, 2.4, 'saved'],
    ]);
    // Unsure words are marked until corrected; a saved correction stays marked as corrected.
    expect(preview.map((w) => [w.low, w.corrected])).toEqual([
      [false, true],
      [false, true],
      [true, false],
      [false, true],
      [false, true],
    ]);
  });

  it("retypes a split's half and a merge's text, and merges a merge with the next word within the limit", () => {
    const draft = draftOf(typed(0, 'so ur'), typed(1, 'our'), merged(3), typed(3, 'flubber'), merged(2));
    expect(draftEdits(draft)).toEqual({
      corrections: [],
      splits: [{ index: 0, texts: ['so', 'our'] }],
      merges: [{ index: 1, count: 3, text: 'doughflubber' }],
    });
    const preview = previewWords(SAVED, [], draft);
    // A split's half is saved before it is split or merged again.
    expect([canSplit(preview, 0), canMerge(draft, preview, 1), canMerge(draft, preview, 0)]).toEqual([false, false, false]);
    expect([canSplit(preview, 3), canMerge(draft, preview, 2), canMerge(draft, preview, 3)]).toEqual([true, true, false]);
    const long = Array.from({ length: TRANSCRIPT_REVIEW.maxMergeWords + 1 }, (_, i) => word(`w${i}`, i));
    let many: TranscriptDraft = EMPTY_DRAFT;
    for (let i = 0; i < TRANSCRIPT_REVIEW.maxMergeWords - 1; i++) many = mergeWithNext(many, previewWords(long, [], many), 0);
    expect(draftEdits(many).merges).toEqual([{ index: 0, count: TRANSCRIPT_REVIEW.maxMergeWords, text: 'w0w1w2w3w4w5w6w7' }]);
    expect(canMerge(many, previewWords(long, [], many), 0)).toBe(false);
  });

  it('breaks a typed word at a space or at the cursor inside it', () => {
    expect(splitAt('rubber band', null)).toEqual(['rubber', 'band']);
    expect(splitAt('rubberband', 6)).toEqual(['rubber', 'band']);
    expect(splitAt('rubberband', 0)).toBeNull();
    expect(splitAt('rubberband', 10)).toBeNull();
    expect(splitAt('a rubber band', 3)).toBeNull();
  });

  it('shows when a word starts to the tenth of a second', () => {
    expect(wordTime(0)).toBe('0:00.0');
    expect(wordTime(3.44)).toBe('0:03.4');
    expect(wordTime(75.96)).toBe('1:16.0');
  });
});

import { describe, expect, it } from 'vitest';
import {
  TRANSCRIPT_REVIEW,
  TRANSCRIPT_REVIEW_MESSAGES,
  ZTranscriptCorrectionsRequest,
  applyTranscriptEdits,
  isLowConfidence,
  splitTime,
  type TTranscriptEdits,
  type TTranscriptWord,
} from '../src/index.ts';

const word = (text: string, start: number, end: number, confidence: number | null = 0.5): TTranscriptWord => ({
  text,
  start,
  end,
  confidence,
});
const WORDS = [word('the', 0, 0.2), word('rub', 0.3, 0.5), word('ber', 0.5, 0.7), word('bandwagon', 1, 2), word('rolls', 2.1, 2.5)];
const MEDIA = '6f1c8c55-4a8b-4b7e-9d57-6a3f0d6f0a11';
const edits = (e: Partial<TTranscriptEdits>): TTranscriptEdits => ({ corrections: [], splits: [], merges: [], ...e });

function applied(e: Partial<TTranscriptEdits>, heard: Record<string, string> = {}) {
  const outcome = applyTranscriptEdits(WORDS, heard, edits(e));
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.value;
}

describe('splitting a word', () => {
  it('shares its time between the parts in proportion to their letters, punctuation aside', () => {
    expect(splitTime({ start: 1, end: 2 }, ['band', 'wagon'])).toBe(1.444);
    expect(splitTime({ start: 0, end: 1 }, ['ab,', 'cd.'])).toBe(0.5);
  });

  it('splits at a time inside the word, and refuses one on or outside its edges', () => {
    expect(splitTime({ start: 1, end: 2 }, ['a', 'b'], 1.25)).toBe(1.25);
    expect(splitTime({ start: 1, end: 2 }, ['a', 'b'], 2)).toBeNull();
    expect(splitTime({ start: 1, end: 2 }, ['a', 'b'], 0.5)).toBeNull();
  });

  it('turns one word into two that cover its time, both marked corrected with what was heard', () => {
    const result = applied({ splits: [{ index: 3, texts: ['band', 'wagon'] }] });
    expect(result.words.map((w) => w.text)).toEqual(['the', 'rub', 'ber', 'band', 'wagon', 'rolls']);
    expect(result.words.slice(3, 5)).toEqual([word('band', 1, 1.444, 1), word('wagon', 1.444, 2, 1)]);
    expect(result.heard).toEqual({ 3: 'bandwagon', 4: 'bandwagon' });
    expect(result.from).toEqual([0, 1, 2, 3, 3, 4]);
  });
});

describe('merging words', () => {
  it("joins adjacent words from the first's start to the last's end, their texts run together unless a text is given", () => {
    const result = applied({ merges: [{ index: 1, count: 2 }] });
    expect(result.words.map((w) => w.text)).toEqual(['the', 'rubber', 'bandwagon', 'rolls']);
    expect(result.words[1]).toEqual(word('rubber', 0.3, 0.7, 1));
    expect(result.heard).toEqual({ 1: 'rub ber' });
    expect(applied({ merges: [{ index: 0, count: 3, text: 'the rubber' }] }).words[0]).toEqual(word('the rubber', 0, 0.7, 1));
  });
});

describe('edits together', () => {
  it('applies corrections, splits and merges at positions in the saved words, and renumbers the corrected positions', () => {
    // Position 4 was corrected before: it moves with its word.
    const result = applied(
      {
        corrections: [{ index: 0, text: 'The' }],
        merges: [{ index: 1, count: 2, text: 'flubber' }],
        splits: [{ index: 3, texts: ['band', 'wagon'], at_s: 1.5 }],
      },
      { 4: 'roles' },
    );
    expect(result.words.map((w) => [w.text, w.start, w.end])).toEqual([
      ['The', 0, 0.2],
      ['flubber', 0.3, 0.7],
      ['band', 1, 1.5],
      ['wagon', 1.5, 2],
      ['rolls', 2.1, 2.5],
    ]);
    expect(result.heard).toEqual({ 0: 'the', 1: 'rub ber', 2: 'bandwagon', 3: 'bandwagon', 4: 'roles' });
    // The untouched word keeps its confidence; what the creator typed is certain.
    expect(result.words.map((w) => w.confidence)).toEqual([1, 1, 1, 1, 0.5]);
  });

  it('takes a word off the corrected list when it is put back to what was heard', () => {
    const result = applied({ corrections: [{ index: 4, text: 'roles' }] }, { 4: 'roles' });
    expect(result.heard).toEqual({});
  });

  it('refuses an index out of range, a word touched twice and a split outside its word, in the contract words', () => {
    const refused = (e: Partial<TTranscriptEdits>) => applyTranscriptEdits(WORDS, {}, edits(e));
    expect(refused({ corrections: [{ index: 5, text: 'x' }] })).toEqual({ ok: false, message: TRANSCRIPT_REVIEW_MESSAGES.wordOutOfRange });
    expect(refused({ merges: [{ index: 4, count: 2 }] })).toEqual({ ok: false, message: TRANSCRIPT_REVIEW_MESSAGES.wordOutOfRange });
    expect(refused({ merges: [{ index: 1, count: 2 }], corrections: [{ index: 2, text: 'x' }] })).toEqual({
      ok: false,
      message: TRANSCRIPT_REVIEW_MESSAGES.overlappingEdits,
    });
    expect(refused({ splits: [{ index: 3, texts: ['a', 'b'], at_s: 2.2 }] })).toEqual({
      ok: false,
      message: TRANSCRIPT_REVIEW_MESSAGES.splitOutsideWord,
    });
  });
});

describe('the corrections request', () => {
  const parse = (body: object) => ZTranscriptCorrectionsRequest.safeParse({ media_id: MEDIA, ...body });
  const message = (body: object) => {
    const result = parse(body);
    return result.success ? null : result.error.issues[0]?.message;
  };

  it('takes any mix of edits, a merge of two words by default', () => {
    const result = parse({ merges: [{ index: 1 }], splits: [{ index: 3, texts: [' band ', 'wagon'] }] });
    expect(result.success && result.data).toMatchObject({
      corrections: [],
      merges: [{ index: 1, count: 2 }],
      splits: [{ index: 3, texts: ['band', 'wagon'] }],
    });
  });

  it('refuses nothing to do, overlapping edits, bad merge sizes and empty split parts', () => {
    expect(message({})).toBe(TRANSCRIPT_REVIEW_MESSAGES.noCorrections);
    expect(message({ corrections: [], splits: [], merges: [] })).toBe(TRANSCRIPT_REVIEW_MESSAGES.noCorrections);
    expect(message({ corrections: [{ index: 2, text: 'a' }], merges: [{ index: 1 }] })).toBe(TRANSCRIPT_REVIEW_MESSAGES.overlappingEdits);
    expect(message({ merges: [{ index: 1, count: 1 }] })).toBe(TRANSCRIPT_REVIEW_MESSAGES.mergeTooFew);
    expect(message({ merges: [{ index: 1, count: TRANSCRIPT_REVIEW.maxMergeWords + 1 }] })).toBe(TRANSCRIPT_REVIEW_MESSAGES.mergeTooMany);
    expect(message({ splits: [{ index: 1, texts: ['a', '  '] }] })).toBe(TRANSCRIPT_REVIEW_MESSAGES.emptyWord);
    const many = Array.from({ length: TRANSCRIPT_REVIEW.maxCorrectionsPerRequest }, (_, index) => ({ index, text: 'a' }));
    expect(message({ corrections: many, merges: [{ index: 900 }] })).toBe(TRANSCRIPT_REVIEW_MESSAGES.tooManyCorrections);
  });
});

describe('low confidence', () => {
  it('marks words the engine was unsure of, never one without a confidence', () => {
    expect(isLowConfidence({ confidence: TRANSCRIPT_REVIEW.lowConfidence - 0.01 })).toBe(true);
    expect(isLowConfidence({ confidence: TRANSCRIPT_REVIEW.lowConfidence })).toBe(false);
    expect(isLowConfidence({ confidence: null })).toBe(false);
  });
});

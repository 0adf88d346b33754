import { describe, expect, it } from 'vitest';
import { detectLongPauses } from '../../src/detection/pauses.ts';
import { matchWords } from './fixtures.ts';

describe('detectLongPauses', () => {
  it('finds gaps longer than the maximum and keeps the first target seconds', () => {
    const words = matchWords([
      ['one', 0, 0.5],
      ['two', 1, 1.5],
      ['three', 4, 4.4],
      ['four', 4.5, 5],
    ]);
    expect(detectLongPauses(words, 1.8, 0.6)).toEqual([
      { after_word_index: 1, start_s: 1.5, end_s: 4, duration_s: 2.5, cut_start_s: 2.1, cut_end_s: 4 },
    ]);
  });

  it('does not count a gap of exactly the maximum, whatever the binary rounding', () => {
    const words = matchWords([
      ['a', 0, 2.2],
      ['b', 4, 4.5],
      ['c', 6.301, 7],
    ]);
    // 4 - 2.2 is 1.7999999999999998 in floating point; 6.301 - 4.5 is 1.801.
    expect(detectLongPauses(words, 1.8, 0.6).map((pause) => pause.duration_s)).toEqual([1.801]);
  });

  it('uses the minimum settings (0.4 s and 0.2 s)', () => {
    const words = matchWords([
      ['a', 0, 0.2],
      ['b', 0.6, 0.8],
      ['c', 1.21, 1.4],
    ]);
    expect(detectLongPauses(words, 0.4, 0.2)).toEqual([
      { after_word_index: 1, start_s: 0.8, end_s: 1.21, duration_s: 0.41, cut_start_s: 1, cut_end_s: 1.21 },
    ]);
  });

  it('never keeps more than the maximum when the target is larger', () => {
    const words = matchWords([
      ['a', 0, 1],
      ['b', 3, 3.5],
    ]);
    expect(detectLongPauses(words, 0.5, 0.9)[0]).toMatchObject({ cut_start_s: 1.5, cut_end_s: 3 });
  });

  it('measures silence from the latest-ending word when words overlap', () => {
    const words = matchWords([
      ['long', 0, 3],
      ['short', 1, 1.2],
      ['next', 3.5, 4],
    ]);
    expect(detectLongPauses(words, 0.4, 0.2)).toEqual([
      { after_word_index: 0, start_s: 3, end_s: 3.5, duration_s: 0.5, cut_start_s: 3.2, cut_end_s: 3.5 },
    ]);
  });

  it('handles zero-duration words, and ignores silence before the first and after the last word', () => {
    const words = matchWords([
      ['a', 10, 10],
      ['b', 12, 12],
    ]);
    expect(detectLongPauses(words, 1.8, 0.6)).toEqual([
      { after_word_index: 0, start_s: 10, end_s: 12, duration_s: 2, cut_start_s: 10.6, cut_end_s: 12 },
    ]);
    expect(detectLongPauses(matchWords([['alone', 5, 6]]), 0.4, 0.2)).toEqual([]);
    expect(detectLongPauses([], 0.4, 0.2)).toEqual([]);
  });

  it('skips punctuation-only tokens when measuring gaps', () => {
    const words = matchWords([
      ['a', 0, 0.5],
      ['...', 1, 1],
      ['b', 3, 3.5],
    ]);
    expect(detectLongPauses(words, 1.8, 0.6)).toMatchObject([{ after_word_index: 0, start_s: 0.5, end_s: 3 }]);
  });
});

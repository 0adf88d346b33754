import { describe, expect, it } from 'vitest';
import { detectFillers } from '../../src/detection/fillers.ts';
import { matchWords } from './fixtures.ts';

describe('detectFillers', () => {
  it('finds the default fillers whatever their case and punctuation, with a 100 ms lead trim', () => {
    const words = matchWords([
      ['So,', 0, 0.3],
      ['UM,', 1, 1.2],
      ['it', 1.3, 1.4],
      ['was', 1.45, 1.6],
      ['uh...', 1.65, 1.9],
      ['Like,', 2.5, 2.8],
      ['great', 2.9, 3.3],
    ]);
    expect(detectFillers(words, ['um', 'uh', 'like'], 100)).toEqual([
      { filler: 'um', word_index: 1, word_count: 1, text: 'UM,', start_s: 1, end_s: 1.2, cut_start_s: 0.9, cut_end_s: 1.2 },
      // Only 50 ms of silence before 'uh': the lead trim stops at the end of 'was'.
      { filler: 'uh', word_index: 4, word_count: 1, text: 'uh...', start_s: 1.65, end_s: 1.9, cut_start_s: 1.6, cut_end_s: 1.9 },
      { filler: 'like', word_index: 5, word_count: 1, text: 'Like,', start_s: 2.5, end_s: 2.8, cut_start_s: 2.4, cut_end_s: 2.8 },
    ]);
  });

  it('finds a two-word filler such as "you know"', () => {
    const words = matchWords([
      ['it', 0, 0.2],
      ['was,', 0.3, 0.5],
      ['you', 1, 1.1],
      ['know,', 1.15, 1.4],
      ['fine', 1.5, 1.8],
    ]);
    expect(detectFillers(words, ['um', 'you know'], 100)).toEqual([
      { filler: 'you know', word_index: 2, word_count: 2, text: 'you know,', start_s: 1, end_s: 1.4, cut_start_s: 0.9, cut_end_s: 1.4 },
    ]);
  });

  it('matches exactly, never fuzzily', () => {
    const words = matchWords([
      ['I', 0, 0.1],
      ['liked', 0.2, 0.5],
      ['the', 0.6, 0.7],
      ['lake', 0.8, 1.1],
      ['ummah', 1.2, 1.4],
    ]);
    expect(detectFillers(words, ['um', 'like'], 100)).toEqual([]);
  });

  it("knows a hesitation's other spellings ('umm', 'er') as the filler on the list", () => {
    const words = matchWords([
      ['umm', 0, 0.3],
      ['we', 0.5, 0.6],
      ['er', 0.8, 1],
    ]);
    expect(detectFillers(words, ['um', 'uh'], 0).map((f) => [f.filler, f.text])).toEqual([
      ['um', 'umm'],
      ['uh', 'er'],
    ]);
  });

  it('does not trim before the start of the audio, and a zero lead trim cuts just the word', () => {
    const words = matchWords([['um', 0.05, 0.3]]);
    expect(detectFillers(words, ['um'], 100)[0]).toMatchObject({ cut_start_s: 0, cut_end_s: 0.3 });
    expect(detectFillers(words, ['um'], 0)[0]).toMatchObject({ cut_start_s: 0.05, cut_end_s: 0.3 });
  });

  it('handles zero-duration words and an empty list or transcript', () => {
    const words = matchWords([
      ['hi', 1, 1],
      ['uh', 1, 1],
    ]);
    expect(detectFillers(words, ['uh'], 100)).toMatchObject([{ start_s: 1, end_s: 1, cut_start_s: 1, cut_end_s: 1 }]);
    expect(detectFillers(words, [], 100)).toEqual([]);
    expect(detectFillers([], ['uh'], 100)).toEqual([]);
  });
});

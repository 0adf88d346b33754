import { describe, expect, it } from 'vitest';
import type { TTranscriptWord } from '@ppp/contracts';
import { lineTime, searchWords, transcriptLines } from './transcript-lines.ts';

const word = (text: string, start: number): TTranscriptWord => ({ text, start, end: start + 0.3, confidence: null });

describe('transcript lines', () => {
  it('breaks after a sentence, after a long pause and when a line is full', () => {
    const words = [word('Hello', 0), word('there.', 0.4), word('We', 0.8), word('bake', 1.2), word('bread', 4), word('today', 4.4)];
    expect(transcriptLines(words).map((line) => line.indexes)).toEqual([
      [0, 1],
      [2, 3],
      [4, 5],
    ]);
    const long = Array.from({ length: 40 }, (_, i) => word('la', i * 0.35));
    expect(transcriptLines(long).map((line) => line.indexes.length)).toEqual([18, 18, 4]);
    expect(transcriptLines(words)[2]).toMatchObject({ first: 4, start: 4 });
  });

  it('shows the time a line starts', () => {
    expect(lineTime(0)).toBe('0:00');
    expect(lineTime(75.9)).toBe('1:15');
    expect(lineTime(3725)).toBe('1:02:05');
  });
});

describe('search', () => {
  it('finds words and phrases whatever their case and punctuation', () => {
    const words = ['Feed', 'the', 'starter,', 'then', 'feed', 'the', 'Starters.'];
    expect([...searchWords(words, 'feed')]).toEqual([0, 4]);
    expect([...searchWords(words, 'the start')].sort()).toEqual([1, 2, 5, 6]);
    expect(searchWords(words, '  ').size).toBe(0);
  });
});

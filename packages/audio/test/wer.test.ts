import { describe, expect, it } from 'vitest';
import { wordEditDistance, wordErrorRate } from '../src/wer.ts';

describe('wordErrorRate', () => {
  it('is 0 for the same words whatever the case and punctuation', () => {
    expect(wordErrorRate('Hello, World!', 'hello world')).toBe(0);
  });

  it('counts substitutions, insertions and deletions over the reference length', () => {
    expect(wordErrorRate('the cat sat on the mat', 'the cat sat on mat')).toBeCloseTo(1 / 6);
    expect(wordErrorRate('the cat sat', 'a cat sat down')).toBeCloseTo(2 / 3);
    expect(wordEditDistance(['a', 'b', 'c'], ['c', 'b', 'a'])).toBe(2);
  });

  it('handles empty sides', () => {
    expect(wordErrorRate('', '')).toBe(0);
    expect(wordErrorRate('', 'noise')).toBe(1);
    expect(wordErrorRate('two words', '')).toBe(1);
  });
});

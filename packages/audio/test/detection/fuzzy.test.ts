import { describe, expect, it } from 'vitest';
import { meetsThreshold, phraseSimilarity, similarity } from '../../src/detection/fuzzy.ts';

describe('similarity', () => {
  it('is 1 for equal strings and for two empty ones, 0 against an empty one', () => {
    expect(similarity('flubber', 'flubber')).toBe(1);
    expect(similarity('', '')).toBe(1);
    expect(similarity('flubber', '')).toBe(0);
  });

  it('is one minus the edit distance over the longer length', () => {
    expect(similarity('stubborn', 'flubber')).toBe(0.5);
    expect(similarity('doublebike', 'doubletake')).toBe(0.8);
    expect(similarity('supercalifragilistik', 'supercalifragilistic')).toBe(0.95);
    expect(similarity('flub', 'flubber')).toBeCloseTo(4 / 7, 10);
  });
});

describe('meetsThreshold at the slider bounds and default', () => {
  it.each([
    [0.5, 0.5, true],
    [0.5, 0.55, false],
    [0.8, 0.8, true],
    [0.8, 0.85, false],
    [0.95, 0.95, true],
    [0.9, 0.95, false],
  ])('score %d against threshold %d is %s', (score, threshold, expected) => {
    expect(meetsThreshold(score, threshold)).toBe(expected);
  });

  it('accepts a score equal to the threshold despite binary rounding', () => {
    expect(meetsThreshold(1 - 1 / 20, 0.95)).toBe(true);
    expect(meetsThreshold(1 - 2 / 10, 0.8)).toBe(true);
  });
});

describe('phraseSimilarity', () => {
  it('matches joined and split spellings of a phrase', () => {
    expect(phraseSimilarity('rim shot', 'rimshot')).toBe(1);
    expect(phraseSimilarity('rimshot', 'rim shot')).toBe(1);
    expect(phraseSimilarity('stop intern', 'stop intern')).toBe(1);
  });

  it('does not inflate unrelated phrases', () => {
    expect(phraseSimilarity('hello world', 'stop intern')).toBeLessThan(0.5);
  });
});

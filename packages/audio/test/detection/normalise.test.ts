import { describe, expect, it } from 'vitest';
import { normalisePhrases, normaliseText, roundSeconds, toMatchWords } from '../../src/detection/normalise.ts';
import { transcriptWords } from './fixtures.ts';

describe('normaliseText', () => {
  it.each([
    ['Flubber!', 'flubber'],
    ['FLUBBER,', 'flubber'],
    ['  "Intern:"  ', 'intern'],
    ['Café', 'cafe'],
    ['don’t', "don't"],
    ["'quoted'", 'quoted'],
    ['stop-intern', 'stop intern'],
    ['rim_shot', 'rim shot'],
    ['...', ''],
    ['—', ''],
    ['You  know?', 'you know'],
    ['1,000', '1000'],
  ])('%j becomes %j', (input, expected) => {
    expect(normaliseText(input)).toBe(expected);
  });
});

describe('toMatchWords', () => {
  it('drops punctuation-only tokens but keeps each word’s original index', () => {
    const words = toMatchWords(
      transcriptWords([
        ['Hello', 0, 0.4],
        ['—', 0.4, 0.4],
        ['World.', 0.5, 0.9],
      ]),
    );
    expect(words.map((word) => [word.index, word.norm, word.raw])).toEqual([
      [0, 'hello', 'Hello'],
      [2, 'world', 'World.'],
    ]);
  });

  it('puts words in time order', () => {
    const words = toMatchWords(
      transcriptWords([
        ['second', 1, 1.5],
        ['first', 0, 0.5],
      ]),
    );
    expect(words.map((word) => word.norm)).toEqual(['first', 'second']);
    expect(words.map((word) => word.index)).toEqual([1, 0]);
  });

  it('returns nothing for an empty transcript', () => {
    expect(toMatchWords([])).toEqual([]);
  });
});

describe('normalisePhrases', () => {
  it('normalises, drops empties and de-duplicates', () => {
    expect(normalisePhrases(['Stop', 'stop!', '', '...', 'Stop Intern'])).toEqual(['stop', 'stop intern']);
  });
});

describe('roundSeconds', () => {
  it('rounds to the millisecond', () => {
    expect(roundSeconds(2.1 - 0.75)).toBe(1.35);
    expect(roundSeconds(0.0004)).toBe(0);
  });
});

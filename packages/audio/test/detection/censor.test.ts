import { describe, expect, it } from 'vitest';
import { detectCensoredWords } from '../../src/detection/censor.ts';
import { matchWords } from './fixtures.ts';

const words = matchWords([
  ['What', 0, 0.2],
  ['the', 0.3, 0.4],
  ['HECK!', 0.5, 0.9],
  ['you', 1, 1.1],
  ['darn', 1.2, 1.5],
  ['fool.', 1.6, 2],
  ['dang', 2.5, 2.8],
  ['it', 2.9, 3],
]);

describe('detectCensoredWords', () => {
  it('finds exact words with their times, whatever the case and punctuation', () => {
    const found = detectCensoredWords(words, { censorWords: ['heck', 'fool'], censorFuzzy: false, censorMatchThreshold: 0.8 });
    expect(found).toEqual([
      { censor_word: 'heck', word_index: 2, word_count: 1, text: 'HECK!', start_s: 0.5, end_s: 0.9, score: 1 },
      { censor_word: 'fool', word_index: 5, word_count: 1, text: 'fool.', start_s: 1.6, end_s: 2, score: 1 },
    ]);
  });

  it('is fuzzy only when censorFuzzy is on, at censorMatchThreshold', () => {
    // 'darn' against 'damn': one edit in four letters, similarity 0.75; 'dang' is two edits (0.5).
    const exact = detectCensoredWords(words, { censorWords: ['damn'], censorFuzzy: false, censorMatchThreshold: 0.6 });
    expect(exact).toEqual([]);
    const strict = detectCensoredWords(words, { censorWords: ['damn'], censorFuzzy: true, censorMatchThreshold: 0.8 });
    expect(strict).toEqual([]);
    const loose = detectCensoredWords(words, { censorWords: ['damn'], censorFuzzy: true, censorMatchThreshold: 0.75 });
    expect(loose.map((word) => [word.text, word.score])).toEqual([['darn', 0.75]]);
    const loosest = detectCensoredWords(words, { censorWords: ['damn'], censorFuzzy: true, censorMatchThreshold: 0.5 });
    expect(loosest.map((word) => word.text)).toEqual(['darn', 'dang']);
  });

  it('censors a multi-word phrase as one span', () => {
    const found = detectCensoredWords(words, { censorWords: ['dang it'], censorFuzzy: false, censorMatchThreshold: 1 });
    expect(found).toMatchObject([{ word_index: 6, word_count: 2, start_s: 2.5, end_s: 3 }]);
  });

  it('finds nothing with no censor words', () => {
    expect(detectCensoredWords(words, { censorWords: [], censorFuzzy: true, censorMatchThreshold: 0.8 })).toEqual([]);
  });
});

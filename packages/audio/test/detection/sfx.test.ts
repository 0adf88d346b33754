import { describe, expect, it } from 'vitest';
import { detectSfxKeywords } from '../../src/detection/sfx.ts';
import { matchWords } from './fixtures.ts';

const keywords = [
  { media_id: 'm-applause', keyword: 'Applause' },
  { media_id: 'm-rimshot', keyword: 'rim shot' },
  { media_id: 'm-empty', keyword: '  ' },
];

describe('detectSfxKeywords', () => {
  it('finds one- and two-word keywords with their media item and exact times', () => {
    const words = matchWords([
      ['Give', 0, 0.2],
      ['them', 0.3, 0.5],
      ['applause!', 0.6, 1.2],
      ['Then', 2, 2.2],
      ['a', 2.3, 2.35],
      ['rim', 2.4, 2.6],
      ['shot.', 2.7, 3],
    ]);
    expect(detectSfxKeywords(words, keywords)).toEqual([
      {
        media_id: 'm-applause',
        keyword: 'Applause',
        word_index: 2,
        word_count: 1,
        text: 'applause!',
        start_s: 0.6,
        end_s: 1.2,
        score: 1,
        confidence: 0.667,
      },
      {
        media_id: 'm-rimshot',
        keyword: 'rim shot',
        word_index: 5,
        word_count: 2,
        text: 'rim shot.',
        start_s: 2.4,
        end_s: 3,
        score: 1,
        confidence: 0.667,
      },
    ]);
  });

  it('matches a two-word keyword spoken as one word', () => {
    const words = matchWords([['Rimshot', 4, 4.5]]);
    expect(detectSfxKeywords(words, keywords)).toMatchObject([{ media_id: 'm-rimshot', start_s: 4, end_s: 4.5 }]);
  });

  it('is fuzzy at the given threshold', () => {
    const words = matchWords([['applaws', 1, 1.5]]);
    expect(detectSfxKeywords(words, keywords, 0.8)).toHaveLength(0);
    expect(detectSfxKeywords(words, keywords, 0.75)).toHaveLength(1);
  });

  it('gives a keyword shared by two items to the first one listed', () => {
    const words = matchWords([['boom', 1, 1.3]]);
    const shared = [
      { media_id: 'first', keyword: 'Boom' },
      { media_id: 'second', keyword: 'boom!' },
    ];
    expect(detectSfxKeywords(words, shared).map((hit) => hit.media_id)).toEqual(['first']);
  });

  it('finds nothing without keywords or words', () => {
    expect(detectSfxKeywords(matchWords([['applause', 0, 1]]), [])).toEqual([]);
    expect(detectSfxKeywords([], keywords)).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { bestMatchAt, findPhraseMatches } from '../../src/detection/phrase-match.ts';
import { matchWords, spoken } from './fixtures.ts';

describe('findPhraseMatches', () => {
  it('finds a multi-word phrase across words', () => {
    const words = matchWords(spoken('and a rim shot please'));
    expect(findPhraseMatches(words, ['rim shot'], 1)).toEqual([{ phraseIndex: 0, first: 2, count: 2, score: 1 }]);
  });

  it('finds a two-word phrase written as one word and a one-word phrase written as two', () => {
    expect(findPhraseMatches(matchWords(spoken('a rimshot now')), ['rim shot'], 1)).toMatchObject([{ first: 1, count: 1 }]);
    expect(findPhraseMatches(matchWords(spoken('a rim shot now')), ['rimshot'], 1)).toMatchObject([{ first: 1, count: 2 }]);
  });

  it('prefers the longer phrase when both match exactly', () => {
    const words = matchWords(spoken('that is all stop intern thanks'));
    expect(findPhraseMatches(words, ['stop', 'stop intern'], 0.8)).toEqual([{ phraseIndex: 1, first: 3, count: 2, score: 1 }]);
  });

  it('never lets a loose match start on the word before an exact one', () => {
    const words = matchWords(spoken('the flubber again'));
    expect(findPhraseMatches(words, ['flubber'], 0.5)).toEqual([{ phraseIndex: 0, first: 1, count: 1, score: 1 }]);
  });

  it('returns matches in time order without overlaps', () => {
    const words = matchWords(spoken('um so um like um'));
    const matches = findPhraseMatches(words, ['um', 'like'], 1);
    expect(matches.map((match) => match.first)).toEqual([0, 2, 3, 4]);
  });

  it('finds nothing with no phrases or no words', () => {
    expect(findPhraseMatches(matchWords(spoken('hello')), [], 0.5)).toEqual([]);
    expect(findPhraseMatches([], ['hello'], 0.5)).toEqual([]);
  });
});

describe('bestMatchAt', () => {
  it('is null when nothing at that word reaches the threshold', () => {
    const words = matchWords(spoken('hello flubber'));
    expect(bestMatchAt(words, 0, ['flubber'], 0.8)).toBeNull();
    expect(bestMatchAt(words, 1, ['flubber'], 0.8)).toMatchObject({ first: 1, count: 1, score: 1 });
  });
});

import { describe, expect, it } from 'vitest';
import { lengthPrior, summarise, summaryLength, textRank } from '../../src/text-ai/summary.ts';
import { transcriptSentences } from '../../src/text-ai/sentences.ts';
import { tfidfVectors } from '../../src/text-ai/vectors.ts';

const TEXT = [
  'Hey everyone, welcome back to the show.',
  'Sourdough bread needs a lively starter, flour, water and salt.',
  'Feed the sourdough starter with flour and water every day until it doubles.',
  'My cat likes to sleep on the warm oven.',
  'A lively starter makes sourdough bread rise with an open crumb.',
  'Bake the sourdough bread in a hot covered pot for the best crust.',
  'Thanks for listening, see you next week.',
].join(' ');

describe('extractive summary (TextRank with priors and maximal marginal relevance)', () => {
  const sentences = transcriptSentences(TEXT);

  it('ranks sentences that share the episode vocabulary above the aside', () => {
    const ranks = textRank(tfidfVectors(sentences));
    expect(ranks[1]!).toBeGreaterThan(ranks[3]!);
    expect(ranks[4]!).toBeGreaterThan(ranks[3]!);
  });

  it('picks three representative, distinct sentences in reading order, no greeting or aside', () => {
    const chosen = summarise(sentences, 3);
    expect(chosen).toHaveLength(3);
    expect(chosen.map((s) => s.index)).toEqual([...chosen.map((s) => s.index)].sort((a, b) => a - b));
    const text = chosen.map((s) => s.text).join(' ');
    expect(text).not.toMatch(/welcome|cat|thanks/i);
    expect(text).toMatch(/sourdough/i);
  });

  it('asks for two sentences from short talk and three from longer, and weighs fragments down', () => {
    expect(summaryLength(4)).toBe(2);
    expect(summaryLength(12)).toBe(3);
    expect(summaryLength(1)).toBe(1);
    expect(lengthPrior(3)).toBeLessThan(lengthPrior(12));
    expect(lengthPrior(80)).toBeLessThan(1);
  });
});

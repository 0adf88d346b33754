import { describe, expect, it } from 'vitest';
import { extractKeyPhrases } from '../../src/text-ai/keyphrases.ts';
import { phraseRoles } from '../../src/text-ai/pos.ts';
import { transcriptSentences } from '../../src/text-ai/sentences.ts';
import { announcedSubject, isMeaningfulTitle, keyTopics, sentenceHead, titleCase, withoutFragments } from '../../src/text-ai/topics.ts';
import { COMPOSTING_EPISODE } from './fixture.ts';

describe('key topics and phrase titles', () => {
  const { phrases } = extractKeyPhrases(transcriptSentences(COMPOSTING_EPISODE.join(' ')));

  it('gives three to six noun phrases, recurring ones first, no verb or fragment of a longer phrase', () => {
    const topics = keyTopics(phrases).map((p) => p.text);
    expect(topics.length).toBeGreaterThanOrEqual(3);
    expect(topics.length).toBeLessThanOrEqual(6);
    expect(topics.slice(0, 2)).toEqual(['compost pile', 'green material']);
    expect(topics).not.toContain('turns');
    expect(topics).not.toContain('thumb radio');
    expect(withoutFragments(phrases).map((p) => p.text)).toContain('green thumb radio');
  });

  it('tags nouns and adjectives in bare lowercase speech', () => {
    expect(phraseRoles(['the', 'compost', 'pile', 'turns', 'slimy'])).toEqual(['other', 'noun', 'noun', 'other', 'adjective']);
  });

  it('reads a title from the subject a host announces, ending on a noun', () => {
    expect(announcedSubject("So today we're talking about rain barrels and gutters.")).toBe('rain barrels and gutters.');
    expect(announcedSubject('Rain barrels catch water.')).toBeNull();
    expect(sentenceHead('Today we are talking about home composting and why your kitchen scraps matter.')).toBe('Home composting');
    expect(sentenceHead('Insulating the bin with straw keeps the microbes working.')).toBe('Insulating the bin with straw');
    expect(titleCase('ratio of brown material')).toBe('Ratio of Brown Material');
  });

  it('calls a title meaningful only when it holds a word that is not a stop word', () => {
    expect(sentenceHead('this take went right')).toBe('This');
    expect(isMeaningfulTitle('This')).toBe(false);
    expect(isMeaningfulTitle('Welcome to the show.')).toBe(false);
    expect(isMeaningfulTitle('Home Composting')).toBe(true);
  });
});

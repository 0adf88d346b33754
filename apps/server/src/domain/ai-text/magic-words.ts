import { isStopword, normalisePhrases, normaliseText } from '@ppp/audio';

/**
 * The creator's spoken cue words: the trigger keywords, every phrase said as a command (stop
 * phrases too), and the words cleanup removes or bleeps (fillers, censor words).
 */
export interface MagicWords {
  triggers: readonly string[];
  phrases: readonly string[];
}

/** An acronym a model wrote in capitals ('AI', 'UX'): short, but a topic. */
const ACRONYM = /^[A-Z0-9]{2,}$/;

/** Nothing but stop words ('the', 'things', 'today'): no topic to tag an episode with. */
function onlyStopwords(tag: string, text: string): boolean {
  if (ACRONYM.test(tag.trim())) return false;
  const words = text.split(' ').filter(Boolean);
  return words.length === 0 || words.every((word) => isStopword(word));
}

/**
 * Generated tags without the creator's cue words or stop words: a tag that is one of the phrases
 * ('stop intern', 'stop', 'um'), holds a trigger keyword as a word ('flubber fix') or is only stop
 * words ('the', 'today') is dropped; 'bus stop' stays. A tag the creator asked for (always-include)
 * is merged after this and never dropped.
 */
export function withoutMagicWords(tags: readonly string[], magic: MagicWords): string[] {
  const phrases = new Set(normalisePhrases([...magic.triggers, ...magic.phrases]));
  const triggers = new Set(normalisePhrases(magic.triggers));
  return tags.filter((tag) => {
    const text = normaliseText(tag);
    if (phrases.has(text) || onlyStopwords(tag, text)) return false;
    return ![...triggers].some((trigger) => ` ${text} `.includes(` ${trigger} `));
  });
}

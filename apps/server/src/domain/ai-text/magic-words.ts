import { normalisePhrases, normaliseText } from '@ppp/audio';

/** The creator's spoken command words: the trigger keywords, and every phrase said as a command (stop phrases too). */
export interface MagicWords {
  triggers: readonly string[];
  phrases: readonly string[];
}

/**
 * Generated tags without the creator's spoken command words: a tag that is one of the phrases
 * ('stop intern', 'stop') or holds a trigger keyword as a word ('flubber fix') is dropped; 'bus
 * stop' stays. A tag the creator asked for (always-include) is merged after this and never dropped.
 */
export function withoutMagicWords(tags: readonly string[], magic: MagicWords): string[] {
  const phrases = new Set(normalisePhrases([...magic.triggers, ...magic.phrases]));
  const triggers = new Set(normalisePhrases(magic.triggers));
  return tags.filter((tag) => {
    const text = normaliseText(tag);
    return !phrases.has(text) && ![...triggers].some((trigger) => ` ${text} `.includes(` ${trigger} `));
  });
}

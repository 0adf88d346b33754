import type { TCensoredWord } from '@ppp/contracts';
import { normalisePhrases, type MatchWord } from './normalise.ts';
import { findPhraseMatches, matchSpan } from './phrase-match.ts';

export interface CensorSettings {
  censorWords: readonly string[];
  censorFuzzy: boolean;
  censorMatchThreshold: number;
}

/** Words to beep: fuzzy at censorMatchThreshold when censorFuzzy is on, otherwise exact. */
export function detectCensoredWords(words: readonly MatchWord[], settings: CensorSettings): TCensoredWord[] {
  const phrases = normalisePhrases(settings.censorWords);
  const threshold = settings.censorFuzzy ? settings.censorMatchThreshold : 1;
  return findPhraseMatches(words, phrases, threshold).map((match) => {
    const span = matchSpan(words, match.first, match.count);
    return { censor_word: phrases[match.phraseIndex] ?? span.text, ...span, score: match.score };
  });
}

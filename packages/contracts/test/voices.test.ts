import { describe, expect, it } from 'vitest';
import { orderVoicesForLanguage, voiceLanguage, voiceLanguageRank } from '../src/voices.ts';

const voice = (id: string, labels: Record<string, string>) => ({ id, labels });
const espeak = (tag: string) => voice(`espeak:${tag}`, { language: tag });

describe('voices in the browser’s language first (issue 19)', () => {
  it('reads the language from espeak’s language, Google’s accent code and ElevenLabs’ English accents', () => {
    expect(voiceLanguage(espeak('en-gb-scotland'))).toBe('en-gb-scotland');
    expect(voiceLanguage(voice('g', { accent: 'de-DE' }))).toBe('de-de');
    expect(voiceLanguage(voice('rachel', { accent: 'american' }))).toBe('en-us');
    expect(voiceLanguage(voice('george', { accent: 'British' }))).toBe('en-gb');
    expect(voiceLanguage(voice('openai', {}))).toBeNull();
  });

  it('ranks the same language and region 0, the same language 1, anything else 2', () => {
    expect(voiceLanguageRank(espeak('en-us'), 'en-US')).toBe(0);
    expect(voiceLanguageRank(espeak('en-us-nyc'), 'en-US')).toBe(0);
    expect(voiceLanguageRank(espeak('en-gb'), 'en-US')).toBe(1);
    expect(voiceLanguageRank(espeak('en-us'), 'en')).toBe(1);
    expect(voiceLanguageRank(espeak('fr-fr'), 'en-US')).toBe(2);
    expect(voiceLanguageRank(espeak('en-us'), undefined)).toBe(2);
  });

  it('puts American English first for en-US, keeping each group’s order', () => {
    const list = [
      espeak('en-gb'),
      espeak('en-029'),
      espeak('de'),
      voice('rachel', { accent: 'american' }),
      espeak('en-us'),
      espeak('fr-fr'),
    ];
    expect(orderVoicesForLanguage(list, 'en-US').map((v) => v.id)).toEqual([
      'rachel',
      'espeak:en-us',
      'espeak:en-gb',
      'espeak:en-029',
      'espeak:de',
      'espeak:fr-fr',
    ]);
    expect(orderVoicesForLanguage(list, 'de-AT').map((v) => v.id)[0]).toBe('espeak:de');
    expect(orderVoicesForLanguage(list, undefined)).toEqual(list);
  });
});

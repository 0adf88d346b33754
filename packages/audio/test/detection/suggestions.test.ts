import { describe, expect, it } from 'vitest';
import { detectIntents } from '../../src/detection/detect-intents.ts';
import { detectRepeatedTakes } from '../../src/detection/suggestions.ts';
import { matchWords, settingsWith, spoken, transcriptWords, type WordTuple } from './fixtures.ts';

const said = (...parts: readonly (readonly [string, number])[]): WordTuple[] => parts.flatMap(([text, from]) => spoken(text, from));

describe('repeated takes with no marker, offered as suggestions (issue 33)', () => {
  it('suggests cutting a dropped take said again, from its start to the second take', () => {
    // 'the garden needs' 2-3.4 s, dropped; 0.8 s later said again in full.
    const words = said(['welcome back', 0], ['the garden needs', 2], ['the garden needs water every morning', 4.2]);
    const [suggestion, ...rest] = detectRepeatedTakes(matchWords(words), new Set());
    expect(rest).toEqual([]);
    expect(suggestion).toMatchObject({
      suggestion_index: 0,
      first: { word_index: 2, word_count: 3, text: 'the garden needs' },
      second: { word_index: 5, word_count: 3, text: 'the garden needs' },
      cut_start_s: 1.85,
      cut_end_s: 4.1,
    });
    expect(suggestion?.confidence).toBeGreaterThanOrEqual(0.6);
  });

  it('tolerates a stumble after the shared opening, but not a whole different sentence', () => {
    const stumble = said(['the garden needs wat', 0], ['the garden needs water every morning', 2.5]);
    expect(detectRepeatedTakes(matchWords(stumble), new Set())).toHaveLength(1);
    const anaphora = said(['we will fight on the beaches and in the hills for ever', 0], ['we will fight on the landing grounds', 6.5]);
    expect(detectRepeatedTakes(matchWords(anaphora), new Set())).toEqual([]);
  });

  it('needs three shared words and a second take soon after', () => {
    expect(detectRepeatedTakes(matchWords(said(['the garden', 0], ['the garden needs water', 1.5])), new Set())).toEqual([]);
    expect(detectRepeatedTakes(matchWords(said(['the garden needs', 0], ['the garden needs water', 16])), new Set())).toEqual([]);
  });

  it('is less sure when the first take ended a sentence', () => {
    const words = said(['I think that works.', 0], ['I think that we should go', 2.5]);
    const [suggestion] = detectRepeatedTakes(matchWords(words), new Set());
    expect(suggestion?.confidence).toBeLessThan(0.5);
  });

  it('leaves a retake with a Flubber marker to the marker, and is absent from nothing found', () => {
    const marked = said(['the garden needs', 0], ['flubber', 2], ['the garden needs water', 3]);
    const result = detectIntents({ words: transcriptWords(marked) }, settingsWith());
    expect(result.flubber.count).toBe(1);
    expect(result.suggestions).toEqual({ count: 0, matches: [] });
    const unmarked = said(['the garden needs', 0], ['the garden needs water', 2]);
    expect(detectIntents({ words: transcriptWords(unmarked) }, settingsWith()).suggestions?.count).toBe(1);
  });
});

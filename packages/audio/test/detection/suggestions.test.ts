import { describe, expect, it } from 'vitest';
import { detectIntents } from '../../src/detection/detect-intents.ts';
import { detectRepeatedTakes } from '../../src/detection/suggestions.ts';
import { computeFeatures } from '../../src/analysis/mfcc.ts';
import { concat, phrase, RATE, silence, type Sweep } from '../analysis/synthetic.ts';
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

describe('repeats heard in the sound when the words were garbled', () => {
  const OPENING: Sweep[] = [
    { from: 300, to: 600, seconds: 0.25 },
    { from: 900, to: 500, seconds: 0.2 },
    { from: 1400, to: 1500, seconds: 0.3 },
    { from: 700, to: 200, seconds: 0.25 },
  ];
  const OTHER: Sweep[] = [
    { from: 2000, to: 2500, seconds: 0.3 },
    { from: 450, to: 450, seconds: 0.3 },
    { from: 1100, to: 800, seconds: 0.25 },
  ];
  const shifted = (sweeps: Sweep[], by: number) => sweeps.map((s) => ({ ...s, from: s.from * by, to: s.to * by }));
  /** Other words, 0.8 s, the opening (dropped), 0.7 s, the opening again and more (or other words), 0.5 s, other words. */
  function episode(repeated: boolean) {
    const middle = repeated ? [...OPENING, ...shifted(OTHER, 1.3)] : [...shifted(OTHER, 1.3), ...shifted(OPENING, 0.7)];
    const parts = [phrase(OTHER), phrase(OPENING.slice(0, 3)), phrase(middle), phrase(shifted(OTHER, 0.8))];
    const gaps = [0.8, 0.7, 0.5, 0];
    const samples: Float32Array[] = [];
    const words: WordTuple[] = [];
    const silences: { start: number; end: number }[] = [];
    let t = 0;
    parts.forEach((part, i) => {
      part.times.forEach(([start, end], k) => words.push([`w${i}${k}`, t + start, t + end]));
      samples.push(part.samples, silence(gaps[i] ?? 0));
      t += part.samples.length / RATE;
      if ((gaps[i] ?? 0) > 0) silences.push({ start: t, end: t + (gaps[i] ?? 0) });
      t += gaps[i] ?? 0;
    });
    const features = computeFeatures(concat(samples), RATE);
    return { words, evidence: { features: { stepS: features.stepS, frames: features.frames }, silences }, firstTake: words[3]?.[1] ?? 0 };
  }

  it('suggests the dropped take by its sound', () => {
    const { words, evidence, firstTake } = episode(true);
    const [suggestion, ...rest] = detectRepeatedTakes(matchWords(words), new Set(), evidence);
    expect(rest).toEqual([]);
    expect(suggestion?.first.word_index).toBe(3);
    expect(suggestion?.second.word_index).toBe(6);
    expect(Math.abs((suggestion?.cut_start_s ?? 0) - firstTake)).toBeLessThanOrEqual(0.2);
  });

  it('suggests nothing when nothing is said again', () => {
    const { words, evidence } = episode(false);
    expect(detectRepeatedTakes(matchWords(words), new Set(), evidence)).toEqual([]);
  });
});

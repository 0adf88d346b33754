import { describe, expect, it } from 'vitest';
import { computeFeatures } from '../../src/analysis/mfcc.ts';
import { findFillerSounds, framePitchHz } from '../../src/analysis/pitch.ts';
import { detectFillers } from '../../src/detection/fillers.ts';
import { concat, heldVowel, phrase, RATE, silence } from './synthetic.ts';
import { matchWords } from '../detection/fixtures.ts';

/** 0.5 s silence, a word (two sweeps), 0.4 s, a held 'uh' at 120 Hz for 0.4 s, 0.4 s, a word, 0.5 s. */
function episode() {
  const word = phrase([
    { from: 150, to: 260, seconds: 0.2 },
    { from: 240, to: 130, seconds: 0.25 },
  ]).samples;
  return concat([silence(0.5), word, silence(0.4), heldVowel(120, 0.4), silence(0.4), word, silence(0.5)]);
}

describe('hesitations by their sound', () => {
  it('measures the pitch of a voiced frame and none in silence', () => {
    const tone = heldVowel(150, 0.2);
    expect(framePitchHz(tone, 400, RATE)).toBeCloseTo(150, -1);
    expect(framePitchHz(silence(0.2), 400, RATE)).toBeNull();
  });

  it('finds a held voiced stretch between pauses, and not the words around it whose pitch moves', () => {
    const samples = episode();
    const candidates = findFillerSounds(samples, computeFeatures(samples, RATE));
    const held = candidates.filter((c) => c.score >= 0.6);
    expect(held).toHaveLength(1);
    // The 'uh' lies from 1.45 s to 1.85 s.
    expect(held[0]?.start).toBeCloseTo(1.45, 1);
    expect(held[0]?.end).toBeCloseTo(1.85, 1);
  });

  it('cuts a hesitation the recogniser dropped, or wrote as a short word, but never over a real word', () => {
    const samples = episode();
    const features = computeFeatures(samples, RATE);
    const evidence = { fillerCandidates: findFillerSounds(samples, features) };
    const dropped = matchWords([
      ['so', 0.5, 0.95],
      ['then', 2.15, 2.6],
    ]);
    expect(detectFillers(dropped, ['um', 'uh'], 0, evidence)).toMatchObject([
      { filler: 'um', word_index: 1, word_count: 0, by_sound: true },
    ]);
    const heardAsA = matchWords([
      ['so', 0.5, 0.95],
      ['a', 1.48, 1.8],
      ['then', 2.15, 2.6],
    ]);
    expect(detectFillers(heardAsA, ['um', 'uh'], 0, evidence)).toMatchObject([{ word_index: 1, word_count: 1, text: 'a' }]);
    const realWord = matchWords([
      ['so', 0.5, 0.95],
      ['water', 1.45, 1.85],
      ['then', 2.15, 2.6],
    ]);
    expect(detectFillers(realWord, ['um', 'uh'], 0, evidence)).toEqual([]);
    // Not listening for hesitations: nothing by sound.
    expect(detectFillers(dropped, ['like'], 0, evidence)).toEqual([]);
  });
});

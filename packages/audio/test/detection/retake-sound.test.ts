import { describe, expect, it } from 'vitest';
import { computeFeatures } from '../../src/analysis/mfcc.ts';
import type { AcousticEvidence } from '../../src/detection/evidence.ts';
import { detectFlubberMarkers } from '../../src/detection/flubber.ts';
import { concat, phrase, RATE, silence, type Sweep } from '../analysis/synthetic.ts';
import { matchWords, type WordTuple } from './fixtures.ts';

const LEAD: Sweep[] = [
  { from: 2000, to: 2500, seconds: 0.3 },
  { from: 450, to: 450, seconds: 0.3 },
  { from: 1100, to: 800, seconds: 0.25 },
];
const TAKE: Sweep[] = [
  { from: 300, to: 600, seconds: 0.25 },
  { from: 900, to: 500, seconds: 0.2 },
  { from: 1400, to: 1500, seconds: 0.3 },
];
const MARKER: Sweep[] = [{ from: 3000, to: 2000, seconds: 0.4 }];
const REST: Sweep[] = [
  { from: 700, to: 200, seconds: 0.25 },
  { from: 1800, to: 1200, seconds: 0.3 },
];

/**
 * An episode of sweeps standing in for words: the lead-in sentence, 0.8 s, the flubbed take, 0.4 s,
 * the marker, 0.6 s, the take said again and on. The transcript's words have the right times but
 * the wrong text (a recogniser that garbled the take), except the marker.
 */
function episode(takeWords: readonly string[]) {
  const parts = [phrase(LEAD), phrase(TAKE), phrase(MARKER), phrase([...TAKE, ...REST])];
  const gaps = [0.8, 0.4, 0.6];
  const texts = [['welcome', 'back', 'everyone'], takeWords, ['flubber'], ['the', 'garden', 'needs', 'water', 'every']];
  const samples: Float32Array[] = [];
  const words: WordTuple[] = [];
  let t = 0;
  parts.forEach((part, i) => {
    part.times.forEach(([start, end], k) => words.push([texts[i]?.[k] ?? 'x', t + start, t + end]));
    samples.push(part.samples);
    t += part.samples.length / RATE;
    const gap = gaps[i] ?? 0;
    samples.push(silence(gap));
    t += gap;
  });
  const features = computeFeatures(concat(samples), RATE);
  const takeStart = (words[LEAD.length]?.[1] ?? 0) as number;
  return { words, features, takeStart };
}

describe('a retake found by its sound', () => {
  it('finds where the flubbed take began when the recogniser garbled its words', () => {
    const { words, features, takeStart } = episode(['a', 'cart', 'in']);
    const evidence: AcousticEvidence = { features: { stepS: features.stepS, frames: features.frames } };
    const withoutSound = detectFlubberMarkers(matchWords(words), 'flubber');
    expect(withoutSound[0]?.retake_found).toBe(false);
    const [marker] = detectFlubberMarkers(matchWords(words), 'flubber', 0.8, null, evidence);
    expect(marker?.retake_found).toBe(true);
    expect(Math.abs((marker?.cut_start_s ?? 0) - takeStart)).toBeLessThanOrEqual(0.2);
    expect(marker?.retake_text).toBe('a cart in');
    expect(marker?.preselected).toBe(true);
  });

  it('keeps the word restart when the sound agrees with it', () => {
    const { words, features, takeStart } = episode(['the', 'garden', 'needs']);
    const evidence: AcousticEvidence = { features: { stepS: features.stepS, frames: features.frames } };
    const [byWords] = detectFlubberMarkers(matchWords(words), 'flubber');
    const [both] = detectFlubberMarkers(matchWords(words), 'flubber', 0.8, null, evidence);
    expect(both?.cut_start_s).toBe(byWords?.cut_start_s);
    expect(Math.abs((both?.cut_start_s ?? 0) - takeStart)).toBeLessThanOrEqual(0.2);
  });
});

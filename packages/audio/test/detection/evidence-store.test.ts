import { describe, expect, it } from 'vitest';
import { decodeEvidence, encodeEvidence, keepEvidence, keptKeywords, type KeptEvidence } from '../../src/detection/evidence-store.ts';

const frames = [Float32Array.of(1.5, -2.25, 1e-7), Float32Array.of(0, 3.125, -0.1)];
const kept: KeptEvidence = {
  audio: 'a'.repeat(64),
  keywords: [
    {
      phrases: ['flubber', 'intern'],
      searched: ['flubber', 'intern'],
      keywordHits: [{ phrase: 'flubber', start: 2.41, end: 2.93, score: 17.204 }],
    },
  ],
  sound: {
    silences: [{ start: 0, end: 0.31 }],
    fillerCandidates: [{ start: 4, end: 4.4, score: 0.8 }],
    features: { stepS: 0.01, frames },
  },
};

describe('the evidence kept for a recording', () => {
  it('reads back exactly what was written, frames to the last bit', () => {
    const back = decodeEvidence(encodeEvidence(kept), kept.audio);
    expect(back).toEqual(kept);
    expect(back?.sound?.features.frames.map((f) => Array.from(f))).toEqual(frames.map((f) => Array.from(f)));
  });

  it('is nothing for other bytes, a cut file or garbage', () => {
    const bytes = encodeEvidence(kept);
    expect(decodeEvidence(bytes, 'b'.repeat(64))).toBeNull();
    expect(decodeEvidence(bytes.subarray(0, bytes.length - 4), kept.audio)).toBeNull();
    expect(decodeEvidence(Buffer.from('not evidence'), kept.audio)).toBeNull();
    expect(decodeEvidence(new Uint8Array(2), kept.audio)).toBeNull();
  });

  it('keeps a search per phrase set in that order, the newest first, and the sound once', () => {
    expect(keptKeywords(kept, ['flubber', 'intern'])?.keywordHits).toHaveLength(1);
    expect(keptKeywords(kept, ['intern', 'flubber'])).toBeNull();
    const next = keepEvidence(kept.audio, kept, { phrases: ['oops'], keywords: { searched: ['oops'], keywordHits: [] }, sound: null });
    expect(next.keywords.map((k) => k.phrases)).toEqual([['oops'], ['flubber', 'intern']]);
    expect(next.sound).toBe(kept.sound);
    let many: KeptEvidence = next;
    for (const phrase of ['a', 'b', 'c', 'd'])
      many = keepEvidence(kept.audio, many, { phrases: [phrase], keywords: { searched: [phrase], keywordHits: [] }, sound: null });
    expect(many.keywords.map((k) => k.phrases[0])).toEqual(['d', 'c', 'b', 'a']);
    // Read back with no sound kept.
    expect(decodeEvidence(encodeEvidence({ ...many, sound: null }), kept.audio)?.keywords).toHaveLength(4);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { createPocketsphinxEngine } from '../../src/transcription/pocketsphinx/engine.ts';
import { wordErrorRate } from '../../src/wer.ts';
import { librivoxClips, requireTool } from '../helpers/system.ts';

/*
 * Measured with Debian's pocketsphinx 0.8 and the en-us model over the five clips: 0.366 word
 * error rate ('mister' heard as 'mr' counts too). The bound leaves headroom for a slightly
 * different build, not for a broken parser (which scores near 1).
 */
const WER_BOUND = 0.45;

describe('pocketsphinx on the LibriVox clips of pocketsphinx-testdata', () => {
  beforeAll(() => {
    requireTool('pocketsphinx_continuous', 'pocketsphinx pocketsphinx-en-us');
  });

  it('transcribes real speech under the measured word error rate, with times in order', async () => {
    const engine = createPocketsphinxEngine();
    expect(await engine.available()).toBe(true);
    const clips = librivoxClips();
    expect(clips.length).toBeGreaterThanOrEqual(5);
    const progress: number[] = [];
    const results = await Promise.all(clips.map((clip) => engine.transcribe(clip.wav, { onProgress: (p) => progress.push(p) })));
    const reference = clips.map((clip) => clip.reference).join(' ');
    const hypothesis = results.map((r) => r.words.map((w) => w.text).join(' ')).join(' ');
    const wer = wordErrorRate(reference, hypothesis);
    console.log(`pocketsphinx WER on ${clips.length} LibriVox clips: ${wer.toFixed(3)}\n  ref: ${reference}\n  hyp: ${hypothesis}`);
    expect(wer).toBeLessThan(WER_BOUND);
    for (const [i, result] of results.entries()) {
      const duration = result.duration_s ?? 0;
      expect(duration).toBeGreaterThan(2);
      for (const [j, word] of result.words.entries()) {
        expect(word.end).toBeGreaterThanOrEqual(word.start);
        expect(word.end).toBeLessThanOrEqual(duration + 0.05);
        expect(word.start).toBeGreaterThanOrEqual(results[i]?.words[j - 1]?.start ?? 0);
        expect(word.confidence).not.toBeNull();
      }
    }
    expect(progress).toContain(100);
  }, 60_000);

  it('spots keywords the language model misses and merges them in', async () => {
    const clip = librivoxClips().find((c) => c.id.endsWith('0870'));
    if (!clip) throw new Error('clip 0870 missing from pocketsphinx-testdata');
    const plain = await createPocketsphinxEngine().transcribe(clip.wav);
    // Names at the loosest clean threshold (1e-6, measured on these clips); 'flubber' at its marker default.
    const names = ['Dashwood', 'prudently'].map((phrase) => ({ phrase, threshold: 1e-6 }));
    const spotted = await createPocketsphinxEngine({ keywords: [...names, 'flubber'] }).transcribe(clip.wav);
    const text = (t: typeof plain) => t.words.map((w) => w.text).join(' ');
    console.log(`without keywords: ${text(plain)}\nwith keywords:    ${text(spotted)}`);
    expect(text(spotted)).toContain('john dashwood');
    expect(text(spotted)).toContain('prudently');
    expect(text(spotted)).not.toContain('flubber');
    expect(wordErrorRate(clip.reference, text(spotted))).toBeLessThan(wordErrorRate(clip.reference, text(plain)));
    const dashwood = spotted.words.find((w) => w.text === 'dashwood');
    expect(dashwood?.start).toBeGreaterThan(0.9);
    expect(dashwood?.end).toBeLessThan(1.7);
  }, 60_000);
});

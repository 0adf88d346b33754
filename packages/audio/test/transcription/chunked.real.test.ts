import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transcribeInChunks } from '../../src/transcription/chunked.ts';
import { createPocketsphinxEngine } from '../../src/transcription/pocketsphinx/engine.ts';
import { wavDurationSeconds } from '../../src/wav.ts';
import { wordErrorRate } from '../../src/wer.ts';
import { librivoxClips, makeTempDir, requireTool, speechWav } from '../helpers/system.ts';

/*
 * Chunks hear less context and pocketsphinx adapts its cepstral mean per file, so a chunk's words
 * differ a little from one pass. Measured: 0.083 WER of chunked against one pass on this file.
 */
const CHUNKED_VS_SINGLE_BOUND = 0.2;

/** About a minute of real speech: the five LibriVox clips twice, a second of silence between. */
function longSpeech(dest: string): string {
  const ffmpeg = requireTool('ffmpeg', 'ffmpeg');
  const clips = librivoxClips().map((clip) => clip.wav);
  const inputs = [...clips, ...clips].flatMap((wav) => ['-i', wav]);
  const silence = ['-f', 'lavfi', '-t', '1', '-i', 'anullsrc=r=16000:cl=mono'];
  const n = clips.length * 2;
  const graph = `${Array.from({ length: n }, (_, i) => `[${i}:a][${n}:a]`).join('')}concat=n=${n * 2}:v=0:a=1`;
  return speechWav(ffmpeg, [...inputs, ...silence], graph, dest);
}

describe('chunked transcription', () => {
  const tmp = makeTempDir();
  let wav: string;
  beforeAll(() => {
    requireTool('pocketsphinx_continuous', 'pocketsphinx pocketsphinx-en-us');
    wav = longSpeech(path.join(tmp.dir, 'minute.wav'));
  });
  afterAll(() => tmp.cleanup());

  it('gives nearly the words of one pass, in order, with overall progress to 100', async () => {
    expect(await wavDurationSeconds(wav)).toBeGreaterThan(55);
    const engine = createPocketsphinxEngine();
    const progress: number[] = [];
    // One after the other: on a 2-core machine running both at once only measures contention.
    const single = await engine.transcribe(wav);
    const chunked = await transcribeInChunks(engine, wav, {
      chunkSeconds: 20,
      overlapSeconds: 2,
      concurrency: 2,
      onProgress: (p) => progress.push(p),
    });
    const text = (words: { text: string }[]) => words.map((w) => w.text).join(' ');
    const wer = wordErrorRate(text(single.words), text(chunked.words));
    console.log(`chunked vs single pass WER: ${wer.toFixed(3)} (${single.words.length} vs ${chunked.words.length} words)`);
    expect(wer).toBeLessThan(CHUNKED_VS_SINGLE_BOUND);
    expect(chunked.words.map((w) => w.start)).toEqual([...chunked.words.map((w) => w.start)].sort((a, b) => a - b));
    expect(chunked.words.at(-1)?.end).toBeGreaterThan(55);
    expect(progress.at(-1)).toBe(100);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  }, 300_000);

  it('stops every chunk when aborted', async () => {
    const controller = new AbortController();
    const run = transcribeInChunks(createPocketsphinxEngine(), wav, { chunkSeconds: 20, overlapSeconds: 2, signal: controller.signal });
    setTimeout(() => controller.abort(new Error('cancelled')), 300);
    await expect(run).rejects.toThrow('cancelled');
  }, 30_000);
});

import { copyFile, readFile, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWhisperCppEngine, loadWhisperBinding, type WhisperBinding } from '../../src/transcription/whisper/engine.ts';
import { ModelFileError, readGgmlModelHeader } from '../../src/transcription/whisper/model-file.ts';
import { TEST_MODEL_SAYS, writeTestModel } from '../../src/transcription/whisper/test-model.ts';
import { makeTempDir, requireTool, speak, speechWav } from '../helpers/system.ts';

/**
 * The real @fugood/whisper.node binding on a model this test writes: a 64-wide, one-layer ggml
 * whisper model with seeded random weights and a planted decoder that says "Hello from a tiny
 * model." over the first 3 s. It proves the file loads, decodes through whisper.cpp's own sampling
 * (timestamp rules, token timestamps, max_len 1 splitting) and comes back as timed words.
 */
const CLIP_SECONDS = 3;

/** The real binding, with every model path it is asked to load written down. */
function watchedBinding(seen: string[]) {
  return async (): Promise<WhisperBinding> => {
    const real = await loadWhisperBinding();
    return {
      initWhisper: (options) => {
        seen.push(options.filePath);
        return real.initWhisper(options);
      },
    };
  };
}

describe('whisper.cpp through the real binding on a tiny model written from the ggml layout', () => {
  const temp = makeTempDir('ppp-whisper-');
  const model = path.join(temp.dir, 'ggml-test-tiny.en.bin');
  const clip = path.join(temp.dir, 'clip.wav');

  beforeAll(async () => {
    await writeTestModel(model, { seed: 7, saysUntil: CLIP_SECONDS });
    const voice = speak('Hello and welcome to the show, today we talk about tomatoes.', path.join(temp.dir, 'voice.wav'));
    speechWav(requireTool('ffmpeg', 'ffmpeg'), ['-i', voice], `[0:a]apad,atrim=0:${CLIP_SECONDS}`, clip);
  });
  afterAll(() => temp.cleanup());

  it('loads the model, decodes the clip and gives each word a time inside it, in order', async () => {
    const seen: string[] = [];
    const engine = createWhisperCppEngine({ modelPath: model, threads: 2, loadBinding: watchedBinding(seen) });
    try {
      expect(engine.model).toBe('test-tiny.en');
      expect(await engine.available()).toBe(true);
      const progress: number[] = [];
      const transcript = await engine.transcribe(clip, { onProgress: (p) => progress.push(p) });
      expect(seen).toEqual([model]);
      expect(transcript.language).toBe('en');
      expect(transcript.duration_s).toBeCloseTo(CLIP_SECONDS, 2);
      // Sub-word tokens (' ti' 'ny', ' model' '.') are joined into words as whisper.cpp gives them one by one.
      expect(transcript.words.map((w) => w.text).join(' ')).toBe(TEST_MODEL_SAYS.join('').trim());
      expect(transcript.words.map((w) => w.text)).toEqual(['Hello', 'from', 'a', 'tiny', 'model.']);
      let previous = 0;
      for (const word of transcript.words) {
        expect(word.start).toBeGreaterThanOrEqual(previous);
        expect(word.end).toBeGreaterThanOrEqual(word.start);
        expect(word.end).toBeLessThanOrEqual(CLIP_SECONDS);
        previous = word.start;
      }
      // Real token timestamps, not one shared time: the line spreads over the clip.
      expect(transcript.words.at(-1)?.start).toBeGreaterThan(transcript.words[0]?.start ?? 0);
      expect(progress.at(-1)).toBe(100);
    } finally {
      await engine.release();
    }
  }, 120_000);

  it('refuses a truncated copy and a file of garbage before the binding sees them', async () => {
    const truncated = path.join(temp.dir, 'ggml-cut.bin');
    await copyFile(model, truncated);
    const full = (await readFile(model)).length;
    await truncate(truncated, Math.floor(full * 0.6));
    const garbage = path.join(temp.dir, 'ggml-garbage.bin');
    await writeFile(garbage, Buffer.alloc(1 << 20, 0x37));

    const seen: string[] = [];
    for (const [file, message] of [
      [truncated, `is truncated: ${Math.floor(full * 0.6)} bytes of ${full} expected`],
      [garbage, 'Not a whisper.cpp ggml model file'],
    ] as const) {
      await expect(readGgmlModelHeader(file)).rejects.toThrow(message);
      const engine = createWhisperCppEngine({ modelPath: file, threads: 2, loadBinding: watchedBinding(seen) });
      expect(await engine.available()).toBe(false);
      const error: unknown = await engine.transcribe(clip).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ModelFileError);
      expect((error as Error).message).toContain(message);
    }
    expect(seen).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import type { TTranscriptionEngineName } from '@ppp/contracts';
import { NoEngineAvailableError, type TranscriptionEngine } from '../../src/transcription/engine.ts';
import { chooseEngine as choose } from '../../src/transcription/choose.ts';
import { createWhisperCppEngine, whisperModelName } from '../../src/transcription/whisper/engine.ts';
import { segmentsToWords } from '../../src/transcription/whisper/words.ts';
import { createOpenAiCompatibleEngine } from '../../src/transcription/openai/engine.ts';

function engine(name: TTranscriptionEngineName, isAvailable: boolean): TranscriptionEngine {
  return {
    name,
    model: null,
    available: async () => isAvailable,
    transcribe: async () => ({ words: [], language: null, duration_s: null }),
  };
}

describe('chooseEngine', () => {
  it('takes whisper.cpp, then an OpenAI-compatible endpoint, then pocketsphinx', async () => {
    const all = [engine('pocketsphinx', true), engine('openai-compatible', true), engine('whisper.cpp', true)];
    expect((await choose(undefined, all)).name).toBe('whisper.cpp');
    expect(
      (await choose(undefined, [engine('pocketsphinx', true), engine('openai-compatible', true), engine('whisper.cpp', false)])).name,
    ).toBe('openai-compatible');
    expect((await choose(undefined, [engine('pocketsphinx', true), engine('openai-compatible', false)])).name).toBe('pocketsphinx');
  });

  it("follows an operator's preferences and leaves out engines they do not name", async () => {
    const all = [engine('pocketsphinx', true), engine('whisper.cpp', true)];
    expect((await choose(['pocketsphinx', 'whisper.cpp'], all)).name).toBe('pocketsphinx');
    await expect(choose(['openai-compatible'], all)).rejects.toBeInstanceOf(NoEngineAvailableError);
  });

  it('fails with NoEngineAvailable naming what it tried', async () => {
    const error = await choose(undefined, [engine('whisper.cpp', false), engine('pocketsphinx', false)]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NoEngineAvailableError);
    expect((error as NoEngineAvailableError).tried).toEqual(['whisper.cpp', 'pocketsphinx']);
  });

  it('counts an unconfigured endpoint and a missing model as unavailable', async () => {
    expect(await createOpenAiCompatibleEngine({}).available()).toBe(false);
    expect(await createWhisperCppEngine({ modelPath: '/nonexistent/ggml-base.en.bin' }).available()).toBe(false);
    expect(await createWhisperCppEngine({}).available()).toBe(false);
  });
});

describe('whisper.cpp token segments', () => {
  it('joins tokens into words and drops non-speech tags', () => {
    const words = segmentsToWords([
      { text: '[BLANK_AUDIO]', t0: 0, t1: 500 },
      { text: ' He', t0: 500, t1: 700 },
      { text: ' was', t0: 700, t1: 900 },
      { text: ' am', t0: 900, t1: 1100 },
      { text: 'iable', t0: 1100, t1: 1400 },
      { text: '.', t0: 1400, t1: 1410 },
    ]);
    expect(words.map((w) => [w.text, w.start, w.end])).toEqual([
      ['He', 0.5, 0.7],
      ['was', 0.7, 0.9],
      ['amiable.', 0.9, 1.41],
    ]);
  });

  it('drops tags that come token by token, as max_len 1 gives them', () => {
    const pieces = (texts: string[], from: number) => texts.map((text, i) => ({ text, t0: from + i * 100, t1: from + (i + 1) * 100 }));
    const words = segmentsToWords([
      ...pieces([' [', 'BL', 'ANK', '_', 'AUDIO', ']'], 0),
      ...pieces([' Hello', ' there', ','], 600),
      ...pieces([' (', 'la', 'ughs', ')'], 900),
      ...pieces([' we', "'ll", ' see', ' [', 'Music', ']'], 1300),
    ]);
    expect(words.map((w) => w.text)).toEqual(['Hello', 'there,', "we'll", 'see']);
    expect(words.map((w) => [w.start, w.end])).toEqual([
      [0.6, 0.7],
      [0.7, 0.9],
      [1.3, 1.5],
      [1.5, 1.6],
    ]);
  });

  it('keeps times inside the audio and in order', () => {
    // A random or confused model closes its segment at the window's end and can step back in time.
    const words = segmentsToWords(
      [
        { text: ' one', t0: 400, t1: 900 },
        { text: ' two', t0: 300, t1: 1200 },
        { text: ' three', t0: 1500, t1: 11720 },
      ],
      3.77,
    );
    expect(words.map((w) => [w.text, w.start, w.end])).toEqual([
      ['one', 0.4, 0.9],
      ['two', 0.4, 1.2],
      ['three', 1.5, 3.77],
    ]);
  });
});

describe('whisper.cpp model names', () => {
  it("records the catalogue's name for ggml-<name>.bin and the file's name otherwise", () => {
    expect(whisperModelName('/models/ggml-base.en.bin')).toBe('base.en');
    expect(whisperModelName('/models/ggml-large-v3-turbo-q5_0.bin')).toBe('large-v3-turbo-q5_0');
    expect(whisperModelName('/srv/my-finetune.bin')).toBe('my-finetune.bin');
    expect(createWhisperCppEngine({ modelPath: '/models/ggml-small.bin' }).model).toBe('small');
    expect(createWhisperCppEngine({}).model).toBeNull();
    expect(createOpenAiCompatibleEngine({ baseUrl: 'http://localhost', model: 'whisper-1' }).model).toBe('whisper-1');
  });
});

/** The transcription stand-in the journeys hold: the product's own OpenAI engine talks to it as to OpenAI. */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createOpenAiCompatibleEngine } from '@ppp/audio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTranscriptionStandIn, TRANSCRIPTION_STAND_IN_KEY, transcriptionEnv, type TranscriptionStandIn } from '../support/index.ts';

let standIn: TranscriptionStandIn;
let dir = '';
let wav = '';

beforeAll(async () => {
  standIn = await startTranscriptionStandIn([{ word: 'first', start: 0.2, end: 0.6 }]);
  dir = await mkdtemp(path.join(tmpdir(), 'ppp-stand-in-'));
  wav = path.join(dir, 'take.wav');
  // The stand-in reads no audio: any bytes do.
  await writeFile(wav, Buffer.alloc(64));
});

afterAll(async () => {
  await standIn.close();
  await rm(dir, { recursive: true, force: true });
});

const engine = (apiKey = TRANSCRIPTION_STAND_IN_KEY) =>
  createOpenAiCompatibleEngine({ baseUrl: standIn.baseUrl, apiKey, model: 'whisper-1' });

describe('the transcription stand-in', () => {
  it('answers at once, with verbose_json words, when it is not held', async () => {
    const transcript = await engine().transcribe(wav);
    expect(transcript.words.map((w) => w.text)).toEqual(['first']);
    expect(transcript.language).toBe('english');
  });

  it('holds a request until it is released, then answers it with the words released', async () => {
    standIn.hold();
    const before = standIn.requests;
    let settled = false;
    const pending = engine()
      .transcribe(wav)
      .finally(() => {
        settled = true;
      });
    await expect.poll(() => standIn.requests).toBe(before + 1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    standIn.release([
      { word: 'hello', start: 0.5, end: 0.9 },
      { word: 'again', start: 1, end: 1.4 },
    ]);
    const transcript = await pending;
    expect(transcript.words.map((w) => [w.text, w.start, w.end])).toEqual([
      ['hello', 0.5, 0.9],
      ['again', 1, 1.4],
    ]);
    // Released, it answers at once again.
    expect((await engine().transcribe(wav)).words.map((w) => w.text)).toEqual(['first']);
  });

  it("refuses another key with OpenAI's 401 message", async () => {
    await expect(engine('wrong').transcribe(wav)).rejects.toThrow(/HTTP 401: Incorrect API key provided/);
  });

  it('is selected by the environment as the only engine', () => {
    expect(transcriptionEnv(standIn)).toEqual({
      TRANSCRIPTION_ENGINES: 'openai-compatible',
      OPENAI_BASE_URL: standIn.baseUrl,
      OPENAI_API_KEY: TRANSCRIPTION_STAND_IN_KEY,
      TRANSCRIBE_MODEL: 'whisper-1',
    });
  });
});

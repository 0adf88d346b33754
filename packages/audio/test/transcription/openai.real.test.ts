import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpenAiCompatibleEngine } from '../../src/transcription/openai/engine.ts';
import { TranscriptionError } from '../../src/transcription/engine.ts';
import { makeTempDir, speak } from '../helpers/system.ts';
import { startOpenAiServer } from './openai-server.ts';

describe('OpenAI-compatible engine against a local server', () => {
  const tmp = makeTempDir();
  let wav: string;
  beforeAll(() => {
    wav = speak('The beach was a popular spot.', path.join(tmp.dir, 'beach.wav'));
  });
  afterAll(() => tmp.cleanup());

  it('sends the documented multipart fields and parses the word timestamps', async () => {
    const server = await startOpenAiServer('sk-test');
    try {
      const engine = createOpenAiCompatibleEngine({ baseUrl: server.baseUrl, apiKey: 'sk-test', model: 'whisper-1', language: 'en' });
      expect(await engine.available()).toBe(true);
      const progress: number[] = [];
      const transcript = await engine.transcribe(wav, { onProgress: (p) => progress.push(p) });
      const [request] = server.received;
      expect(request?.authorization).toBe('Bearer sk-test');
      expect(request?.fields).toEqual({
        model: ['whisper-1'],
        response_format: ['verbose_json'],
        'timestamp_granularities[]': ['word', 'segment'],
        language: ['en'],
      });
      expect(request?.file).toMatchObject({ name: 'beach.wav', type: 'audio/wav' });
      expect(request?.file?.size).toBeGreaterThan(10_000);
      expect(transcript.language).toBe('english');
      expect(transcript.duration_s).toBeCloseTo(8.47, 2);
      expect(transcript.words.slice(0, 2)).toEqual([
        { text: 'The', start: 0, end: 0.24, confidence: null },
        { text: 'beach', start: 0.24, end: 0.65, confidence: null },
      ]);
      expect(progress.at(-1)).toBe(100);
    } finally {
      await server.close();
    }
  });

  it('falls back to segments when the server gives no words', async () => {
    const server = await startOpenAiServer('k', {
      task: 'transcribe',
      language: 'english',
      duration: 2,
      text: 'Hello there',
      segments: [
        {
          id: 0,
          seek: 0,
          start: 0,
          end: 2,
          text: ' Hello there',
          tokens: [1],
          temperature: 0,
          avg_logprob: -0.1,
          compression_ratio: 1,
          no_speech_prob: 0,
        },
      ],
    });
    try {
      const transcript = await createOpenAiCompatibleEngine({ baseUrl: `${server.baseUrl}/`, apiKey: 'k', model: 'm' }).transcribe(wav);
      expect(transcript.words.map((w) => [w.text, w.start, w.end])).toEqual([
        ['Hello', 0, 1],
        ['there', 1, 2],
      ]);
    } finally {
      await server.close();
    }
  });

  it("reports the API's error message on a wrong key", async () => {
    const server = await startOpenAiServer('right');
    try {
      const error = await createOpenAiCompatibleEngine({ baseUrl: server.baseUrl, apiKey: 'wrong', model: 'whisper-1' })
        .transcribe(wav)
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TranscriptionError);
      expect((error as Error).message).toContain('HTTP 401: Incorrect API key provided');
    } finally {
      await server.close();
    }
  });
});

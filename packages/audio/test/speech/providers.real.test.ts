import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createElevenLabsEngine } from '../../src/speech/elevenlabs.ts';
import { SpeechError } from '../../src/speech/engine.ts';
import { createGoogleTtsEngine } from '../../src/speech/google.ts';
import { createOpenAiSpeechEngine, OPENAI_SPEECH_VOICES } from '../../src/speech/openai.ts';
import { voiceCatalog } from '../../src/speech/catalog.ts';
import { createEspeakEngine } from '../../src/speech/espeak.ts';
import { makeTempDir, requireTool } from '../helpers/system.ts';
import { sendJson, startLocalServer } from './local-server.ts';

const tmp = makeTempDir();
let mp3: Buffer;
beforeAll(() => {
  // Real MP3 bytes for the fake providers to answer with: one second of tone.
  const file = path.join(tmp.dir, 'tone.mp3');
  execFileSync(requireTool('ffmpeg', 'ffmpeg'), [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:duration=1',
    '-c:a',
    'libmp3lame',
    file,
  ]);
  mp3 = readFileSync(file);
});
afterAll(() => tmp.cleanup());

// Shapes from ElevenLabs' API reference: GET /v2/voices and POST /v1/text-to-speech/{voice_id}.
const RACHEL = {
  voice_id: '21m00Tcm4TlvDq8ikWAM',
  name: 'Rachel',
  category: 'premade',
  labels: { accent: 'american', description: 'calm', age: 'young', gender: 'female', use_case: 'narration' },
  description: 'Matter-of-fact, personable woman.',
  preview_url: 'https://storage.googleapis.com/eleven-public-prod/premade/voices/21m00Tcm4TlvDq8ikWAM/preview.mp3',
};
const GEORGE = {
  ...RACHEL,
  voice_id: 'JBFqnCBsd6RMkjVDRZzb',
  name: 'George',
  labels: { accent: 'british', age: 'middle aged', gender: 'male', use_case: 'narration' },
  description: 'Warm resonance.',
};

describe('ElevenLabs adapter against a local server', () => {
  it('pages through /v2/voices and posts the documented text-to-speech request', async () => {
    const server = await startLocalServer((req, res) => {
      if (req.headers['xi-api-key'] !== 'xi-key')
        return sendJson(res, 401, { detail: { status: 'invalid_api_key', message: 'Invalid API key' } });
      if (req.method === 'GET' && req.path === '/v2/voices') {
        if (!req.query.next_page_token)
          return sendJson(res, 200, { voices: [RACHEL], has_more: true, total_count: 2, next_page_token: 'page-2' });
        return sendJson(res, 200, { voices: [GEORGE], has_more: false, total_count: 2, next_page_token: null });
      }
      if (req.method === 'POST' && req.path === `/v1/text-to-speech/${RACHEL.voice_id}`)
        return void res.writeHead(200, { 'content-type': 'audio/mpeg' }).end(mp3);
      sendJson(res, 404, { detail: 'Not Found' });
    });
    try {
      const engine = createElevenLabsEngine({ apiKey: 'xi-key', baseUrl: server.baseUrl });
      expect(await engine.available()).toBe(true);
      const voices = await engine.listVoices({ search: 'british', page: 1, size: 50 });
      expect(voices).toEqual({
        total: 1,
        items: [expect.objectContaining({ voice_id: GEORGE.voice_id, name: 'George', provider: 'elevenlabs' })],
      });
      expect(server.received.map((r) => r.query)).toEqual([{ page_size: '100' }, { page_size: '100', next_page_token: 'page-2' }]);

      const out = await engine.synthesize({
        text: 'Hello listeners.',
        voiceId: RACHEL.voice_id,
        destination: path.join(tmp.dir, 'eleven.mp3'),
      });
      const post = server.received.at(-1);
      expect(post?.query).toEqual({ output_format: 'mp3_44100_128' });
      expect(post?.headers['content-type']).toBe('application/json');
      expect(JSON.parse(post?.body ?? '{}')).toEqual({ text: 'Hello listeners.', model_id: 'eleven_multilingual_v2' });
      expect(out).toMatchObject({ mime: 'audio/mpeg', path: path.join(tmp.dir, 'eleven.mp3') });
      expect(out.durationSeconds).toBeCloseTo(1, 0);
    } finally {
      await server.close();
    }
  });

  it("reports ElevenLabs' error message and is unavailable without a key", async () => {
    const server = await startLocalServer((_req, res) =>
      sendJson(res, 401, { detail: { status: 'invalid_api_key', message: 'Invalid API key' } }),
    );
    try {
      await expect(createElevenLabsEngine({ apiKey: 'wrong', baseUrl: server.baseUrl }).listVoices()).rejects.toThrow(
        'elevenlabs: HTTP 401: Invalid API key',
      );
      expect(await createElevenLabsEngine({ apiKey: null }).available()).toBe(false);
    } finally {
      await server.close();
    }
  });
});

describe('Google Cloud TTS adapter against a local server', () => {
  it('lists voices and synthesizes with the documented body, decoding base64 audioContent', async () => {
    const server = await startLocalServer((req, res) => {
      if (req.query.key !== 'g-key' && req.headers.authorization !== 'Bearer ya29.token')
        return sendJson(res, 403, {
          error: { code: 403, message: 'The request is missing a valid API key.', status: 'PERMISSION_DENIED' },
        });
      if (req.method === 'GET' && req.path === '/v1/voices') {
        return sendJson(res, 200, {
          voices: [
            { languageCodes: ['en-US'], name: 'en-US-Neural2-F', ssmlGender: 'FEMALE', naturalSampleRateHertz: 24000 },
            { languageCodes: ['de-DE'], name: 'de-DE-Wavenet-B', ssmlGender: 'MALE', naturalSampleRateHertz: 24000 },
          ],
        });
      }
      if (req.method === 'POST' && req.path === '/v1/text:synthesize') return sendJson(res, 200, { audioContent: mp3.toString('base64') });
      sendJson(res, 404, { error: { code: 404, message: 'Not found', status: 'NOT_FOUND' } });
    });
    try {
      const engine = createGoogleTtsEngine({ apiKey: 'g-key', baseUrl: server.baseUrl });
      const voices = await engine.listVoices({ search: 'female' });
      expect(voices.items).toEqual([
        expect.objectContaining({ voice_id: 'en-US-Neural2-F', labels: { gender: 'female', accent: 'en-US', style: 'Neural2' } }),
      ]);
      const out = await engine.synthesize({
        text: 'Guten Tag.',
        voiceId: 'de-DE-Wavenet-B',
        destination: path.join(tmp.dir, 'google.mp3'),
        speakingRate: 1.1,
      });
      const post = server.received.at(-1);
      expect(post?.query).toEqual({ key: 'g-key' });
      expect(JSON.parse(post?.body ?? '{}')).toEqual({
        input: { text: 'Guten Tag.' },
        voice: { languageCode: 'de-DE', name: 'de-DE-Wavenet-B' },
        audioConfig: { audioEncoding: 'MP3', speakingRate: 1.1 },
      });
      expect(out.durationSeconds).toBeCloseTo(1, 0);

      await createGoogleTtsEngine({ accessToken: 'ya29.token', baseUrl: server.baseUrl }).listVoices();
      expect(server.received.at(-1)).toMatchObject({ query: {}, headers: { authorization: 'Bearer ya29.token' } });
      await expect(createGoogleTtsEngine({ apiKey: 'bad', baseUrl: server.baseUrl }).listVoices()).rejects.toThrow(
        'HTTP 403: The request is missing a valid API key.',
      );
    } finally {
      await server.close();
    }
  });
});

describe('OpenAI-compatible speech adapter against a local server', () => {
  it('posts model, input, voice and response_format and keeps the MP3', async () => {
    const server = await startLocalServer((req, res) => {
      if (req.headers.authorization !== 'Bearer sk-test')
        return sendJson(res, 401, {
          error: { message: 'Incorrect API key provided: wrong.', type: 'invalid_request_error', param: null, code: 'invalid_api_key' },
        });
      if (req.method === 'POST' && req.path === '/v1/audio/speech')
        return void res.writeHead(200, { 'content-type': 'audio/mpeg' }).end(mp3);
      sendJson(res, 404, { error: { message: 'Not found', type: 'invalid_request_error', param: null, code: null } });
    });
    try {
      const engine = createOpenAiSpeechEngine({ baseUrl: `${server.baseUrl}/v1`, apiKey: 'sk-test', model: 'gpt-4o-mini-tts' });
      expect((await engine.listVoices()).items.map((v) => v.voice_id)).toEqual([...OPENAI_SPEECH_VOICES]);
      const out = await engine.synthesize({ text: 'Hi there.', voiceId: 'coral', destination: path.join(tmp.dir, 'openai.mp3') });
      expect(JSON.parse(server.received.at(-1)?.body ?? '{}')).toEqual({
        model: 'gpt-4o-mini-tts',
        input: 'Hi there.',
        voice: 'coral',
        response_format: 'mp3',
      });
      expect(out.durationSeconds).toBeCloseTo(1, 0);
      const wrong = createOpenAiSpeechEngine({ baseUrl: `${server.baseUrl}/v1`, apiKey: 'wrong' });
      await expect(wrong.synthesize({ text: 'x', voiceId: 'alloy', destination: path.join(tmp.dir, 'x.mp3') })).rejects.toThrow(
        'HTTP 401: Incorrect API key provided: wrong.',
      );
      await expect(
        engine.synthesize({ text: 'a'.repeat(4097), voiceId: 'alloy', destination: path.join(tmp.dir, 'y.mp3') }),
      ).rejects.toThrow(SpeechError);
    } finally {
      await server.close();
    }
  });

  it('refuses a body that is not audio', async () => {
    const server = await startLocalServer(
      (_req, res) => void res.writeHead(200, { 'content-type': 'audio/mpeg' }).end('<html>proxy login</html>'),
    );
    try {
      const engine = createOpenAiSpeechEngine({ baseUrl: `${server.baseUrl}/v1` });
      await expect(engine.synthesize({ text: 'Hi.', voiceId: 'alloy', destination: path.join(tmp.dir, 'bad.mp3') })).rejects.toThrow(
        /could not be read/,
      );
    } finally {
      await server.close();
    }
  });
});

describe('voice catalog', () => {
  it('merges configured engines with namespaced ids, searches, pages and resolves', async () => {
    const server = await startLocalServer((_req, res) => void res.writeHead(200, { 'content-type': 'audio/mpeg' }).end(mp3));
    try {
      const catalog = voiceCatalog([
        createEspeakEngine(),
        createElevenLabsEngine({ apiKey: null }),
        createOpenAiSpeechEngine({ baseUrl: `${server.baseUrl}/v1`, voices: ['alloy', 'nova'] }),
      ]);
      expect((await catalog.engines()).map((e) => e.id)).toEqual(['espeak', 'openai']);
      const first = await catalog.listVoices();
      expect(first.size).toBe(50);
      expect(first.items).toHaveLength(50);
      const bulk = await catalog.listVoices({ size: 500 });
      expect(bulk.size).toBe(200);
      expect(bulk.items.at(-1)?.voice_id).toMatch(/^espeak:/);
      const alloy = await catalog.listVoices({ search: 'alloy' });
      expect(alloy.items.map((v) => v.voice_id)).toEqual(['openai:alloy']);
      const last = await catalog.listVoices({ page: Math.ceil(first.total / 50), size: 50 });
      expect(last.items.at(-1)?.voice_id).toBe('openai:nova');

      expect(await catalog.resolveVoice('espeak:en-us+f3')).toMatchObject({
        voice_id: 'espeak:en-us+f3',
        name: 'English (America), female 3',
      });
      expect(await catalog.resolveVoice('alloy')).toMatchObject({ voice_id: 'openai:alloy', common_name: 'Alloy' });
      expect(await catalog.resolveVoice('elevenlabs:21m00Tcm4TlvDq8ikWAM')).toBeNull();

      const spoken = await catalog.synthesize({
        text: 'One two three.',
        voiceId: 'espeak:en-gb-scotland',
        destination: path.join(tmp.dir, 'cat.mp3'),
      });
      expect(spoken.provider).toBe('espeak');
      expect(spoken.durationSeconds).toBeGreaterThan(0.5);
      await expect(catalog.synthesize({ text: 'x', voiceId: 'elevenlabs:abc', destination: path.join(tmp.dir, 'n.mp3') })).rejects.toThrow(
        SpeechError,
      );
    } finally {
      await server.close();
    }
  });
});

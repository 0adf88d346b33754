import type { TVoice } from '@ppp/contracts';
import { pageVoices, providerErrorMessage, SpeechError, trimBaseUrl, writeAudioFile, type SpeechEngine } from './engine.ts';

export interface OpenAiSpeechOptions {
  /** Up to and including the version: https://api.openai.com/v1 or a self-hosted server's /v1. */
  baseUrl?: string | null;
  apiKey?: string | null;
  /** tts-1, tts-1-hd, gpt-4o-mini-tts, or whatever the server serves. */
  model?: string;
  /** A server with other voices (self-hosted) can name them; OpenAI's built-in set otherwise. */
  voices?: readonly string[];
  fetch?: typeof fetch;
}

const ID = 'openai';
/** OpenAI documents a 4,096-character input limit for /v1/audio/speech. */
const MAX_INPUT_CHARS = 4096;

/** The built-in voices OpenAI's API reference lists for /v1/audio/speech. */
export const OPENAI_SPEECH_VOICES = [
  'alloy',
  'ash',
  'ballad',
  'coral',
  'echo',
  'fable',
  'onyx',
  'nova',
  'sage',
  'shimmer',
  'verse',
  'marin',
  'cedar',
] as const;

function toVoice(id: string): TVoice {
  const name = id.charAt(0).toUpperCase() + id.slice(1);
  return { voice_id: id, name, common_name: name, description: 'OpenAI-compatible speech', labels: {}, preview_url: null, provider: ID };
}

/** Any server speaking OpenAI's POST /v1/audio/speech (MP3 back). */
export function createOpenAiSpeechEngine(options: OpenAiSpeechOptions): SpeechEngine {
  const doFetch = options.fetch ?? fetch;
  const voices = (options.voices?.length ? options.voices : OPENAI_SPEECH_VOICES).map(toVoice);
  return {
    id: ID,
    label: 'OpenAI-compatible speech',
    async available() {
      return Boolean(options.baseUrl);
    },
    async listVoices(query) {
      return pageVoices(voices, query);
    },
    async synthesize({ text, voiceId, destination, speakingRate, signal }) {
      if (!options.baseUrl) throw new SpeechError(ID, 'no base URL configured');
      if (!text.trim()) throw new SpeechError(ID, 'no text to speak');
      if (text.length > MAX_INPUT_CHARS) throw new SpeechError(ID, `the script is longer than the ${MAX_INPUT_CHARS}-character limit`);
      const body: Record<string, unknown> = { model: options.model ?? 'tts-1', input: text, voice: voiceId, response_format: 'mp3' };
      if (speakingRate !== undefined && speakingRate !== 1) body.speed = Math.min(4, Math.max(0.25, speakingRate));
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
      const response = await doFetch(`${trimBaseUrl(options.baseUrl)}/audio/speech`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
        signal,
      });
      if (!response.ok)
        throw new SpeechError(ID, `HTTP ${response.status}: ${await providerErrorMessage(response)}`, { status: response.status });
      return writeAudioFile(destination, new Uint8Array(await response.arrayBuffer()), ID);
    },
  };
}

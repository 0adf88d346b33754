import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { TTranscript } from '@ppp/contracts';
import { TranscriptionError, type TranscribeOptions, type TranscriptionEngine } from '../engine.ts';
import { fromVerboseJson, ZVerboseJson } from './verbose-json.ts';

export interface OpenAiCompatibleOptions {
  /** Up to and including the version, e.g. https://api.openai.com/v1 or http://localhost:8000/v1. */
  baseUrl?: string;
  apiKey?: string;
  model?: string;
  /** ISO-639-1; improves accuracy and speed when known. */
  language?: string;
  fetch?: typeof fetch;
}

const NAME = 'openai-compatible';

export function transcriptionsUrl(baseUrl: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/audio/transcriptions`;
}

/** The multipart body as OpenAI documents it; segments are asked for too, as the fallback when a server gives no words. */
export function transcriptionForm(audio: Blob, fileName: string, model: string, language?: string): FormData {
  const form = new FormData();
  form.append('file', audio, fileName);
  form.append('model', model);
  form.append('response_format', 'verbose_json');
  form.append('timestamp_granularities[]', 'word');
  form.append('timestamp_granularities[]', 'segment');
  if (language) form.append('language', language);
  return form;
}

/** OpenAI's error body is { error: { message, type, code } }; other servers may send text. */
async function errorMessage(response: Response): Promise<string> {
  const body = await response.text();
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && 'error' in parsed) {
      const error = (parsed as { error: unknown }).error;
      if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string') return error.message;
    }
  } catch {
    // not JSON: the text is the message
  }
  return body.slice(0, 500) || response.statusText;
}

/** Any server speaking OpenAI's /v1/audio/transcriptions (OpenAI, Groq, faster-whisper servers). */
export function createOpenAiCompatibleEngine(options: OpenAiCompatibleOptions): TranscriptionEngine {
  const doFetch = options.fetch ?? fetch;
  return {
    name: NAME,
    model: options.model ?? null,
    async available() {
      return Boolean(options.baseUrl && options.model);
    },
    async transcribe(wavPath: string, { signal, onProgress }: TranscribeOptions = {}): Promise<TTranscript> {
      if (!options.baseUrl || !options.model) throw new TranscriptionError(NAME, 'no base URL or model configured');
      const audio = new Blob([await readFile(wavPath)], { type: 'audio/wav' });
      const headers: Record<string, string> = options.apiKey ? { Authorization: `Bearer ${options.apiKey}` } : {};
      onProgress?.(0);
      const response = await doFetch(transcriptionsUrl(options.baseUrl), {
        method: 'POST',
        headers,
        body: transcriptionForm(audio, path.basename(wavPath), options.model, options.language),
        signal,
      });
      if (!response.ok) throw new TranscriptionError(NAME, `HTTP ${response.status}: ${await errorMessage(response)}`);
      const parsed = ZVerboseJson.safeParse(await response.json());
      if (!parsed.success) throw new TranscriptionError(NAME, `unexpected response: ${parsed.error.message}`);
      onProgress?.(100);
      return fromVerboseJson(parsed.data);
    },
  };
}

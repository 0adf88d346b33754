import { rename, rm, writeFile } from 'node:fs/promises';
import type { TSpeechProvider, TVoice } from '@ppp/contracts';
import { probeAudio } from '../ffmpeg/probe.ts';

export interface VoiceQuery {
  search?: string;
  /** 1-based; with size omitted every matching voice is returned. */
  page?: number;
  size?: number;
}

export interface VoiceList {
  items: TVoice[];
  total: number;
}

export interface SynthesizeRequest {
  text: string;
  /** The engine's own id (no 'engine:' prefix). */
  voiceId: string;
  /** Where the MP3 goes; written to a temporary name first and renamed, so a retry never sees half a file. */
  destination: string;
  /** 1 is normal speed. */
  speakingRate?: number;
  signal?: AbortSignal;
}

export interface SynthesizedAudio {
  path: string;
  durationSeconds: number;
  mime: 'audio/mpeg';
}

/** One text-to-speech engine: the local espeak-ng or a provider reached with the user's own key. */
export interface SpeechEngine {
  readonly id: TSpeechProvider;
  readonly label: string;
  /** Whether it can run now (binary installed, key configured); never throws. */
  available(): Promise<boolean>;
  /** Voice ids in the result are the engine's own (not namespaced). */
  listVoices(query?: VoiceQuery): Promise<VoiceList>;
  synthesize(request: SynthesizeRequest): Promise<SynthesizedAudio>;
}

/** An engine ran and failed (provider error, bad answer, text too long). */
export class SpeechError extends Error {
  readonly engine: string;
  readonly status: number | null;
  constructor(engine: string, message: string, options?: { status?: number; cause?: unknown }) {
    super(`${engine}: ${message}`, { cause: options?.cause });
    this.name = 'SpeechError';
    this.engine = engine;
    this.status = options?.status ?? null;
  }
}

/** Case-insensitive match on name, description and labels; every word of the search must appear. */
export function voiceMatches(voice: TVoice, search: string | undefined): boolean {
  const words = (search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = [voice.voice_id, voice.name, voice.common_name, voice.description ?? '', ...Object.values(voice.labels)]
    .join(' ')
    .toLowerCase();
  return words.every((word) => haystack.includes(word));
}

/** Filters and pages a full voice list the same way for every engine. */
export function pageVoices(all: readonly TVoice[], query: VoiceQuery = {}): VoiceList {
  const matching = all.filter((voice) => voiceMatches(voice, query.search));
  if (query.size === undefined) return { items: matching, total: matching.length };
  const page = Math.max(1, Math.floor(query.page ?? 1));
  const size = Math.max(1, Math.floor(query.size));
  return { items: matching.slice((page - 1) * size, page * size), total: matching.length };
}

/** Writes bytes to destination through a temporary file, then probes the result. */
export async function writeAudioFile(destination: string, bytes: Uint8Array, engine: string): Promise<SynthesizedAudio> {
  const temporary = `${destination}.${process.pid}.${Date.now()}.part`;
  try {
    await writeFile(temporary, bytes);
    const probe = await probeAudio(temporary);
    await rename(temporary, destination);
    return { path: destination, durationSeconds: probe.durationSeconds, mime: 'audio/mpeg' };
  } catch (error) {
    await rm(temporary, { force: true });
    if (error instanceof SpeechError) throw error;
    throw new SpeechError(engine, `the audio returned could not be read: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
}

/** The message of a provider's JSON error body (OpenAI, Google, ElevenLabs shapes), else its text. */
export async function providerErrorMessage(response: Response): Promise<string> {
  const body = await response.text();
  try {
    const parsed: unknown = JSON.parse(body);
    const message = findMessage(parsed);
    if (message) return message;
  } catch {
    // not JSON: the text is the message
  }
  return body.slice(0, 500) || response.statusText;
}

function findMessage(value: unknown): string | null {
  if (!value || typeof value !== 'object') return null;
  const record = value as Record<string, unknown>;
  if (typeof record.message === 'string') return record.message;
  // OpenAI and Google: { error: { message } }; ElevenLabs: { detail: { message } } or { detail: '...' }.
  for (const key of ['error', 'detail']) {
    const inner = record[key];
    if (typeof inner === 'string') return inner;
    const found = findMessage(inner);
    if (found) return found;
  }
  return null;
}

export function trimBaseUrl(baseUrl: string): string {
  return baseUrl.replace(/\/+$/, '');
}

import type { TVoice } from '@ppp/contracts';
import { z } from 'zod';
import { pageVoices, providerErrorMessage, SpeechError, trimBaseUrl, writeAudioFile, type SpeechEngine } from './engine.ts';

export interface ElevenLabsOptions {
  /** The user's own key (sent as xi-api-key). */
  apiKey: string | null | undefined;
  /** https://api.elevenlabs.io unless a test or proxy says otherwise. */
  baseUrl?: string;
  modelId?: string;
  fetch?: typeof fetch;
  /** How long a fetched voice list is reused; voice lists change rarely and paging re-reads them. */
  cacheMs?: number;
}

const ID = 'elevenlabs';
const PAGE_SIZE = 100;
/** Pages read at most per listing: 5,000 voices is far more than any account holds. */
const MAX_PAGES = 50;

const ZElevenVoice = z.object({
  voice_id: z.string(),
  name: z.string().nullish(),
  category: z.string().nullish(),
  description: z.string().nullish(),
  labels: z.record(z.string(), z.string().nullish()).nullish(),
  preview_url: z.string().nullish(),
});
/** GET /v2/voices: { voices, has_more, total_count, next_page_token }. */
const ZVoicesPage = z.object({
  voices: z.array(ZElevenVoice),
  has_more: z.boolean().default(false),
  total_count: z.number().optional(),
  next_page_token: z.string().nullish(),
});

function toVoice(v: z.infer<typeof ZElevenVoice>): TVoice {
  const labels: Record<string, string> = {};
  for (const [key, value] of Object.entries(v.labels ?? {})) if (value) labels[key] = value;
  if (v.category) labels.category ??= v.category;
  const name = v.name ?? v.voice_id;
  return {
    voice_id: v.voice_id,
    name,
    common_name: name,
    description: v.description ?? labels.description ?? null,
    labels,
    preview_url: v.preview_url ?? null,
    provider: ID,
  };
}

/** The user's key as ElevenLabs reads it; refused when none is configured. */
function apiHeaders(apiKey: string | null | undefined, extra: Record<string, string> = {}): Record<string, string> {
  if (!apiKey) throw new SpeechError(ID, 'no API key configured');
  return { 'xi-api-key': apiKey, ...extra };
}

/** Every voice of the account, page by page (GET /v2/voices). */
async function fetchAllVoices(doFetch: typeof fetch, base: string, headers: Record<string, string>): Promise<TVoice[]> {
  const voices: TVoice[] = [];
  let token: string | null | undefined;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const url = new URL(`${base}/v2/voices`);
    url.searchParams.set('page_size', String(PAGE_SIZE));
    if (token) url.searchParams.set('next_page_token', token);
    const response = await doFetch(url, { headers });
    if (!response.ok)
      throw new SpeechError(ID, `HTTP ${response.status}: ${await providerErrorMessage(response)}`, { status: response.status });
    const parsed = ZVoicesPage.safeParse(await response.json());
    if (!parsed.success) throw new SpeechError(ID, `unexpected voices response: ${parsed.error.message}`);
    voices.push(...parsed.data.voices.map(toVoice));
    token = parsed.data.next_page_token;
    if (!parsed.data.has_more || !token) break;
  }
  return voices;
}

/** ElevenLabs with the user's key: GET /v2/voices, POST /v1/text-to-speech/{voice_id} (MP3 back). */
export function createElevenLabsEngine(options: ElevenLabsOptions): SpeechEngine {
  const doFetch = options.fetch ?? fetch;
  const base = trimBaseUrl(options.baseUrl ?? 'https://api.elevenlabs.io');
  const cacheMs = options.cacheMs ?? 5 * 60_000;
  let cached: { at: number; voices: TVoice[] } | null = null;

  const headers = (extra: Record<string, string> = {}) => apiHeaders(options.apiKey, extra);
  return {
    id: ID,
    label: 'ElevenLabs',
    async available() {
      return Boolean(options.apiKey);
    },
    async listVoices(query) {
      if (!cached || Date.now() - cached.at > cacheMs) cached = { at: Date.now(), voices: await fetchAllVoices(doFetch, base, headers()) };
      return pageVoices(cached.voices, query);
    },
    async synthesize({ text, voiceId, destination, speakingRate, signal }) {
      if (!text.trim()) throw new SpeechError(ID, 'no text to speak');
      const url = new URL(`${base}/v1/text-to-speech/${encodeURIComponent(voiceId)}`);
      url.searchParams.set('output_format', 'mp3_44100_128');
      const body: Record<string, unknown> = { text, model_id: options.modelId ?? 'eleven_multilingual_v2' };
      // ElevenLabs documents speed 0.7-1.2 in voice_settings; outside that it refuses the request.
      if (speakingRate !== undefined && speakingRate !== 1) body.voice_settings = { speed: Math.min(1.2, Math.max(0.7, speakingRate)) };
      const response = await doFetch(url, {
        method: 'POST',
        headers: headers({ 'content-type': 'application/json', accept: 'audio/mpeg' }),
        body: JSON.stringify(body),
        signal,
      });
      if (!response.ok)
        throw new SpeechError(ID, `HTTP ${response.status}: ${await providerErrorMessage(response)}`, { status: response.status });
      return writeAudioFile(destination, new Uint8Array(await response.arrayBuffer()), ID);
    },
  };
}

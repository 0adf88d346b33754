import type { TVoice } from '@ppp/contracts';
import { z } from 'zod';
import { pageVoices, providerErrorMessage, SpeechError, trimBaseUrl, writeAudioFile, type SpeechEngine } from './engine.ts';

export interface GoogleTtsOptions {
  /** An API key (sent as ?key=) or an OAuth access token (sent as a bearer); one is needed. */
  apiKey?: string | null;
  accessToken?: string | null;
  /** https://texttospeech.googleapis.com unless a test or regional endpoint says otherwise. */
  baseUrl?: string;
  fetch?: typeof fetch;
  cacheMs?: number;
}

const ID = 'google';
/** Google limits the input to 5,000 bytes. */
const MAX_INPUT_BYTES = 5000;

/** GET /v1/voices: { voices: [{ languageCodes, name, ssmlGender, naturalSampleRateHertz }] }. */
const ZVoices = z.object({
  voices: z
    .array(
      z.object({
        languageCodes: z.array(z.string()).default([]),
        name: z.string(),
        ssmlGender: z.string().nullish(),
        naturalSampleRateHertz: z.number().nullish(),
      }),
    )
    .default([]),
});
const ZSynthesize = z.object({ audioContent: z.string().min(1) });

/** 'en-US-Neural2-F' -> 'Neural2'; the voice family is the style a listener hears. */
function familyOf(name: string): string | null {
  return /^[a-z]{2,3}-[A-Za-z]{2,4}-([A-Za-z0-9]+)-[A-Za-z0-9]+$/.exec(name)?.[1] ?? null;
}

function toVoice(v: z.infer<typeof ZVoices>['voices'][number]): TVoice {
  const labels: Record<string, string> = {};
  const gender = v.ssmlGender?.toLowerCase();
  if (gender && gender !== 'ssml_voice_gender_unspecified') labels.gender = gender;
  const language = v.languageCodes[0];
  if (language) labels.accent = language;
  const family = familyOf(v.name);
  if (family) labels.style = family;
  const label = [v.name, labels.gender].filter(Boolean).join(', ');
  return {
    voice_id: v.name,
    name: v.name,
    common_name: label,
    description: language ? `Google Cloud TTS, ${language}` : 'Google Cloud TTS',
    labels,
    preview_url: null,
    provider: ID,
  };
}

/** The language code Google wants beside a voice name: its first two parts ('en-US-Neural2-F' -> 'en-US'). */
export function googleLanguageCode(voiceName: string): string {
  const parts = voiceName.split('-');
  return parts.length >= 2 ? `${parts[0]}-${parts[1]}` : voiceName;
}

/** A call with the user's credentials: a bearer access token when given, else the API key in the query. */
function authorizedRequest(options: GoogleTtsOptions, address: string): { url: URL; headers: Record<string, string> } {
  const url = new URL(address);
  if (options.accessToken) return { url, headers: { authorization: `Bearer ${options.accessToken}` } };
  if (!options.apiKey) throw new SpeechError(ID, 'no API key or access token configured');
  url.searchParams.set('key', options.apiKey);
  return { url, headers: {} };
}

/** The response's JSON, or Google's refusal as a SpeechError. */
async function check(response: Response): Promise<unknown> {
  if (!response.ok)
    throw new SpeechError(ID, `HTTP ${response.status}: ${await providerErrorMessage(response)}`, { status: response.status });
  return response.json();
}

/** Google Cloud Text-to-Speech over REST: POST /v1/text:synthesize (base64 MP3 back), GET /v1/voices. */
export function createGoogleTtsEngine(options: GoogleTtsOptions): SpeechEngine {
  const doFetch = options.fetch ?? fetch;
  const base = trimBaseUrl(options.baseUrl ?? 'https://texttospeech.googleapis.com');
  const cacheMs = options.cacheMs ?? 60 * 60_000;
  let cached: { at: number; voices: TVoice[] } | null = null;

  const request = (pathname: string) => authorizedRequest(options, `${base}${pathname}`);
  return {
    id: ID,
    label: 'Google Cloud Text-to-Speech',
    async available() {
      return Boolean(options.apiKey || options.accessToken);
    },
    async listVoices(query) {
      if (!cached || Date.now() - cached.at > cacheMs) {
        const { url, headers } = request('/v1/voices');
        const parsed = ZVoices.safeParse(await check(await doFetch(url, { headers })));
        if (!parsed.success) throw new SpeechError(ID, `unexpected voices response: ${parsed.error.message}`);
        cached = { at: Date.now(), voices: parsed.data.voices.map(toVoice) };
      }
      return pageVoices(cached.voices, query);
    },
    async synthesize({ text, voiceId, destination, speakingRate, signal }) {
      if (!text.trim()) throw new SpeechError(ID, 'no text to speak');
      if (Buffer.byteLength(text, 'utf8') > MAX_INPUT_BYTES)
        throw new SpeechError(ID, `the script is longer than Google's ${MAX_INPUT_BYTES}-byte limit`);
      const { url, headers } = request('/v1/text:synthesize');
      const audioConfig: Record<string, unknown> = { audioEncoding: 'MP3' };
      if (speakingRate !== undefined && speakingRate !== 1) audioConfig.speakingRate = Math.min(4, Math.max(0.25, speakingRate));
      const body = { input: { text }, voice: { languageCode: googleLanguageCode(voiceId), name: voiceId }, audioConfig };
      const response = await doFetch(url, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal,
      });
      const parsed = ZSynthesize.safeParse(await check(response));
      if (!parsed.success) throw new SpeechError(ID, 'the response carried no audioContent');
      return writeAudioFile(destination, Buffer.from(parsed.data.audioContent, 'base64'), ID);
    },
  };
}

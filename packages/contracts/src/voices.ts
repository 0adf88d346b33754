import { z } from 'zod';
import { VOICES } from './limits.ts';

/** The speech engines behind the speech port (architecture: ports and adapters). */
export const ZSpeechProvider = z.enum(['espeak', 'festival', 'flite', 'elevenlabs', 'google', 'openai']);
export type TSpeechProvider = z.infer<typeof ZSpeechProvider>;

/**
 * A voice as the 'Choose a Voice' modal shows it (spec 000 section 3). voice_id is namespaced by
 * engine ('espeak:en-us+f3', 'elevenlabs:21m00Tcm4TlvDq8ikWAM') once it leaves the catalog.
 */
export const ZVoice = z.object({
  voice_id: z.string().min(1),
  name: z.string(),
  common_name: z.string(),
  description: z.string().nullable(),
  /** gender, accent, age, style and whatever else the engine says (ElevenLabs adds use_case). */
  labels: z.record(z.string(), z.string()),
  preview_url: z.string().nullable(),
  provider: ZSpeechProvider,
});
export type TVoice = z.infer<typeof ZVoice>;

/** GET /api/elevenlabs/voices query: page is 1-based; size 50, or 200 for bulk loads. */
export const ZVoiceListQuery = z.object({
  search: z.string().trim().max(200).optional(),
  /** The browser's language (navigator.language, e.g. 'en-US'): its voices come first, that region's before the rest (issue 19). */
  lang: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/)
    .optional()
    .catch(undefined),
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(VOICES.bulkPageSize).default(VOICES.pageSize),
});
export type TVoiceListQuery = z.infer<typeof ZVoiceListQuery>;

export const ZVoicePage = z.object({
  items: z.array(ZVoice),
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  size: z.number().int().min(1),
});
export type TVoicePage = z.infer<typeof ZVoicePage>;

/**
 * GET /api/users/me/capabilities (spec 000 sections 3 and 7). has_elevenlabs is the user's own key,
 * has_google_tts the operator's Google key; has_tts is true whenever any engine speaks (espeak-ng is
 * always there when installed), which is what AI-voice features really need.
 */
export const ZCapabilities = z.object({
  has_elevenlabs: z.boolean(),
  has_google_tts: z.boolean(),
  has_any_sfx_triggers: z.boolean(),
  has_openai_tts: z.boolean(),
  has_espeak: z.boolean(),
  has_tts: z.boolean(),
  tts_providers: z.array(ZSpeechProvider),
  /** The last four characters of the stored ElevenLabs key, so the user can tell which one it is. */
  elevenlabs_key_last4: z.string().nullable(),
  text_ai_engine: z.enum(['extractive', 'openai']),
  /**
   * The instance lets users bring their own ElevenLabs key (TTS_ENGINES lists elevenlabs): the setup
   * wizard's AI voices step is shown to everyone then (spec 001 section 2, the bring-your-own-key flag).
   */
  own_key_allowed: z.boolean(),
});
export type TCapabilities = z.infer<typeof ZCapabilities>;

/** PUT /api/users/me/elevenlabs-key: a key to store (encrypted at rest), or null / '' to remove it. */
export const ZElevenLabsKeyRequest = z.object({
  api_key: z
    .string()
    .trim()
    .max(200)
    .nullish()
    .transform((value) => value || null),
});
export type TElevenLabsKeyRequest = z.input<typeof ZElevenLabsKeyRequest>;

export const ZVoiceIdInput = z.object({ id: z.string().trim().min(1).max(200) });

/** ElevenLabs labels an accent, not a language: the English accents it uses, as language tags. */
const ACCENT_LANGUAGES: Record<string, string> = {
  american: 'en-us',
  british: 'en-gb',
  australian: 'en-au',
  irish: 'en-ie',
  'english-swedish': 'en',
  'english-italian': 'en',
  transatlantic: 'en-us',
  indian: 'en-in',
  african: 'en',
  canadian: 'en-ca',
  scottish: 'en-gb-scotland',
};

/** A voice's language tag, lower case ('en-us'), from what its engine says; null when it says nothing. */
export function voiceLanguage(voice: Pick<TVoice, 'labels'>): string | null {
  const { language, accent } = voice.labels;
  if (language) return language.toLowerCase();
  if (!accent) return null;
  const tag = accent.toLowerCase();
  // Google labels its accent with the language code itself ('en-US').
  if (/^[a-z]{2,3}(-[a-z0-9]{2,8})+$/.test(tag)) return tag;
  return ACCENT_LANGUAGES[tag] ?? null;
}

/**
 * How well a voice fits the browser's language: 0 the same language and region ('en-us' for en-US,
 * and its local variants such as 'en-us-nyc'), 1 the same language, 2 anything else.
 */
export function voiceLanguageRank(voice: Pick<TVoice, 'labels'>, browserLanguage: string | null | undefined): number {
  const wanted = browserLanguage?.toLowerCase();
  const tag = voiceLanguage(voice);
  if (!wanted || !tag) return 2;
  const [wantedLanguage, wantedRegion] = wanted.split('-');
  const [language, region] = tag.split('-');
  if (language !== wantedLanguage) return 2;
  return wantedRegion && region === wantedRegion ? 0 : 1;
}

/** The voices in the browser's language first (its region before the others), each group in the order given. */
export function orderVoicesForLanguage<T extends Pick<TVoice, 'labels'>>(
  voices: readonly T[],
  browserLanguage: string | null | undefined,
): T[] {
  return voices
    .map((voice, index) => ({ voice, index, rank: voiceLanguageRank(voice, browserLanguage) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map((entry) => entry.voice);
}

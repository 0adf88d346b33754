import { z } from 'zod';
import { VOICES } from './limits.ts';

/** The speech engines behind the speech port (architecture: ports and adapters). */
export const ZSpeechProvider = z.enum(['espeak', 'elevenlabs', 'google', 'openai']);
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

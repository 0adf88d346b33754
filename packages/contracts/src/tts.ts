import { z } from 'zod';
import { TTS } from './limits.ts';
import { TTS_MESSAGES } from './messages.ts';
import { ZLibraryCategory } from './media.ts';
import { ZSpeechProvider } from './voices.ts';

/* AI-voice clips: POST /api/media/tts/precheck and POST /api/media/tts (spec 000 sections 4, 5 and 7). */

const ZSpeakingRate = z
  .number()
  .min(TTS.minSpeakingRate)
  .max(TTS.maxSpeakingRate)
  .nullish()
  .transform((rate) => rate ?? 1);

/** {text, speaking_rate, category}: whether a clip may be made now and whether it may cost minutes. */
export const ZTtsPrecheckRequest = z.object({
  text: z.string().max(TTS.maxScriptChars),
  speaking_rate: ZSpeakingRate,
  category: ZLibraryCategory.default('intro'),
});
export type TTtsPrecheckRequest = z.input<typeof ZTtsPrecheckRequest>;

export const ZTtsPrecheckResponse = z.object({
  /** A near-identical clip was just made: 'Please wait', and nothing is created. */
  spam_block: z.boolean(),
  /** The clip may count against the plan's minutes: ask, then send confirm_charge. */
  warn_may_cost: z.boolean(),
  message: z.string().nullable(),
  estimated_seconds: z.number().min(0),
});
export type TTtsPrecheckResponse = z.infer<typeof ZTtsPrecheckResponse>;

/** {text, voice_id, provider, category, friendly_name, speaking_rate, confirm_charge} (and spec 002's free_override). */
export const ZTtsRequest = z.object({
  text: z
    .string({ error: TTS_MESSAGES.scriptAndVoiceRequired })
    .trim()
    .min(1, { error: TTS_MESSAGES.scriptAndVoiceRequired })
    .max(TTS.maxScriptChars),
  voice_id: z.string({ error: TTS_MESSAGES.scriptAndVoiceRequired }).trim().min(1, { error: TTS_MESSAGES.scriptAndVoiceRequired }).max(200),
  /** Names the engine of a bare voice id; a namespaced id ('espeak:en-us') says it already. */
  provider: ZSpeechProvider.nullish(),
  category: ZLibraryCategory.default('intro'),
  friendly_name: z.string().trim().max(200).nullish(),
  speaking_rate: ZSpeakingRate,
  confirm_charge: z
    .boolean()
    .nullish()
    .transform((value) => value === true),
  /** Spec 002 (onboarding): accepted and recorded; it does not waive the confirmation. */
  free_override: z.boolean().nullish(),
});
export type TTtsRequest = z.input<typeof ZTtsRequest>;

/** Spoken length of a script before it exists: words at 2.5 a second, scaled by the rate. */
export function estimateSpeechSeconds(text: string, speakingRate = 1): number {
  const words = text.trim().split(/\s+/).filter(Boolean).length;
  return Math.round((words / (TTS.wordsPerSecond * Math.max(TTS.minSpeakingRate, speakingRate))) * 10) / 10;
}

/** Whether a clip of this script may count against the plan's minutes (longer than the free length). */
export function ttsMayCost(text: string, speakingRate = 1): boolean {
  return estimateSpeechSeconds(text, speakingRate) > TTS.freeSecondsPerClip;
}

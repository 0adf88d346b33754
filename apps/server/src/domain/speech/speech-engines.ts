import { createHash } from 'node:crypto';
import {
  createElevenLabsEngine,
  createEspeakEngine,
  createFestivalEngine,
  createFliteEngine,
  createGoogleTtsEngine,
  createOpenAiSpeechEngine,
  voiceCatalog,
  type SpeechEngine,
  type VoiceCatalog,
} from '@ppp/audio';
import type { TSpeechProvider } from '@ppp/contracts';
import type { TConfig } from '../../config.ts';

/*
 * The speech port's engines for one user, in the operator's TTS_ENGINES order. Engines live for the
 * process (espeak-ng reads its voice list once; providers cache theirs), so each user's ElevenLabs
 * engine is kept by a hash of the key and dropped when the key changes.
 */

type SpeechConfig = Pick<
  TConfig,
  | 'TTS_ENGINES'
  | 'ELEVENLABS_BASE_URL'
  | 'ELEVENLABS_MODEL'
  | 'GOOGLE_TTS_API_KEY'
  | 'GOOGLE_TTS_BASE_URL'
  | 'OPENAI_TTS_MODEL'
  | 'OPENAI_TTS_BASE_URL'
  | 'OPENAI_TTS_API_KEY'
  | 'OPENAI_TTS_VOICES'
  | 'OPENAI_BASE_URL'
  | 'OPENAI_API_KEY'
>;

const MAX_CACHED = 200;
const cache = new Map<string, SpeechEngine>();

function cached(key: string, make: () => SpeechEngine): SpeechEngine {
  let engine = cache.get(key);
  if (engine) {
    // Refresh its place so the oldest unused entry is the one dropped.
    cache.delete(key);
  } else {
    engine = make();
  }
  cache.set(key, engine);
  if (cache.size > MAX_CACHED) cache.delete(cache.keys().next().value ?? key);
  return engine;
}

function openAiSpeechBase(config: SpeechConfig): string | null {
  if (!config.OPENAI_TTS_MODEL) return null;
  return config.OPENAI_TTS_BASE_URL ?? config.OPENAI_BASE_URL ?? null;
}

/** Which providers the operator offers and configured; elevenlabs needs the user's key. */
export function offeredProviders(config: SpeechConfig, hasElevenLabsKey: boolean): TSpeechProvider[] {
  const configured: Record<TSpeechProvider, boolean> = {
    elevenlabs: hasElevenLabsKey,
    google: Boolean(config.GOOGLE_TTS_API_KEY),
    openai: openAiSpeechBase(config) !== null,
    espeak: true,
    // The local engines report themselves unavailable where Debian's packages are missing.
    festival: true,
    flite: true,
  };
  return config.TTS_ENGINES.filter((id): id is TSpeechProvider => id in configured && configured[id as TSpeechProvider]);
}

export function speechEngines(config: SpeechConfig, elevenLabsKey: string | null): SpeechEngine[] {
  return offeredProviders(config, Boolean(elevenLabsKey)).map((provider) => {
    switch (provider) {
      case 'elevenlabs': {
        const hash = createHash('sha256').update(`${config.ELEVENLABS_BASE_URL}\n${elevenLabsKey}`).digest('hex');
        return cached(`elevenlabs:${hash}`, () =>
          createElevenLabsEngine({ apiKey: elevenLabsKey, baseUrl: config.ELEVENLABS_BASE_URL, modelId: config.ELEVENLABS_MODEL }),
        );
      }
      case 'google':
        return cached(`google:${config.GOOGLE_TTS_BASE_URL}:${config.GOOGLE_TTS_API_KEY}`, () =>
          createGoogleTtsEngine({ apiKey: config.GOOGLE_TTS_API_KEY, baseUrl: config.GOOGLE_TTS_BASE_URL }),
        );
      case 'openai': {
        const baseUrl = openAiSpeechBase(config);
        return cached(`openai:${baseUrl}:${config.OPENAI_TTS_MODEL}:${config.OPENAI_TTS_VOICES.join(',')}`, () =>
          createOpenAiSpeechEngine({
            baseUrl,
            apiKey: config.OPENAI_TTS_API_KEY ?? config.OPENAI_API_KEY,
            model: config.OPENAI_TTS_MODEL,
            voices: config.OPENAI_TTS_VOICES,
          }),
        );
      }
      case 'espeak':
        return cached('espeak', () => createEspeakEngine());
      case 'festival':
        return cached('festival', () => createFestivalEngine());
      case 'flite':
        return cached('flite', () => createFliteEngine());
    }
  });
}

export function speechCatalog(config: SpeechConfig, elevenLabsKey: string | null): VoiceCatalog {
  return voiceCatalog(speechEngines(config, elevenLabsKey));
}

import { createOpenAiCompatibleEngine, createPocketsphinxEngine, type TranscriptionEngine } from '@ppp/audio';
import type { TConfig } from '../../config.ts';

/**
 * Every engine the configuration allows, in the product's fallback order (whisper.cpp with the
 * manager's active model, unavailable while none is ready), an OpenAI-compatible endpoint, pocketsphinx); the worker
 * and the admin's status choose from the same list with chooseEngine.
 */
export function transcriptionEngines(config: TConfig, whisper: TranscriptionEngine, keywords: readonly string[]): TranscriptionEngine[] {
  return [
    whisper,
    createOpenAiCompatibleEngine({
      baseUrl: config.OPENAI_BASE_URL,
      apiKey: config.OPENAI_API_KEY,
      model: config.TRANSCRIBE_MODEL,
      language: config.TRANSCRIBE_LANGUAGE,
    }),
    createPocketsphinxEngine({ keywords }),
  ];
}

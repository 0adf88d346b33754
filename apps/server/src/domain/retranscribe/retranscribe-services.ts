import path from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import { chooseEngine, createOpenAiCompatibleEngine, createPocketsphinxEngine, createWhisperCppEngine } from '@ppp/audio';
import type { TConfig } from '../../config.ts';
import type { SharedDeps } from '../services.ts';
import { TranscriptsRepository } from '../transcripts/transcripts.repository.ts';
import { FallbackRunService } from './fallback-run.service.ts';
import { RetranscribeRepository } from './retranscribe.repository.ts';
import { RetranscribeService, type EngineStatusSource } from './retranscribe.service.ts';

/**
 * The engine the worker would choose now among the configured ones (WHISPER_MODEL_PATH's model,
 * an OpenAI-compatible endpoint, pocketsphinx), until the speech model manager reports it.
 */
export function configuredEngineSource(config: TConfig): EngineStatusSource {
  return {
    async status() {
      const engines = [
        createWhisperCppEngine({ modelPath: config.WHISPER_MODEL_PATH }),
        createOpenAiCompatibleEngine({ baseUrl: config.OPENAI_BASE_URL, apiKey: config.OPENAI_API_KEY, model: config.TRANSCRIBE_MODEL }),
        createPocketsphinxEngine({ keywords: [] }),
      ];
      const engine = await chooseEngine(config.TRANSCRIPTION_ENGINES, engines).catch(() => null);
      const name = engine?.name ?? null;
      const model =
        name === 'whisper.cpp'
          ? path
              .basename(config.WHISPER_MODEL_PATH ?? '')
              .replace(/\.bin$/, '')
              .replace(/^ggml-/, '')
          : name === 'openai-compatible'
            ? config.TRANSCRIBE_MODEL
            : name === 'pocketsphinx'
              ? 'en-us'
              : null;
      return { engine: { name, model, fallback: name === 'pocketsphinx' } };
    },
  };
}

/** Re-transcription (issue 32): a creator's, and the admin's run over the fallback's uploads; `engines` says which engine runs now. */
export function createRetranscribeServices(em: EntityManager, shared: SharedDeps, engines: EngineStatusSource) {
  return {
    retranscribe: new RetranscribeService({ transcripts: new TranscriptsRepository(em), jobs: shared.jobs, engines }),
    fallbackRun: new FallbackRunService({ runs: new RetranscribeRepository(em), jobs: shared.jobs, engines }),
  };
}

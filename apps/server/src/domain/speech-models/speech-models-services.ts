import type { EntityManager } from '@mikro-orm/postgresql';
import { modelsDir, type TConfig } from '../../config.ts';
import { CATALOGUE, type Catalogue } from './catalogue.ts';
import type { DownloadIo } from './downloader.ts';
import { ModelProvisioner } from './model-provisioner.ts';
import { SpeechModelsRepository } from './speech-models.repository.ts';
import { SpeechModelsService } from './speech-models.service.ts';

/** What a test replaces: the catalogue (a small file of its own), the network and disk, the pause between attempts. */
export interface SpeechModelsOptions {
  catalogue?: Catalogue;
  io?: DownloadIo;
  retryDelayMs?: number;
  log?: (message: string) => void;
}

/** The speech model manager of one unit of work; its downloads write progress through entity managers of their own. */
export function createSpeechModelServices(em: EntityManager, config: TConfig, options: SpeechModelsOptions = {}) {
  const catalogue = options.catalogue ?? CATALOGUE;
  const provisioner = new ModelProvisioner({
    catalogue,
    modelsDir: modelsDir(config),
    baseUrl: config.WHISPER_MODEL_BASE_URL,
    databaseUrl: config.DATABASE_URL,
    repository: () => new SpeechModelsRepository(em.fork()),
    io: options.io,
    retryDelayMs: options.retryDelayMs,
    log: options.log,
  });
  return {
    speechModels: new SpeechModelsService({ config, catalogue, repository: new SpeechModelsRepository(em), provisioner }),
  };
}

import type { EntityManager } from '@mikro-orm/postgresql';
import type { SharedDeps } from '../services.ts';
import { TranscriptsRepository } from '../transcripts/transcripts.repository.ts';
import { FallbackRunService } from './fallback-run.service.ts';
import { RetranscribeRepository } from './retranscribe.repository.ts';
import { RetranscribeService, type EngineStatusSource } from './retranscribe.service.ts';

/** Re-transcription (issue 32): a creator's, and the admin's run over the fallback's uploads; `engines` (the speech model manager) says which engine runs now. */
export function createRetranscribeServices(em: EntityManager, shared: SharedDeps, engines: EngineStatusSource) {
  return {
    retranscribe: new RetranscribeService({ transcripts: new TranscriptsRepository(em), jobs: shared.jobs, engines }),
    fallbackRun: new FallbackRunService({ runs: new RetranscribeRepository(em), jobs: shared.jobs, engines }),
  };
}

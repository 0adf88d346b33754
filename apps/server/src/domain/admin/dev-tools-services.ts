import type { EntityManager } from '@mikro-orm/postgresql';
import type { SharedDeps } from '../services.ts';
import { DevToolsRepository } from './dev-tools.repository.ts';
import { DevToolsService } from './dev-tools.service.ts';
import { DemoSeedService, type DemoSeedDeps } from './demo-seed.service.ts';

/** The admin's Dev Tools: the demo show seed and the database reset. */
export function createDevToolsServices(em: EntityManager, shared: SharedDeps, deps: Omit<DemoSeedDeps, 'repository'>) {
  const repository = new DevToolsRepository(em);
  return {
    devTools: new DevToolsService({ repository, storage: shared.storage, config: shared.config }),
    demoSeed: new DemoSeedService({ repository, ...deps }),
  };
}

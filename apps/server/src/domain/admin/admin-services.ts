import type { EntityManager } from '@mikro-orm/postgresql';
import { storageDir } from '../../config.ts';
import type { SharedDeps } from '../services.ts';
import { AdminOverviewRepository } from './admin-overview.repository.ts';
import { AdminOverviewService } from './admin-overview.service.ts';
import { AdminDirectoryRepository } from './admin-directory.repository.ts';
import { AdminDirectoryService } from './admin-directory.service.ts';

/** The admin panel's services (spec 002 section 2.14), on the request's entity manager. */
export function createAdminServices(em: EntityManager, shared: SharedDeps) {
  return {
    adminOverview: new AdminOverviewService(new AdminOverviewRepository(em), storageDir(shared.config)),
    adminDirectory: new AdminDirectoryService(new AdminDirectoryRepository(em)),
  };
}

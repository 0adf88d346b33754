import type { EntityManager } from '@mikro-orm/postgresql';
import { publicUrl, storageDir } from '../../config.ts';
import type { SharedDeps } from '../services.ts';
import { AdminOverviewRepository } from './admin-overview.repository.ts';
import { AdminOverviewService } from './admin-overview.service.ts';
import { AdminDirectoryRepository } from './admin-directory.repository.ts';
import { AdminDirectoryService } from './admin-directory.service.ts';
import { AdminJobsService } from './admin-jobs.service.ts';
import { AdminDbService } from './admin-db.service.ts';
import { AdminDbRepository } from './admin-db.repository.ts';
import { WaitlistAdminService } from '../waitlist/waitlist-admin.service.ts';
import { WaitlistRepository } from '../waitlist/waitlist.repository.ts';
import { UsersRepository } from '../users/users.repository.ts';
import type { MailService } from '../mail/mail.service.ts';

/** The admin panel's services (spec 002 section 2.14), on the request's entity manager. */
export function createAdminServices(em: EntityManager, shared: SharedDeps, deps: { mail: MailService }) {
  const overview = new AdminOverviewRepository(em);
  return {
    adminOverview: new AdminOverviewService(overview, storageDir(shared.config)),
    adminJobs: new AdminJobsService(overview, shared.jobs),
    waitlistAdmin: new WaitlistAdminService({
      requests: new WaitlistRepository(em),
      users: new UsersRepository(em),
      mail: deps.mail,
      publicUrl: publicUrl(shared.config),
    }),
    adminDirectory: new AdminDirectoryService(new AdminDirectoryRepository(em)),
    adminDb: new AdminDbService(new AdminDbRepository(em)),
  };
}

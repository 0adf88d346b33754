import type { EntityManager } from '@mikro-orm/postgresql';
import type { CoreServices } from '../core-services.ts';
import { TeamRepository } from './team.repository.ts';
import { WorkspaceAccessService } from './workspace-access.service.ts';

/** Teams (issue 34): the one permission rule of workspaces. */
export function createTeamServices(em: EntityManager, core: CoreServices) {
  const repository = new TeamRepository(em);
  return { workspaceAccess: new WorkspaceAccessService({ repository, plans: core.plans }) };
}

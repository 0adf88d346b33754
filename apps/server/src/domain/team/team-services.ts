import type { EntityManager } from '@mikro-orm/postgresql';
import { publicUrl, type TConfig } from '../../config.ts';
import type { CoreServices } from '../core-services.ts';
import { PodcastsRepository } from '../podcasts/podcasts.repository.ts';
import { TeamRepository } from './team.repository.ts';
import { TeamService } from './team.service.ts';
import { WorkspaceAccessService } from './workspace-access.service.ts';

/** Teams (issue 34): the one permission rule of workspaces, and the team itself (invitations, members). */
export function createTeamServices(em: EntityManager, config: TConfig, core: CoreServices) {
  const repository = new TeamRepository(em);
  const workspaceAccess = new WorkspaceAccessService({ repository, plans: core.plans });
  const team = new TeamService({
    repository,
    access: workspaceAccess,
    plans: core.plans,
    podcasts: new PodcastsRepository(em),
    mail: core.mail,
    publicUrl: publicUrl(config),
  });
  return { workspaceAccess, team };
}

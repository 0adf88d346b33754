import type { EntityManager } from '@mikro-orm/postgresql';
import { AbWorkspaceRepository } from './ab-workspace.repository.ts';
import { AbDraftsService, type AbDraftsDeps } from './ab-drafts.service.ts';
import { AbSectionsService, type AbSectionsDeps } from './ab-sections.service.ts';
import { AbPublishService, type AbPublishDeps } from './ab-publish.service.ts';

type Ports = Omit<AbDraftsDeps, 'repo'> & Omit<AbSectionsDeps, 'repo'> & Omit<AbPublishDeps, 'repo'>;

/** The /ab workspace (issue 22) on the Episode Creator's services: templates, media, text AI, assembly, publishing. */
export function createAbWorkspaceServices(em: EntityManager, ports: Ports) {
  const repo = new AbWorkspaceRepository(em);
  return {
    abDrafts: new AbDraftsService({ repo, templates: ports.templates, media: ports.media }),
    abSections: new AbSectionsService({ repo, aiText: ports.aiText }),
    abPublish: new AbPublishService({
      repo,
      assembly: ports.assembly,
      publishing: ports.publishing,
      showEpisodes: ports.showEpisodes,
    }),
  };
}

export type AbWorkspaceServices = ReturnType<typeof createAbWorkspaceServices>;
type UnitServices = Ports & { em: EntityManager };
const perUnit = new WeakMap<UnitServices, AbWorkspaceServices>();

/** The /ab services of one unit of work (request), made once from its services and entity manager. */
export function abWorkspaceOf(services: UnitServices): AbWorkspaceServices {
  let ab = perUnit.get(services);
  if (!ab) {
    ab = createAbWorkspaceServices(services.em, services);
    perUnit.set(services, ab);
  }
  return ab;
}

import type { EntityManager } from '@mikro-orm/postgresql';
import { publicUrl } from '../../config.ts';
import type { SharedDeps } from '../services.ts';
import type { PodcastsService } from '../podcasts/podcasts.service.ts';
import type { EntitlementsService } from '../billing/entitlements.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { CustomDomainsService } from './custom-domains.service.ts';
import { systemDomainProof } from './domain-proof.port.ts';
import { textAiEngines } from '../ai-text/text-ai-engine.ts';
import { SiteFactsReader } from './site-facts.ts';
import { SitePagesService } from './site-pages.service.ts';
import { WebsiteRepository } from './website.repository.ts';
import { WebsiteService } from './website.service.ts';
import type { SiteHosting } from './site-address.ts';

export function siteHosting(config: SharedDeps['config']): SiteHosting {
  return { baseUrl: publicUrl(config), sitesBaseDomain: config.SITES_BASE_DOMAIN ?? null };
}

const systemProof = systemDomainProof();

/** The website builder's services of one unit of work. */
export function createWebsiteServices(
  em: EntityManager,
  shared: SharedDeps,
  deps: { podcasts: PodcastsService; entitlements: EntitlementsService; notifications: NotificationsService },
) {
  const { podcasts, entitlements, notifications } = deps;
  const hosting = siteHosting(shared.config);
  const repo = new WebsiteRepository(em);
  const facts = new SiteFactsReader({ repo, storage: shared.storage, baseUrl: hosting.baseUrl });
  const customDomains = new CustomDomainsService({ repo, proof: shared.domainProof ?? systemProof, entitlements, notifications });
  return {
    websites: new WebsiteService({
      ...{ repo, podcasts, entitlements, facts, hosting, domains: customDomains },
      textAi: textAiEngines(shared.config).primary,
    }),
    sitePages: new SitePagesService({ repo, podcasts, facts, hosting, domains: customDomains }),
    customDomains,
  };
}

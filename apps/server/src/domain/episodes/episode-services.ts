import type { EntityManager } from '@mikro-orm/postgresql';
import { publicUrl } from '../../config.ts';
import type { SharedDeps } from '../services.ts';
import { UrlSigner } from '../storage/url-signer.ts';
import { SettingsRepository } from '../settings/settings.repository.ts';
import { DashboardService, type MinutesUsagePort } from '../dashboard/dashboard.service.ts';
import { DashboardRepository } from '../dashboard/dashboard.repository.ts';
import { EpisodesRepository } from './episodes.repository.ts';
import { EpisodeListRepository } from './episode-list.repository.ts';
import { EpisodeMediaRepository } from './episode-media.repository.ts';
import { EpisodesService } from './episodes.service.ts';
import { EpisodeLinks } from './episode-links.ts';
import { assemblyNotWired, type EpisodeAssemblyPort } from './episode-assembly.port.ts';
import { ManualEditService } from './manual-edit.service.ts';
import { FlubberReviewService } from './flubber-review.service.ts';
import type { FeatureGate } from '../billing/feature-gate.ts';

/** Episode History, the manual editor, the Flubber review panel and the dashboard (issue 8), on one entity manager. */
export function createEpisodeServices(
  em: EntityManager,
  shared: SharedDeps,
  ports: { assembly?: EpisodeAssemblyPort; minutes: MinutesUsagePort; features: FeatureGate },
) {
  const repository = new EpisodesRepository(em);
  const links = new EpisodeLinks(new UrlSigner(new SettingsRepository(em)));
  const assembly = ports.assembly ?? assemblyNotWired;
  const episodes = new EpisodesService({
    episodes: repository,
    list: new EpisodeListRepository(em),
    media: new EpisodeMediaRepository(em),
    storage: shared.storage,
    links,
    assembly,
    baseUrl: publicUrl(shared.config),
  });
  const manualEdit = new ManualEditService({ episodes, links, assembly });
  return {
    episodes,
    episodeLinks: links,
    manualEdit,
    flubberReview: new FlubberReviewService({ episodes, manualEdit, storage: shared.storage, links, assembly, features: ports.features }),
    dashboard: new DashboardService({ rows: new DashboardRepository(em), minutes: ports.minutes }),
  };
}

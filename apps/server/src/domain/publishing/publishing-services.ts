import type { EntityManager } from '@mikro-orm/postgresql';
import { publicUrl, spreakerOAuthConfig } from '../../config.ts';
import type { SharedDeps } from '../services.ts';
import { OneTimeGrants } from '../auth/one-time-grants.ts';
import { OneTimeGrantsRepository } from '../auth/one-time-grants.repository.ts';
import { secretBoxFor } from '../speech/secret-box.ts';
import { PodcastsService } from '../podcasts/podcasts.service.ts';
import { PodcastsRepository } from '../podcasts/podcasts.repository.ts';
import { DistributionService } from '../podcasts/distribution.service.ts';
import { HostShowService } from '../podcasts/host-show.service.ts';
import { ShowEpisodesService } from '../episodes/show-episodes.service.ts';
import { EpisodesRepository } from '../episodes/episodes.repository.ts';
import { EpisodeMediaRepository } from '../episodes/episode-media.repository.ts';
import { PublishedWordsService } from '../episodes/published-words.service.ts';
import { SpreakerService } from '../spreaker/spreaker.service.ts';
import { SpreakerAccountsRepository } from '../spreaker/spreaker-accounts.repository.ts';
import { FeedService, type FeedServiceDeps } from './feed.service.ts';
import { FeedCheckService } from './feed-check.service.ts';
import { DownloadsService } from './downloads.service.ts';
import { BuiltinHost } from './hosts/builtin-host.ts';
import { SpreakerHost } from './hosts/spreaker-host.ts';
import { HostRegistry } from './hosts/registry.ts';
import { PublishingService } from './publishing.service.ts';
import { PublishingRepository } from './publishing.repository.ts';
import { PublishAllService } from './publish-all.service.ts';
import { PublishRunner } from './publish-runner.ts';
import { AnalyticsService } from './analytics.service.ts';
import { NotificationsService } from '../notifications/notifications.service.ts';
import { NotificationsRepository } from '../notifications/notifications.repository.ts';
import { NotifyAddressesRepository } from '../mail/notify-addresses.repository.ts';
import { MailService } from '../mail/mail.service.ts';
import { OutboxRepository } from '../mail/outbox.repository.ts';
import { WebsiteRepository } from '../website/website.repository.ts';
import { siteUrlOf } from '../website/site-address.ts';
import type { FeatureGate } from '../billing/feature-gate.ts';
import { showPodcasting20Of } from '@ppp/contracts';
import { FeedAnnouncer, HttpPodping, LoggedPodping } from './announce/feed-announcer.ts';
import { createLogger, type Logger } from '../../logger.ts';

/** Shows, hosting and publishing (issue 6): the services of one unit of work, on its entity manager. */
export function createPublishingServices(em: EntityManager, shared: SharedDeps, features: FeatureGate) {
  const { config, storage } = shared;
  const baseUrl = publicUrl(config);
  const connectionString = String(em.config.get('clientUrl'));
  const spreaker = spreakerService(em, config);
  const shows = new PodcastsRepository(em);
  const feedAnnouncer = feedAnnouncerOf(shows, shared, baseUrl);
  const announce = (podcastId: string) => feedAnnouncer.announceQuietly(podcastId, (line) => announceLog(config).warn(line));
  const podcasts = new PodcastsService({
    repository: shows,
    storage,
    baseUrl,
    assertOwnSpreakerShow: (user, showId) => spreaker.show(user, showId),
    announce,
  });
  const repository = new PublishingRepository(em);
  const feeds = feedServiceOf(em, shared, { repository, podcasts, baseUrl, hubUrls: feedAnnouncer.hubUrls() });
  const feedCheck = new FeedCheckService({ podcasts, feeds });
  const hosts = new HostRegistry({
    builtin: new BuiltinHost({ feeds, feedCheck, storage }),
    spreaker: new SpreakerHost({ storage, clientFor: (userId) => spreaker.clientFor(userId) }),
  });
  const publishing = new PublishingService({ repository, jobs: shared.jobs, hosts, connectionString, baseUrl, features, announce });
  return {
    podcasts,
    distribution: new DistributionService({ repository: shows, podcasts, baseUrl }),
    hostShows: new HostShowService({ repository: shows, podcasts, spreaker }),
    showEpisodes: new ShowEpisodesService({ episodes: new EpisodesRepository(em), podcasts, baseUrl }),
    spreaker,
    feeds,
    feedCheck,
    downloads: new DownloadsService(repository),
    publishing,
    publishAll: new PublishAllService({ repository, podcasts, publishing, feedCheck }),
    publishRunner: new PublishRunner({
      episodes: () => new PublishingRepository(em.fork()),
      hosts,
      connectionString,
      notifications: new NotificationsService(new NotificationsRepository(em)),
      mail: new MailService(new OutboxRepository(em), shared.mailTransport),
      notifyAddresses: new NotifyAddressesRepository(em),
      baseUrl,
      announce,
    }),
    feedAnnouncer,
    analytics: new AnalyticsService({ repository, podcasts, spreaker, features }),
  };
}

/** The feed service of one unit of work: the show's site as its link, the words each episode plays, its WebSub hubs. */
function feedServiceOf(
  em: EntityManager,
  shared: SharedDeps,
  deps: Pick<FeedServiceDeps, 'repository' | 'podcasts' | 'baseUrl' | 'hubUrls'>,
): FeedService {
  const publishedWords = new PublishedWordsService({ storage: shared.storage, media: new EpisodeMediaRepository(em) });
  return new FeedService({ ...deps, storage: shared.storage, siteLinkOf: siteLinks(em, shared.config), publishedWords });
}

let announceLogger: Logger | null = null;
function announceLog(config: SharedDeps['config']): Logger {
  announceLogger ??= createLogger('feed-announce', config.LOG_LEVEL, { format: config.LOG_FORMAT });
  return announceLogger;
}

/** WebSub (WEBSUB_HUB_URL) and Podping (PODPING_URL with PODPING_TOKEN; logged only without them), issue 36. */
function feedAnnouncerOf(shows: PodcastsRepository, shared: SharedDeps, baseUrl: string): FeedAnnouncer {
  const { config } = shared;
  return new FeedAnnouncer({
    jobs: shared.jobs,
    baseUrl,
    hubUrl: config.WEBSUB_HUB_URL ?? null,
    podping: config.PODPING_URL && config.PODPING_TOKEN ? new HttpPodping(config.PODPING_URL, config.PODPING_TOKEN) : new LoggedPodping(),
    mediumOf: async (podcastId) => showPodcasting20Of((await shows.findById(podcastId))?.podcasting20).medium,
  });
}

/** The Spreaker connection of one unit of work: accounts, their one-time grants and the OAuth settings. */
function spreakerService(em: EntityManager, config: SharedDeps['config']) {
  return new SpreakerService({
    accounts: new SpreakerAccountsRepository(em),
    podcasts: new PodcastsRepository(em),
    grants: new OneTimeGrants(new OneTimeGrantsRepository(em)),
    box: secretBoxFor(config),
    oauth: spreakerOAuthConfig(config),
    apiUrl: config.SPREAKER_BASE_URL,
  });
}

/** The feed's show link is the show's published site when it has one. */
function siteLinks(em: EntityManager, config: SharedDeps['config']) {
  const sites = new WebsiteRepository(em);
  const hosting = { baseUrl: publicUrl(config), sitesBaseDomain: config.SITES_BASE_DOMAIN ?? null };
  return async (podcastId: string) => {
    const site = await sites.findByPodcast(podcastId);
    return site?.publishedAt ? siteUrlOf(site, hosting) : null;
  };
}

import type { EntityManager } from '@mikro-orm/postgresql';
import type { TConfig } from '../config.ts';
import { publicUrl } from '../config.ts';
import { SettingsRepository } from './settings/settings.repository.ts';
import { LandingService } from './landing/landing.service.ts';
import { PublishingRepository } from './publishing/publishing.repository.ts';
import type { MailTransport } from './mail/mail-transport.ts';
import type { StoragePort } from './storage/storage.ts';
import type { JobQueue } from './jobs/job-queue.ts';
import type { PaymentsGateway } from './billing/payments.port.ts';
import type { DomainProofPort } from './website/domain-proof.port.ts';
import type { SessionCache } from './auth/session-cache.ts';
import { PlanPriorityJobQueue } from './billing/plan-priority-queue.ts';
import { JobOwnersRepository } from './jobs/job-owners.repository.ts';
import { RssImportService } from './rss-import/rss-import.service.ts';
import { PodcastsRepository } from './podcasts/podcasts.repository.ts';
import { RssImportRepository } from './rss-import/rss-import.repository.ts';
import { ImportRunsRepository } from './rss-import/import-runs.repository.ts';
import { createCoreServices, type CoreServices } from './core-services.ts';
import { createAccountServices } from './auth/account-services.ts';
import { createMediaServices } from './media/media-services.ts';
import { createSpeechServices } from './speech/speech-services.ts';
import { createTemplateServices } from './templates/template-services.ts';
import { createTranscriptServices } from './transcripts/transcript-services.ts';
import { createBillingServices } from './billing/billing-services.ts';
import { createPublishingServices } from './publishing/publishing-services.ts';
import { createProductionServices } from './episodes/production-services.ts';
import { createAdminServices } from './admin/admin-services.ts';
import { createDevToolsServices } from './admin/dev-tools-services.ts';
import { createWebsiteServices } from './website/website-services.ts';
import { createSpeechModelServices } from './speech-models/speech-models-services.ts';
import { createRetranscribeServices } from './retranscribe/retranscribe-services.ts';
import { createTeamServices } from './team/team-services.ts';

/** What every request and job shares: configuration and outside adapters. */
export interface SharedDeps {
  config: TConfig;
  mailTransport: MailTransport;
  /** Uploaded media (local folder by default). */
  storage: StoragePort;
  /** Background jobs (pg-boss). */
  jobs: JobQueue;
  /** Stripe when configured; null: payments are off. */
  payments?: PaymentsGateway | null;
  /** The HTTP server's sessions kept in memory (issue 38); none in the worker. */
  sessionCache?: SessionCache | null;
  /** How custom domains are proven (the system resolver when absent; tests inject a stand-in). */
  domainProof?: DomainProofPort;
}

/** The services of one unit of work (one request or one job), all on the same entity manager, built area by area. */
export function createServices(em: EntityManager, sharedDeps: SharedDeps) {
  const core = createCoreServices(em, sharedDeps);
  const shared = withPlanPriority(em, sharedDeps, core);
  const { config, storage } = shared;
  const mediaServices = createMediaServices(em, shared, core);
  const speech = createSpeechServices(em, shared);
  const templateServices = createTemplateServices(em, shared, speech.speech);
  const { templates } = templateServices;
  const transcriptServices = createTranscriptServices(em, config, core, mediaServices.media, storage);
  const { transcripts, audioCleanup } = transcriptServices;
  const billing = createBillingServices(em, shared, { core, templates, transcripts });
  const publishing = createPublishingServices(em, shared, core.plans);
  const { media } = mediaServices;
  const speechModels = createSpeechModelServices(em, config);
  const production = createProductionServices(em, shared, {
    ...{ core, templates, usage: billing.usage, transcripts, audioCleanup },
    ...{ ...speech, media, publishing: publishing.publishing },
  });
  return {
    em,
    config,
    storage,
    ...core,
    ...createAccountServices(em, config, core),
    ...createTeamServices(em, config, core),
    ...mediaServices,
    ...transcriptServices,
    landing: new LandingService({
      settings: new SettingsRepository(em),
      episodes: new PublishingRepository(em),
      baseUrl: publicUrl(config),
    }),
    rssImport: rssImportService(em, shared, core, publishing),
    ...publishing,
    ...templateServices,
    ...speech,
    ...production,
    ...billing,
    ...createAdminServices(em, shared, { mail: core.mail }),
    ...createWebsiteServices(em, shared, {
      ...{ podcasts: publishing.podcasts, entitlements: core.entitlements, notifications: core.notifications },
    }),
    ...speechModels,
    ...createRetranscribeServices(em, shared, speechModels.speechModels),
    ...createDevToolsServices(em, shared, { podcasts: publishing.podcasts, templates, ...speech, uploads: mediaServices.uploads }),
  };
}
export type Services = ReturnType<typeof createServices>;

/** Every job this unit of work sends goes through the plans' priority queue. */
function withPlanPriority(em: EntityManager, sharedDeps: SharedDeps, core: CoreServices): SharedDeps {
  const owners = new JobOwnersRepository(em);
  return { ...sharedDeps, jobs: new PlanPriorityJobQueue(sharedDeps.jobs, { plans: core.plans, owners }) };
}

/** The RSS import; the user's Spreaker client when connected (issue 6), else null: the import goes on without Spreaker. */
function rssImportService(
  em: EntityManager,
  shared: SharedDeps,
  core: CoreServices,
  publishing: ReturnType<typeof createPublishingServices>,
) {
  return new RssImportService({
    imports: new RssImportRepository(em),
    podcasts: new PodcastsRepository(em),
    runs: new ImportRunsRepository(em),
    config: shared.config,
    storage: shared.storage,
    jobs: shared.jobs,
    notifications: core.notifications,
    spreakerFor: (userId) => publishing.spreaker.clientFor(userId).catch(() => null),
    features: core.plans,
    limits: core.limits,
    // auto_publish_to_spreaker: the imported episodes queued for the linked show through publish.episode.
    autoPublish: async (userId, podcastId, state, signal) =>
      (await publishing.publishing.queueImportedAfterLease(userId, podcastId, state, signal)) > 0,
  });
}

import type { EntityManager } from '@mikro-orm/postgresql';
import type { TConfig } from '../config.ts';
import { publicUrl } from '../config.ts';
import { SessionService } from './auth/session.service.ts';
import { SessionsRepository } from './auth/sessions.repository.ts';
import { RateLimitService } from './auth/rate-limit.service.ts';
import { RateLimitsRepository } from './auth/rate-limits.repository.ts';
import { VerificationService } from './auth/verification.service.ts';
import { VerificationCodesRepository } from './auth/verification-codes.repository.ts';
import { AccountsRepository } from './auth/accounts.repository.ts';
import { AuthService } from './auth/auth.service.ts';
import { GoogleAuthService } from './auth/google-auth.service.ts';
import { SettingsService } from './settings/settings.service.ts';
import { SettingsRepository } from './settings/settings.repository.ts';
import { PublicConfigService } from './settings/public-config.service.ts';
import { MailService } from './mail/mail.service.ts';
import { OutboxRepository } from './mail/outbox.repository.ts';
import { NotifyAddressesRepository } from './mail/notify-addresses.repository.ts';
import { NotifyAddressesService } from './mail/notify-addresses.service.ts';
import { UsersService } from './users/users.service.ts';
import { UsersRepository } from './users/users.repository.ts';
import { WaitlistService } from './waitlist/waitlist.service.ts';
import { WaitlistRepository } from './waitlist/waitlist.repository.ts';
import { LandingService } from './landing/landing.service.ts';
import { PublishingRepository } from './publishing/publishing.repository.ts';
import type { MailTransport } from './mail/mail-transport.ts';
import type { StoragePort } from './storage/storage.ts';
import type { JobQueue } from './jobs/job-queue.ts';
import type { PaymentsGateway } from './billing/payments.port.ts';
import { UrlSigner } from './storage/url-signer.ts';
import { MediaService } from './media/media.service.ts';
import { MediaUploadService } from './media/media-upload.service.ts';
import { UploadQueueService } from './media/upload-queue.service.ts';
import { UploadQueueRepository } from './media/upload-queue.repository.ts';
import { NotificationsService } from './notifications/notifications.service.ts';
import { NotificationsRepository } from './notifications/notifications.repository.ts';
import { AudioCleanupService } from './audio-cleanup/audio-cleanup.service.ts';
import { TranscriptsService } from './transcripts/transcripts.service.ts';
import { TranscriptsRepository } from './transcripts/transcripts.repository.ts';
import { MediaRepository } from './media/media.repository.ts';
import { TranscriptReviewService } from './transcripts/transcript-review.service.ts';
import { AudioCleanupRepository } from './audio-cleanup/audio-cleanup.repository.ts';
import { RssImportService } from './rss-import/rss-import.service.ts';
import { RssImportRepository } from './rss-import/rss-import.repository.ts';
import { ImportRunsRepository } from './rss-import/import-runs.repository.ts';
import { TemplatesService } from './templates/templates.service.ts';
import { TemplatesRepository } from './templates/templates.repository.ts';
import { PodcastsRepository } from './podcasts/podcasts.repository.ts';
import { RecurringSchedulesService } from './templates/recurring-schedules.service.ts';
import { SpeechService } from './speech/speech.service.ts';
import { TtsService } from './speech/tts.service.ts';
import { SpeechRepository } from './speech/speech.repository.ts';
import { TtsClipsRepository } from './speech/tts-clips.repository.ts';
import { secretBoxFor } from './speech/secret-box.ts';
import { AiTextService } from './ai-text/ai-text.service.ts';
import { EpisodesRepository } from './episodes/episodes.repository.ts';
import { EpisodeRendersRepository } from './episodes/episode-renders.repository.ts';
import { TiersService } from './billing/tiers.service.ts';
import { TiersRepository } from './billing/tiers.repository.ts';
import { UsageService } from './billing/usage.service.ts';
import { BillingRepository } from './billing/billing.repository.ts';
import { UsageRepository } from './billing/usage.repository.ts';
import { PlansService } from './billing/plans.service.ts';
import { PlanPriorityJobQueue } from './billing/plan-priority-queue.ts';
import { JobOwnersRepository } from './jobs/job-owners.repository.ts';
import { CheckoutService } from './billing/checkout.service.ts';
import { StripeWebhookService } from './billing/stripe-webhook.service.ts';
import { SubscriptionService } from './billing/subscription.service.ts';
import { AssemblyService } from './episodes/assembly.service.ts';
import { EpisodeRendersService } from './episodes/episode-renders.service.ts';
import { EpisodeLinks } from './episodes/episode-links.ts';
import { textAiEngines } from './ai-text/text-ai-engine.ts';
import { createPublishingServices } from './publishing/publishing-services.ts';
import { createEpisodeServices } from './episodes/episode-services.ts';
import { MusicLibraryService } from './music/music-library.service.ts';
import { MusicAdminService } from './music/music-admin.service.ts';
import { MusicRepository } from './music/music.repository.ts';
import { AdminMetricsService } from './admin/admin-metrics.service.ts';
import { AdminMetricsRepository } from './admin/admin-metrics.repository.ts';
import { createCreatorServices } from './episodes/creator-services.ts';
import { createAdminServices } from './admin/admin-services.ts';
import { createDevToolsServices } from './admin/dev-tools-services.ts';
import { createWebsiteServices } from './website/website-services.ts';

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
}

/** The services of one unit of work (one request or one job), all on the same entity manager. */
export function createServices(em: EntityManager, sharedDeps: SharedDeps) {
  const sessions = new SessionService(new SessionsRepository(em));
  const limits = new RateLimitService(new RateLimitsRepository(em));
  const settings = new SettingsService(new SettingsRepository(em));
  const tiers = new TiersService(new TiersRepository(em));
  const billing = new BillingRepository(em);
  const plans = new PlansService({ billing, tiers, settings });
  // Every job this unit of work sends goes through the plans' priority queue.
  const shared: SharedDeps = {
    ...sharedDeps,
    jobs: new PlanPriorityJobQueue(sharedDeps.jobs, { plans, owners: new JobOwnersRepository(em) }),
  };
  const mail = new MailService(new OutboxRepository(em), shared.mailTransport);
  const accounts = new AccountsRepository(em);
  const verification = new VerificationService(
    {
      unit: { accounts, codes: new VerificationCodesRepository(em), mail },
      detached: () => {
        const own = em.fork();
        return {
          accounts: new AccountsRepository(own),
          codes: new VerificationCodesRepository(own),
          mail: mail.on(new OutboxRepository(own)),
        };
      },
    },
    limits,
    { settings, publicUrl: publicUrl(shared.config) },
  );
  const { config } = shared;
  const notifications = new NotificationsService(new NotificationsRepository(em));
  const googleConfigured = Boolean(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET);
  const transcriptsRepository = new TranscriptsRepository(em);
  const notifyAddressRows = new NotifyAddressesRepository(em);
  const notifyAddresses = new NotifyAddressesService({ repository: notifyAddressRows, mail, limits, publicUrl: publicUrl(config) });
  const transcripts = new TranscriptsService({
    repository: transcriptsRepository,
    notifications,
    mail,
    notifyAddresses: notifyAddressRows,
    publicUrl: publicUrl(config),
  });
  const templateRows = new TemplatesRepository(em);
  const templates = new TemplatesService(templateRows, new PodcastsRepository(em), {
    storage: shared.storage,
    clips: new EpisodesRepository(em),
  });
  const speech = new SpeechService({
    rows: new SpeechRepository(em),
    config,
    secrets: () => secretBoxFor(config),
    storage: shared.storage,
  });
  const gateway = shared.payments ?? null;
  const usage = new UsageService({
    ledger: new UsageRepository(em),
    clips: new EpisodesRepository(em),
    storage: shared.storage,
    plans,
    templates,
    transcripts,
  });
  const links = new EpisodeLinks(new UrlSigner(em));
  const features = plans;
  const assembly = new AssemblyService({
    episodes: new EpisodesRepository(em),
    storage: shared.storage,
    jobs: shared.jobs,
    links,
    templates,
    transcripts,
    usage,
    speech,
    features,
  });
  const publishing = createPublishingServices(em, shared, features);
  const mediaRows = new MediaRepository(em);
  const musicRows = new MusicRepository(em);
  const media = new MediaService({
    repository: mediaRows,
    storage: shared.storage,
    jobs: shared.jobs,
    signer: new UrlSigner(em),
  });
  const tts = new TtsService({ clips: new TtsClipsRepository(em), storage: shared.storage, speech });
  const audioCleanup = new AudioCleanupService(new AudioCleanupRepository(em));
  const transcriptReview = new TranscriptReviewService({
    repository: transcriptsRepository,
    audioCleanup,
    episodes: new EpisodesRepository(em),
    sfxKeywords: (userId) => media.sfxKeywords(userId),
  });
  // Issue 18: settings changed after an upload was transcribed apply to it until it is assembled.
  audioCleanup.onSaved((userId) => transcriptReview.rescanUnassembled(userId));
  media.onSfxKeywordsChanged((userId) => transcriptReview.rescanUnassembled(userId));
  const aiText = new AiTextService({
    engines: textAiEngines(config),
    limits,
    transcripts,
    episodes: new EpisodesRepository(em),
    templates,
    audioCleanup,
  });
  const creator = createCreatorServices(em, shared, {
    transcripts,
    audioCleanup,
    aiText,
    speech,
    tts,
    media,
    publishing: publishing.publishing,
    features,
  });
  const uploadQueue = new UploadQueueService({ repo: new UploadQueueRepository(em), plans, tiers, mail, storage: shared.storage });
  const uploads = new MediaUploadService({
    repository: mediaRows,
    storage: shared.storage,
    jobs: shared.jobs,
    settings,
    queue: uploadQueue,
    notifyAddresses,
  });
  const subscriptions = new SubscriptionService({ billing, ledger: new UsageRepository(em), plans, paymentsEnabled: gateway !== null });
  return {
    em,
    config,
    sessions,
    limits,
    settings,
    mail,
    verification,
    notifyAddresses,
    auth: new AuthService({
      accounts,
      termsVersion: config.TERMS_VERSION,
      sessions,
      verification,
      limits,
      settings,
    }),
    users: new UsersService(new UsersRepository(em), sessions),
    waitlist: new WaitlistService(new WaitlistRepository(em), limits),
    storage: shared.storage,
    media,
    uploads,
    uploadQueue,
    notifications,
    audioCleanup,
    transcripts,
    transcriptReview,
    landing: new LandingService({
      settings: new SettingsRepository(em),
      episodes: new PublishingRepository(em),
      baseUrl: publicUrl(config),
    }),
    // The user's Spreaker client when connected (issue 6), else null: the import goes on without Spreaker.
    rssImport: new RssImportService({
      imports: new RssImportRepository(em),
      podcasts: new PodcastsRepository(em),
      runs: new ImportRunsRepository(em),
      config,
      storage: shared.storage,
      jobs: shared.jobs,
      notifications,
      spreakerFor: (userId) => publishing.spreaker.clientFor(userId).catch(() => null),
      features,
      limits,
      // auto_publish_to_spreaker: the imported episodes queued for the linked show through publish.episode.
      autoPublish: async (userId, podcastId, state, signal) =>
        (await publishing.publishing.queueImportedAfterLease(userId, podcastId, state, signal)) > 0,
    }),
    ...publishing,
    publicConfig: new PublicConfigService(settings, { googleSignIn: googleConfigured, termsVersion: config.TERMS_VERSION }),
    google:
      googleConfigured && config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET
        ? new GoogleAuthService(
            {
              clientId: config.GOOGLE_CLIENT_ID,
              clientSecret: config.GOOGLE_CLIENT_SECRET,
              redirectUri: `${publicUrl(config)}/api/auth/google/callback`,
            },
            accounts,
            sessions,
            settings,
          )
        : null,
    templates,
    recurringSchedules: new RecurringSchedulesService(templateRows, templates),
    speech,
    tts,
    ...createEpisodeServices(em, shared, { assembly, minutes: usage, features }),
    music: new MusicLibraryService({ repository: musicRows, media: mediaRows, storage: shared.storage }),
    musicAdmin: new MusicAdminService({ repository: musicRows, storage: shared.storage, uploads, limits, config }),
    aiText,
    tiers,
    usage,
    plans,
    checkout: new CheckoutService({ billing, gateway, plans, mail, publicUrl: publicUrl(config) }),
    stripeWebhook: new StripeWebhookService({ billing, gateway, mail }),
    subscriptions,
    assembly,
    renders: new EpisodeRendersService({
      renders: new EpisodeRendersRepository(em),
      episodes: new EpisodesRepository(em),
      storage: shared.storage,
      jobs: shared.jobs,
      speech,
      audioCleanup,
    }),
    ...creator,
    ...createAdminServices(em, shared, { mail }),
    adminMetrics: new AdminMetricsService({
      repository: new AdminMetricsRepository(em),
      revenue: () => subscriptions.revenueMetrics(),
      paymentsEnabled: gateway !== null,
    }),
    ...createWebsiteServices(em, shared, publishing.podcasts),
    ...createDevToolsServices(em, shared, { podcasts: publishing.podcasts, templates, tts, speech, uploads }),
  };
}
export type Services = ReturnType<typeof createServices>;

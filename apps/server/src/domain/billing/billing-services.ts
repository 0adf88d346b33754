import type { EntityManager } from '@mikro-orm/postgresql';
import { publicUrl } from '../../config.ts';
import type { SharedDeps } from '../services.ts';
import type { CoreServices } from '../core-services.ts';
import type { TemplatesService } from '../templates/templates.service.ts';
import type { TranscriptsService } from '../transcripts/transcripts.service.ts';
import { UsageService } from './usage.service.ts';
import { UsageRepository } from './usage.repository.ts';
import { BillingRepository } from './billing.repository.ts';
import { CheckoutService } from './checkout.service.ts';
import { StripeWebhookService } from './stripe-webhook.service.ts';
import { SubscriptionService } from './subscription.service.ts';
import { EpisodeMediaRepository } from '../episodes/episode-media.repository.ts';
import { AdminMetricsService } from '../admin/admin-metrics.service.ts';
import { AdminMetricsRepository } from '../admin/admin-metrics.repository.ts';
import { SettingsRepository } from '../settings/settings.repository.ts';
import { PaymentsHealthService, recordingOutages } from './payments-health.service.ts';

/** Billing of one unit of work: minutes used, checkout, Stripe's webhooks, the subscription and the revenue metrics. */
export function createBillingServices(
  em: EntityManager,
  shared: SharedDeps,
  deps: { core: CoreServices; templates: TemplatesService; transcripts: TranscriptsService },
) {
  const { plans, mail } = deps.core;
  const health = new PaymentsHealthService(new SettingsRepository(em));
  const gateway = shared.payments ? recordingOutages(shared.payments, health) : null;
  const billing = new BillingRepository(em);
  const usage = new UsageService({
    ledger: new UsageRepository(em),
    clips: new EpisodeMediaRepository(em),
    storage: shared.storage,
    plans,
    templates: deps.templates,
    transcripts: deps.transcripts,
  });
  const paymentsEnabled = gateway !== null;
  const subscriptions = new SubscriptionService({ billing, ledger: new UsageRepository(em), plans, paymentsEnabled, health });
  return {
    usage,
    checkout: new CheckoutService({ billing, gateway, plans, mail, publicUrl: publicUrl(shared.config) }),
    stripeWebhook: new StripeWebhookService({ billing, gateway, mail, health }),
    subscriptions,
    adminMetrics: new AdminMetricsService({
      repository: new AdminMetricsRepository(em),
      revenue: () => subscriptions.revenueMetrics(),
      paymentsEnabled,
    }),
  };
}

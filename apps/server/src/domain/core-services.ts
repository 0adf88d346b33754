import type { EntityManager } from '@mikro-orm/postgresql';
import { newAccountTrialDefault, publicUrl } from '../config.ts';
import type { SharedDeps } from './services.ts';
import { SessionService } from './auth/session.service.ts';
import { SessionsRepository } from './auth/sessions.repository.ts';
import { RateLimitService } from './auth/rate-limit.service.ts';
import { RateLimitsRepository } from './auth/rate-limits.repository.ts';
import { SettingsService } from './settings/settings.service.ts';
import { SettingsRepository } from './settings/settings.repository.ts';
import { MailService } from './mail/mail.service.ts';
import { OutboxRepository } from './mail/outbox.repository.ts';
import { NotifyAddressesRepository } from './mail/notify-addresses.repository.ts';
import { NotifyAddressesService } from './mail/notify-addresses.service.ts';
import { NotificationsService } from './notifications/notifications.service.ts';
import { NotificationsRepository } from './notifications/notifications.repository.ts';
import { TiersService } from './billing/tiers.service.ts';
import { TiersRepository } from './billing/tiers.repository.ts';
import { BillingRepository } from './billing/billing.repository.ts';
import { EntitlementsService } from './billing/entitlements.service.ts';

/** What every area of a unit of work builds on: sessions, rate limits, settings, plans, mail and notifications. */
export function createCoreServices(em: EntityManager, shared: SharedDeps) {
  const limits = new RateLimitService(new RateLimitsRepository(em));
  const settings = new SettingsService(new SettingsRepository(em), { new_account_trial: newAccountTrialDefault(shared.config) });
  const tiers = new TiersService(new TiersRepository(em));
  // The one entitlement service (plan, features, limits); `plans` is its name where areas were wired before it.
  const plans = new EntitlementsService({ billing: new BillingRepository(em), tiers, settings });
  const mail = new MailService(new OutboxRepository(em), shared.mailTransport);
  const notifyAddresses = new NotifyAddressesService({
    repository: new NotifyAddressesRepository(em),
    mail,
    limits,
    publicUrl: publicUrl(shared.config),
  });
  return {
    sessions: new SessionService(new SessionsRepository(em)),
    limits,
    settings,
    tiers,
    plans,
    entitlements: plans,
    mail,
    notifyAddresses,
    notifications: new NotificationsService(new NotificationsRepository(em)),
  };
}
export type CoreServices = ReturnType<typeof createCoreServices>;

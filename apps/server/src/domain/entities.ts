import { UserSchema } from './users/user.entity.ts';
import { SessionSchema } from './auth/session.entity.ts';
import { EmailVerificationSchema } from './auth/email-verification.entity.ts';
import { RateLimitSchema } from './auth/rate-limit.entity.ts';
import { OneTimeGrantSchema } from './auth/one-time-grant.entity.ts';
import { AppSettingSchema } from './settings/app-setting.entity.ts';
import { OutboxMessageSchema } from './mail/outbox-message.entity.ts';
import { WaitlistRequestSchema } from './waitlist/waitlist-request.entity.ts';
import { MediaItemSchema } from './media/media-item.entity.ts';
import { TranscriptSchema } from './transcripts/transcript.entity.ts';
import { NotificationSchema } from './notifications/notification.entity.ts';
import { CleanupSettingsSchema } from './audio-cleanup/cleanup-settings.entity.ts';
import { PodcastSchema } from './podcasts/podcast.entity.ts';
import { EpisodeSchema } from './episodes/episode.entity.ts';
import { TemplateSchema } from './templates/template.entity.ts';
import { RecurringSlotSchema } from './templates/recurring-slot.entity.ts';
import { UserApiKeySchema } from './speech/user-api-key.entity.ts';
import { TtsClipSchema } from './speech/tts-clip.entity.ts';
import { RssImportSchema } from './rss-import/rss-import.entity.ts';
import { SpreakerAccountSchema } from './spreaker/spreaker-account.entity.ts';
import { EpisodeDownloadSchema } from './publishing/episode-download.entity.ts';
import { DistributionItemSchema } from './podcasts/distribution-item.entity.ts';
import { TierConfigSchema } from './billing/tier-config.entity.ts';
import { UsageChargeSchema } from './billing/usage-charge.entity.ts';
import { SubscriptionSchema } from './billing/subscription.entity.ts';
import { BillingCustomerSchema } from './billing/billing-customer.entity.ts';
import { CheckoutSessionSchema } from './billing/checkout-session.entity.ts';
import { StripeEventSchema } from './billing/stripe-event.entity.ts';
import { PaymentSchema } from './billing/payment.entity.ts';
import { MusicAssetSchema } from './music/music-asset.entity.ts';
import { InternAnswerSchema } from './episodes/intern-answer.entity.ts';
import { CustomDomainHolderSchema, WebsiteSchema, WebsiteVersionSchema } from './website/website.entity.ts';
import { AdminAuditEntrySchema } from './admin/admin-audit-entry.entity.ts';
import { AbDraftSchema } from './ab-workspace/ab-draft.entity.ts';
import { AbSavedSectionSchema } from './ab-workspace/ab-saved-section.entity.ts';
import { NotifyAddressSchema } from './mail/notify-address.entity.ts';
import { RetranscribeRunSchema } from './retranscribe/retranscribe-run.entity.ts';
import { WorkspaceMemberSchema, WorkspaceInviteSchema, WorkspaceStateSchema } from './team/workspace.entity.ts';

/** Every entity of the domain, registered with the ORM in one place. */
export const ENTITIES = [
  UserSchema,
  SessionSchema,
  EmailVerificationSchema,
  RateLimitSchema,
  OneTimeGrantSchema,
  AppSettingSchema,
  OutboxMessageSchema,
  WaitlistRequestSchema,
  MediaItemSchema,
  TranscriptSchema,
  NotificationSchema,
  CleanupSettingsSchema,
  PodcastSchema,
  EpisodeSchema,
  TemplateSchema,
  RecurringSlotSchema,
  UserApiKeySchema,
  TtsClipSchema,
  RssImportSchema,
  SpreakerAccountSchema,
  EpisodeDownloadSchema,
  DistributionItemSchema,
  TierConfigSchema,
  UsageChargeSchema,
  SubscriptionSchema,
  BillingCustomerSchema,
  CheckoutSessionSchema,
  StripeEventSchema,
  PaymentSchema,
  MusicAssetSchema,
  InternAnswerSchema,
  WebsiteSchema,
  CustomDomainHolderSchema,
  WebsiteVersionSchema,
  AdminAuditEntrySchema,
  AbDraftSchema,
  AbSavedSectionSchema,
  NotifyAddressSchema,
  RetranscribeRunSchema,
  WorkspaceMemberSchema,
  WorkspaceInviteSchema,
  WorkspaceStateSchema,
];

import { UserSchema } from './users/user.entity.ts';
import { SessionSchema } from './auth/session.entity.ts';
import { EmailVerificationSchema } from './auth/email-verification.entity.ts';
import { RateLimitSchema } from './auth/rate-limit.entity.ts';
import { AppSettingSchema } from './settings/app-setting.entity.ts';
import { OutboxMessageSchema } from './mail/outbox-message.entity.ts';
import { WaitlistRequestSchema } from './waitlist/waitlist-request.entity.ts';

/** Every entity of the domain, registered with the ORM in one place. */
export const ENTITIES = [
  UserSchema,
  SessionSchema,
  EmailVerificationSchema,
  RateLimitSchema,
  AppSettingSchema,
  OutboxMessageSchema,
  WaitlistRequestSchema,
];

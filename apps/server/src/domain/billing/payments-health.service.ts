import { z } from 'zod';
import type { TPaymentsHealth } from '@ppp/contracts';
import { AppError } from '../errors.ts';
import type { SettingsRepository } from '../settings/settings.repository.ts';
import type { PaymentsGateway } from './payments.port.ts';

/** Where the health is kept: one app_settings row, so every server writes and reads the same. */
const KEY = 'payments_health';

const ZStored = z
  .object({
    last_stripe_error: z.string().nullable().catch(null),
    last_stripe_error_at: z.string().nullable().catch(null),
    last_event_at: z.string().nullable().catch(null),
    last_event_type: z.string().nullable().catch(null),
    webhook_failures: z.number().int().min(0).catch(0),
    last_webhook_failure: z.string().nullable().catch(null),
    last_webhook_failure_at: z.string().nullable().catch(null),
  })
  .partial();

/**
 * What the admin's Billing tab says of Stripe (issue 35): the last time Stripe could not be reached
 * and why, the last webhook event received, and the webhook deliveries refused (bad signature) or
 * that failed while being applied.
 */
export class PaymentsHealthService {
  private readonly rows: Pick<SettingsRepository, 'read' | 'write'>;
  constructor(rows: Pick<SettingsRepository, 'read' | 'write'>) {
    this.rows = rows;
  }

  async health(): Promise<TPaymentsHealth> {
    const stored = ZStored.parse((await this.rows.read(KEY)) ?? {});
    return {
      last_stripe_error: stored.last_stripe_error ?? null,
      last_stripe_error_at: stored.last_stripe_error_at ?? null,
      last_event_at: stored.last_event_at ?? null,
      last_event_type: stored.last_event_type ?? null,
      webhook_failures: stored.webhook_failures ?? 0,
      last_webhook_failure: stored.last_webhook_failure ?? null,
      last_webhook_failure_at: stored.last_webhook_failure_at ?? null,
    };
  }

  private async change(patch: Partial<TPaymentsHealth>): Promise<void> {
    await this.rows.write(KEY, { ...(await this.health()), ...patch });
  }

  async stripeUnavailable(cause: string, at = new Date()): Promise<void> {
    await this.change({ last_stripe_error: cause, last_stripe_error_at: at.toISOString() });
  }

  async eventReceived(type: string, at = new Date()): Promise<void> {
    await this.change({ last_event_at: at.toISOString(), last_event_type: type });
  }

  async webhookFailed(reason: string, at = new Date()): Promise<void> {
    const now = await this.health();
    await this.change({
      webhook_failures: now.webhook_failures + 1,
      last_webhook_failure: reason,
      last_webhook_failure_at: at.toISOString(),
    });
  }
}

/** The gateway of one unit of work, noting each time Stripe could not be reached (its cause) for the admin. */
export function recordingOutages(gateway: PaymentsGateway, health: PaymentsHealthService): PaymentsGateway {
  return new Proxy(gateway, {
    get(target, prop, receiver) {
      const value: unknown = Reflect.get(target, prop, receiver);
      if (typeof value !== 'function') return value;
      return async (...args: unknown[]) => {
        try {
          return await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
        } catch (error) {
          if (error instanceof AppError && error.code === 'PAYMENTS_UNAVAILABLE') {
            const cause = z.object({ cause: z.string() }).safeParse(error.detail).data?.cause ?? error.message;
            await health.stripeUnavailable(cause).catch(() => undefined);
          }
          throw error;
        }
      };
    },
  });
}

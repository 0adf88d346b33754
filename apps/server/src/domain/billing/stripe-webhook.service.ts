import { PAYMENTS_MESSAGES } from '@ppp/contracts';
import { AppError } from '../errors.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { BillingRepository } from './billing.repository.ts';
import type { GatewayEvent, PaymentsGateway } from './payments.port.ts';
import { StripeSyncService } from './stripe-sync.service.ts';
import type { PaymentsHealthService } from './payments-health.service.ts';

export interface StripeWebhookDeps {
  billing: BillingRepository;
  gateway: PaymentsGateway | null;
  mail: MailService;
  /** Each event received and each delivery refused or failed, for the admin's Billing tab (issue 35). */
  health: Pick<PaymentsHealthService, 'eventReceived' | 'webhookFailed'>;
}

/**
 * POST /api/billing/webhook. The signature and its timestamp are checked on the raw body before
 * anything is read (a bad one is a 400 that writes nothing). The event id is stored in the same
 * transaction that applies the event, under a unique key: a redelivery finds it and does nothing,
 * and a concurrent delivery waits on the key and then does nothing.
 */
export class StripeWebhookService {
  private readonly deps: StripeWebhookDeps;
  constructor(deps: StripeWebhookDeps) {
    this.deps = deps;
  }

  async receive(rawBody: string, signature: string | undefined): Promise<{ received: true; duplicate: boolean }> {
    const gateway = this.deps.gateway;
    if (!gateway) throw new AppError('NOT_CONFIGURED', PAYMENTS_MESSAGES.paymentsOff);
    let event: GatewayEvent;
    try {
      event = await gateway.verifyEvent(rawBody, signature ?? '');
    } catch {
      await this.deps.health.webhookFailed(PAYMENTS_MESSAGES.badSignature);
      throw new AppError('BAD_REQUEST', PAYMENTS_MESSAGES.badSignature);
    }
    let acted: boolean;
    try {
      acted = await this.deps.billing.transactional(async (tx) => {
        if (!(await tx.billing.recordEvent(event.id, event.type))) return false;
        await new StripeSyncService({ tx, gateway, mail: this.deps.mail }).applyEvent(event);
        return true;
      });
    } catch (error) {
      // Stripe delivers it again later; the admin sees that it failed, and why.
      await this.deps.health.webhookFailed(`${event.type}: ${error instanceof Error ? error.message : String(error)}`);
      throw error;
    }
    await this.deps.health.eventReceived(event.type);
    return { received: true, duplicate: !acted };
  }
}

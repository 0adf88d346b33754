import type { TOutboxMessage } from '@ppp/contracts';
import type { OutboxMessage } from './outbox-message.entity.ts';
import type { MailMessage, MailTransport } from './mail-transport.ts';
import type { OutboxRepository } from './outbox.repository.ts';

/** Writes every mail to the outbox, then hands it to the configured transport and records the result. */
export class MailService {
  private readonly outbox: OutboxRepository;
  private readonly transport: MailTransport;
  constructor(outbox: OutboxRepository, transport: MailTransport) {
    this.outbox = outbox;
    this.transport = transport;
  }

  /** The same transport on another unit of work's outbox (mail sent after the request that asked for it has answered). */
  on(outbox: OutboxRepository): MailService {
    return new MailService(outbox, this.transport);
  }

  async send(message: MailMessage): Promise<void> {
    const row = await this.outbox.add(message, this.transport.kind);
    try {
      await this.transport.deliver(message);
      row.sentAt = new Date();
    } catch (err) {
      row.error = err instanceof Error ? err.message : String(err);
    }
    await this.outbox.save();
  }

  async findOutbox(filter: { to?: string | undefined; limit: number }): Promise<TOutboxMessage[]> {
    return (await this.outbox.newest(filter)).map(toOutboxDto);
  }
}

function toOutboxDto(row: OutboxMessage): TOutboxMessage {
  return {
    id: row.id,
    to: row.to,
    subject: row.subject,
    text: row.text,
    created_at: row.createdAt,
    sent_at: row.sentAt ?? null,
    transport: row.transport === 'smtp' ? 'smtp' : 'outbox',
  };
}

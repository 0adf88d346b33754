import type { EntityManager } from '@mikro-orm/postgresql';
import type { TOutboxMessage } from '@ppp/contracts';
import { OutboxMessageSchema, type OutboxMessage } from './outbox-message.entity.ts';
import type { MailMessage, MailTransport } from './mail-transport.ts';

/** Writes every mail to the outbox, then hands it to the configured transport and records the result. */
export class MailService {
  private readonly em: EntityManager;
  private readonly transport: MailTransport;
  constructor(em: EntityManager, transport: MailTransport) {
    this.em = em;
    this.transport = transport;
  }

  /** The same transport on another unit of work (mail sent after the request that asked for it has answered). */
  on(em: EntityManager): MailService {
    return new MailService(em, this.transport);
  }

  async send(message: MailMessage): Promise<void> {
    const row = this.em.create(OutboxMessageSchema, { ...message, transport: this.transport.kind });
    await this.em.persist(row).flush();
    try {
      await this.transport.deliver(message);
      row.sentAt = new Date();
    } catch (err) {
      row.error = err instanceof Error ? err.message : String(err);
    }
    await this.em.flush();
  }

  async findOutbox(filter: { to?: string | undefined; limit: number }): Promise<TOutboxMessage[]> {
    const rows = await this.em.find(OutboxMessageSchema, filter.to ? { to: filter.to } : {}, {
      orderBy: { createdAt: 'desc' },
      limit: filter.limit,
    });
    return rows.map(toOutboxDto);
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

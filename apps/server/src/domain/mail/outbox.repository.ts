import { OutboxMessageSchema, type OutboxMessage } from './outbox-message.entity.ts';
import type { MailMessage, MailTransport } from './mail-transport.ts';
import { Repository } from '../../db/repository.ts';

/** The mail outbox (mail_outbox): every mail is a row before it is handed to the transport. */
export class OutboxRepository extends Repository {
  /** Writes the message's row (not yet sent) and answers it. */
  async add(message: MailMessage, transport: MailTransport['kind']): Promise<OutboxMessage> {
    const row = this.em.create(OutboxMessageSchema, { ...message, transport });
    await this.em.persist(row).flush();
    return row;
  }

  /** Writes the changes made to rows answered by this repository (the delivery's outcome). */
  save(): Promise<void> {
    return this.em.flush();
  }

  /** The newest messages, to one address when given. */
  newest(filter: { to?: string | undefined; limit: number }): Promise<OutboxMessage[]> {
    return this.em.find(OutboxMessageSchema, filter.to ? { to: filter.to } : {}, {
      orderBy: { createdAt: 'desc' },
      limit: filter.limit,
    });
  }
}

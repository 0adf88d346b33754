import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';

/** Every mail the product sends is written here first; SMTP delivery is recorded on the row. */
export const OutboxMessageSchema = defineEntity({
  name: 'OutboxMessage',
  tableName: 'mail_outbox',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    to: p.string().length(254).index(),
    subject: p.string().length(300),
    text: p.text(),
    transport: p.string().length(16).default('outbox'),
    sentAt: p.datetime().nullable(),
    error: p.text().nullable(),
    createdAt: p
      .datetime()
      .onCreate(() => new Date())
      .index(),
  },
});
export type OutboxMessage = InferEntity<typeof OutboxMessageSchema>;

import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { uuidPrimaryKey, createdAtColumn } from '../../db/entity-columns.ts';

/** Every mail the product sends is written here first; SMTP delivery is recorded on the row. */
export const OutboxMessageSchema = defineEntity({
  name: 'OutboxMessage',
  tableName: 'mail_outbox',
  properties: {
    id: uuidPrimaryKey(),
    to: p.string().length(254).index(),
    subject: p.string().length(300),
    text: p.text(),
    transport: p.string().length(16).default('outbox'),
    sentAt: p.datetime().nullable(),
    error: p.text().nullable(),
    createdAt: createdAtColumn().index(),
  },
});
export type OutboxMessage = InferEntity<typeof OutboxMessageSchema>;

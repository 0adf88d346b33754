import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { UserSchema } from '../users/user.entity.ts';
import { uuidPrimaryKey, createdAtColumn } from '../../db/entity-columns.ts';

/** One change an administrator made through the DB explorer: who, when, table, row, before and after. */
export const AdminAuditEntrySchema = defineEntity({
  name: 'AdminAuditEntry',
  tableName: 'admin_audit_entries',
  properties: {
    id: uuidPrimaryKey(),
    admin: () => p.manyToOne(UserSchema).nullable().deleteRule('set null'),
    adminEmail: p.string().length(254),
    tableName: p.string().length(128),
    rowId: p.text(),
    action: p.string().length(16),
    before: p.json<Record<string, unknown>>().nullable(),
    after: p.json<Record<string, unknown>>().nullable(),
    createdAt: createdAtColumn().index(),
  },
});
export type AdminAuditEntry = InferEntity<typeof AdminAuditEntrySchema>;

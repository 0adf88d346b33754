import { z } from 'zod';
import { ADMIN_PAGES } from './admin.ts';

/**
 * The DB explorer (spec 002 sections 2.14 and 7, issue 16): a read-mostly table browser. It never
 * shows or edits a secret, refuses the tables that would break the instance, and records every
 * change in the audit table.
 */
export const ADMIN_DB = {
  /** What a secret column shows instead of its value. */
  hidden: '[hidden]',
  /** Not in the spec: how long one explorer statement may run. */
  statementTimeoutMs: 5000,
  /** Not in the spec: audit entries per page. */
  auditPage: 50,
} as const;

export const ADMIN_DB_MESSAGES = {
  tableNotFound: 'Table not found.',
  rowNotFound: 'Row not found.',
  readOnlyTable: 'This table cannot be changed here.',
  nothingToUpdate: 'Send at least one column to update.',
  hiddenColumn: (column: string) => `${column} is hidden and cannot be changed here.`,
  unknownColumn: (column: string) => `${column} is not a column of this table.`,
  readOnlyColumn: (column: string) => `${column} cannot be changed here.`,
  invalidValue: (column: string, type: string) => `${column}: expected ${type}.`,
  stillReferenced: 'Other rows still refer to this one; delete or change them first.',
  timedOut: 'The query took too long and was stopped.',
} as const;

/** GET /api/admin/db/tables -> tables. */
export const ZAdminDbTableInfo = z.object({
  name: z.string(),
  /** An estimate from PostgreSQL's statistics (the exact count comes with each page). */
  row_estimate: z.number().int(),
  editable: z.boolean(),
});
export const ZAdminDbTables = z.object({ tables: z.array(ZAdminDbTableInfo) });
export type TAdminDbTables = z.infer<typeof ZAdminDbTables>;

export const ZAdminDbColumn = z.object({
  name: z.string(),
  type: z.string(),
  nullable: z.boolean(),
  /** A secret: its values show as ADMIN_DB.hidden and it cannot be changed. */
  hidden: z.boolean(),
  editable: z.boolean(),
});
export type TAdminDbColumn = z.infer<typeof ZAdminDbColumn>;

const ZCell = z.union([z.string(), z.number(), z.boolean(), z.null(), z.record(z.string(), z.unknown()), z.array(z.unknown())]);
export const ZAdminDbRow = z.record(z.string(), ZCell);
export type TAdminDbRow = z.infer<typeof ZAdminDbRow>;

/** GET /api/admin/db/table/{name}?limit&offset -> rows, columns, offset, total. */
export const ZAdminDbTableQuery = z.object({
  limit: z.coerce.number().int().min(1).max(ADMIN_PAGES.max).default(ADMIN_PAGES.dbRows),
  offset: z.coerce.number().int().min(0).default(0),
});
export type TAdminDbTableQuery = z.input<typeof ZAdminDbTableQuery>;

export const ZAdminDbTablePage = z.object({
  table: z.string(),
  /** The primary key column rows are changed by; null when the table has none (or a composite one). */
  primary_key: z.string().nullable(),
  editable: z.boolean(),
  columns: z.array(ZAdminDbColumn),
  rows: z.array(ZAdminDbRow),
  offset: z.number().int(),
  total: z.number().int(),
});
export type TAdminDbTablePage = z.infer<typeof ZAdminDbTablePage>;

/** PATCH /api/admin/db/table/{name}/{id} {updates} -> row. */
export const ZAdminDbRowUpdate = z.object({
  updates: z.record(z.string(), z.unknown()),
});
export type TAdminDbRowUpdate = z.infer<typeof ZAdminDbRowUpdate>;

export const ZAdminDbRowResult = z.object({ row: ZAdminDbRow });

/** One change made through the explorer: who, when, table, row, before and after (secrets hidden). */
export const ZAdminAuditEntry = z.object({
  id: z.string(),
  admin_email: z.string(),
  table: z.string(),
  row_id: z.string(),
  action: z.enum(['update', 'delete', 'kill-queue']),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  created_at: z.date(),
});
export type TAdminAuditEntry = z.infer<typeof ZAdminAuditEntry>;

export const ZAdminAuditQuery = z.object({
  limit: z.coerce.number().int().min(1).max(ADMIN_PAGES.max).default(ADMIN_DB.auditPage),
  offset: z.coerce.number().int().min(0).default(0),
});
export const ZAdminAuditPage = z.object({ items: z.array(ZAdminAuditEntry), total: z.number().int(), offset: z.number().int() });
export type TAdminAuditPage = z.infer<typeof ZAdminAuditPage>;

import type { EntityManager } from '@mikro-orm/postgresql';
import { ForeignKeyConstraintViolationException } from '@mikro-orm/core';
import { z } from 'zod';
import { AdminAuditEntrySchema, type AdminAuditEntry } from './admin-audit-entry.entity.ts';
import { ident, type ColumnInfo } from './admin-db-rules.ts';
import { Repository } from '../../db/repository.ts';

/** A row as PostgreSQL answers it, column by column. */
export type TDbRow = Record<string, unknown>;

/** One column's new value; `cast` when the parameter is sent as text and read as json or jsonb. */
export interface TColumnChange {
  column: string;
  value: unknown;
  cast: 'json' | 'jsonb' | null;
}

/** One audit entry: who changed which row of which table, with the row before and after. */
export interface TAuditRecord {
  adminId: string;
  adminEmail: string;
  table: string;
  rowId: string;
  action: 'update' | 'delete';
  before: TDbRow;
  after: TDbRow | null;
}

const ZColumnRow = z.object({
  column_name: z.string(),
  data_type: z.string(),
  is_nullable: z.string(),
  character_maximum_length: z.coerce.number().nullable(),
});
const ZTableRow = z.object({ name: z.string(), estimate: z.coerce.number() });
const ZCount = z.object({ count: z.coerce.number() });

/** Postgres' code for a statement stopped by statement_timeout. */
const QUERY_CANCELED = '57014';

/** Whether the error is a statement stopped by the transaction's statement timeout. */
export function isStatementTimeout(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === QUERY_CANCELED;
}

/**
 * The DB explorer's reach into the public schema: the catalog (tables, columns, primary keys), the
 * audit trail, and timed transactions for reading and changing rows of any table. Table and column
 * names reach SQL only quoted (ident); values only as parameters.
 */
export class AdminDbRepository extends Repository {
  /** The public schema's base tables with PostgreSQL's estimate of their rows, by name. */
  async tables(): Promise<z.output<typeof ZTableRow>[]> {
    return z.array(ZTableRow).parse(
      await this.em.execute(
        `select t.table_name as name, coalesce(s.n_live_tup, 0)::bigint as estimate
           from information_schema.tables t
           left join pg_stat_user_tables s on s.relname = t.table_name and s.schemaname = 'public'
          where t.table_schema = 'public' and t.table_type = 'BASE TABLE'
          order by t.table_name`,
      ),
    );
  }

  /** A public table's columns in their order; none for an unknown table. */
  async columnsOf(table: string): Promise<ColumnInfo[]> {
    const rows = z.array(ZColumnRow).parse(
      await this.em.execute(
        `select column_name, data_type, is_nullable, character_maximum_length
           from information_schema.columns
          where table_schema = 'public' and table_name = ?
          order by ordinal_position`,
        [table],
      ),
    );
    return rows.map((c) => ({
      name: c.column_name,
      dataType: c.data_type,
      nullable: c.is_nullable === 'YES',
      maxLength: c.character_maximum_length,
    }));
  }

  /** The columns of a public table's primary key. */
  async primaryKeyOf(table: string): Promise<string[]> {
    const rows = z.array(z.object({ column_name: z.string() })).parse(
      await this.em.execute(
        `select k.column_name
           from information_schema.table_constraints c
           join information_schema.key_column_usage k
             on k.constraint_name = c.constraint_name and k.table_schema = c.table_schema and k.table_name = c.table_name
          where c.table_schema = 'public' and c.table_name = ? and c.constraint_type = 'PRIMARY KEY'`,
        [table],
      ),
    );
    return rows.map((row) => row.column_name);
  }

  /** A page of the audit trail, newest first, with the number of entries. */
  auditPage(limit: number, offset: number): Promise<[AdminAuditEntry[], number]> {
    return this.em.findAndCount(AdminAuditEntrySchema, {}, { orderBy: { createdAt: 'desc', id: 'asc' }, limit, offset });
  }

  /** Runs `work` in a transaction of its own whose statements stop after `timeoutMs`. */
  timed<T>(timeoutMs: number, work: (tx: AdminDbTransaction) => Promise<T>): Promise<T> {
    return this.em.fork().transactional(async (tx) => {
      await tx.execute(`set local statement_timeout = ${Math.trunc(timeoutMs)}`, [], 'run');
      return work(new AdminDbTransaction(tx));
    });
  }
}

/** Reads and changes rows of one table by its single-column primary key, inside a timed transaction. */
export class AdminDbTransaction {
  private readonly tx: EntityManager;
  constructor(tx: EntityManager) {
    this.tx = tx;
  }

  /** A page of the table's rows in the order of `orderBy` (null: the first column). */
  async rows(table: string, orderBy: string | null, limit: number, offset: number): Promise<TDbRow[]> {
    const order = orderBy ? ident(orderBy) : '1';
    return this.tx.execute(`select * from ${ident(table)} order by ${order} limit ? offset ?`, [limit, offset]);
  }

  async count(table: string): Promise<number> {
    const [row] = z.array(ZCount).parse(await this.tx.execute(`select count(*) as count from ${ident(table)}`));
    return row?.count ?? 0;
  }

  /** The row whose key reads as `id`, locked until the transaction ends; null when there is none. */
  async lockedRow(table: string, key: string, id: string): Promise<TDbRow | null> {
    const [row] = await this.tx.execute(`select * from ${ident(table)} where ${ident(key)}::text = ? for update`, [id]);
    return row ?? null;
  }

  /** Changes the row's columns; answers the row as it now is (empty when there was none). */
  async update(table: string, key: string, id: string, changes: readonly TColumnChange[]): Promise<TDbRow> {
    const sets = changes.map((change) => `${ident(change.column)} = ?${change.cast ? `::${change.cast}` : ''}`);
    const [after] = await this.tx.execute(`update ${ident(table)} set ${sets.join(', ')} where ${ident(key)}::text = ? returning *`, [
      ...changes.map((change) => change.value),
      id,
    ]);
    return after ?? {};
  }

  /** Deletes the row; false (nothing deleted) while other rows still reference it. */
  async delete(table: string, key: string, id: string): Promise<boolean> {
    try {
      await this.tx.execute(`delete from ${ident(table)} where ${ident(key)}::text = ?`, [id], 'run');
      return true;
    } catch (error) {
      if (error instanceof ForeignKeyConstraintViolationException) return false;
      throw error;
    }
  }

  /** Writes the audit entry of a change, in this transaction. */
  async audit(entry: TAuditRecord): Promise<void> {
    const { adminId, table, ...rest } = entry;
    this.tx.create(AdminAuditEntrySchema, { ...rest, admin: adminId, tableName: table });
    await this.tx.flush();
  }
}

import type { EntityManager } from '@mikro-orm/postgresql';
import { ForeignKeyConstraintViolationException } from '@mikro-orm/core';
import { z } from 'zod';
import {
  ADMIN_DB,
  ADMIN_DB_MESSAGES,
  type TAdminAuditPage,
  type TAdminDbColumn,
  type TAdminDbRow,
  type TAdminDbTablePage,
  type TAdminDbTables,
  type ZAdminAuditQuery,
  type ZAdminDbRowUpdate,
  type ZAdminDbTableQuery,
} from '@ppp/contracts';
import { AppError } from '../errors.ts';
import type { User } from '../users/user.entity.ts';
import { AdminAuditEntrySchema } from './admin-audit-entry.entity.ts';
import {
  READ_ONLY_TABLES,
  REFUSED_TABLES,
  checkedValue,
  ident,
  isEditableType,
  isSecretColumn,
  visibleRow,
  type ColumnInfo,
} from './admin-db-rules.ts';

interface TableShape {
  name: string;
  columns: ColumnInfo[];
  primaryKey: string | null;
  editable: boolean;
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

/**
 * The DB explorer: the public schema's tables (never the refused ones), pages of rows with secrets
 * hidden, and single-row changes checked against the column types, each written to the audit table
 * in the same transaction. Every statement runs under a statement timeout.
 */
export class AdminDbService {
  private readonly em: EntityManager;
  constructor(em: EntityManager) {
    this.em = em;
  }

  async tables(): Promise<TAdminDbTables> {
    const rows = z.array(ZTableRow).parse(
      await this.em.execute(
        `select t.table_name as name, coalesce(s.n_live_tup, 0)::bigint as estimate
           from information_schema.tables t
           left join pg_stat_user_tables s on s.relname = t.table_name and s.schemaname = 'public'
          where t.table_schema = 'public' and t.table_type = 'BASE TABLE'
          order by t.table_name`,
      ),
    );
    const visible = rows.filter((row) => !REFUSED_TABLES.includes(row.name));
    const tables = [];
    for (const row of visible) {
      const shape = await this.shape(row.name);
      tables.push({ name: row.name, row_estimate: row.estimate, editable: shape.editable });
    }
    return { tables };
  }

  async page(name: string, query: z.output<typeof ZAdminDbTableQuery>): Promise<TAdminDbTablePage> {
    const shape = await this.shape(name);
    const order = shape.primaryKey ? ident(shape.primaryKey) : '1';
    return this.timed(async (tx) => {
      const rows = await tx.execute(`select * from ${ident(shape.name)} order by ${order} limit ? offset ?`, [query.limit, query.offset]);
      const [count] = z.array(ZCount).parse(await tx.execute(`select count(*) as count from ${ident(shape.name)}`));
      return {
        table: shape.name,
        primary_key: shape.primaryKey,
        editable: shape.editable,
        columns: shape.columns.map((column) => this.columnDto(column, shape)),
        rows: rows.map((row) => visibleRow(row, shape.columns)),
        offset: query.offset,
        total: count?.count ?? 0,
      };
    });
  }

  async update(admin: User, name: string, id: string, { updates }: z.output<typeof ZAdminDbRowUpdate>): Promise<{ row: TAdminDbRow }> {
    const shape = await this.editableShape(name);
    const entries = Object.entries(updates);
    if (entries.length === 0) throw new AppError('VALIDATION', ADMIN_DB_MESSAGES.nothingToUpdate);
    const values = entries.map(([key, value]) => {
      const column = shape.columns.find((c) => c.name === key);
      if (!column) throw new AppError('VALIDATION', ADMIN_DB_MESSAGES.unknownColumn(key));
      if (isSecretColumn(key)) throw new AppError('VALIDATION', ADMIN_DB_MESSAGES.hiddenColumn(key));
      if (key === shape.primaryKey || !isEditableType(column)) throw new AppError('VALIDATION', ADMIN_DB_MESSAGES.readOnlyColumn(key));
      const cast = column.dataType === 'jsonb' || column.dataType === 'json' ? `::${column.dataType}` : '';
      return { sql: `${ident(key)} = ?${cast}`, value: checkedValue(column, value) };
    });
    return this.timed(async (tx) => {
      const before = await this.lockedRow(tx, shape, id);
      const [after] = await tx.execute(
        `update ${ident(shape.name)} set ${values.map((v) => v.sql).join(', ')} where ${ident(shape.primaryKey ?? '')}::text = ? returning *`,
        [...values.map((v) => v.value), id],
      );
      const row = visibleRow(after ?? {}, shape.columns);
      this.audit(tx, admin, shape.name, id, 'update', before, row);
      await tx.flush();
      return { row };
    });
  }

  async remove(admin: User, name: string, id: string): Promise<void> {
    const shape = await this.editableShape(name);
    await this.timed(async (tx) => {
      const before = await this.lockedRow(tx, shape, id);
      try {
        await tx.execute(`delete from ${ident(shape.name)} where ${ident(shape.primaryKey ?? '')}::text = ?`, [id], 'run');
      } catch (error) {
        if (error instanceof ForeignKeyConstraintViolationException) throw new AppError('CONFLICT', ADMIN_DB_MESSAGES.stillReferenced);
        throw error;
      }
      this.audit(tx, admin, shape.name, id, 'delete', before, null);
      await tx.flush();
    });
  }

  async auditLog(query: z.output<typeof ZAdminAuditQuery>): Promise<TAdminAuditPage> {
    const [rows, total] = await this.em.findAndCount(
      AdminAuditEntrySchema,
      {},
      { orderBy: { createdAt: 'desc', id: 'asc' }, limit: query.limit, offset: query.offset },
    );
    return {
      items: rows.map((entry) => ({
        id: entry.id,
        admin_email: entry.adminEmail,
        table: entry.tableName,
        row_id: entry.rowId,
        action: entry.action === 'delete' ? 'delete' : 'update',
        before: entry.before ?? null,
        after: entry.after ?? null,
        created_at: entry.createdAt,
      })),
      total,
      offset: query.offset,
    };
  }

  private audit(
    tx: EntityManager,
    admin: User,
    table: string,
    rowId: string,
    action: 'update' | 'delete',
    before: Record<string, unknown>,
    after: Record<string, unknown> | null,
  ): void {
    tx.create(AdminAuditEntrySchema, { admin: admin.id, adminEmail: admin.email, tableName: table, rowId, action, before, after });
  }

  /** The row as it was, locked until the change commits; 404 when there is none. */
  private async lockedRow(tx: EntityManager, shape: TableShape, id: string): Promise<TAdminDbRow> {
    const [row] = await tx.execute(`select * from ${ident(shape.name)} where ${ident(shape.primaryKey ?? '')}::text = ? for update`, [id]);
    if (!row) throw new AppError('NOT_FOUND', ADMIN_DB_MESSAGES.rowNotFound);
    return visibleRow(row, shape.columns);
  }

  /** Runs `work` in a transaction whose statements stop after the explorer's timeout. */
  private async timed<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    try {
      return await this.em.fork().transactional(async (tx) => {
        await tx.execute(`set local statement_timeout = ${ADMIN_DB.statementTimeoutMs}`, [], 'run');
        return work(tx);
      });
    } catch (error) {
      if (error instanceof Error && 'code' in error && error.code === QUERY_CANCELED)
        throw new AppError('UPSTREAM', ADMIN_DB_MESSAGES.timedOut);
      throw error;
    }
  }

  private columnDto(column: ColumnInfo, shape: TableShape): TAdminDbColumn {
    const hidden = isSecretColumn(column.name);
    return {
      name: column.name,
      type: column.dataType,
      nullable: column.nullable,
      hidden,
      editable: shape.editable && !hidden && column.name !== shape.primaryKey && isEditableType(column),
    };
  }

  private async editableShape(name: string): Promise<TableShape> {
    const shape = await this.shape(name);
    if (!shape.editable) throw new AppError('BAD_REQUEST', ADMIN_DB_MESSAGES.readOnlyTable);
    return shape;
  }

  /** A public table's columns and single-column primary key; 404 for a refused or unknown table. */
  private async shape(name: string): Promise<TableShape> {
    if (REFUSED_TABLES.includes(name)) throw new AppError('NOT_FOUND', ADMIN_DB_MESSAGES.tableNotFound);
    const columns = z
      .array(ZColumnRow)
      .parse(
        await this.em.execute(
          `select column_name, data_type, is_nullable, character_maximum_length
             from information_schema.columns
            where table_schema = 'public' and table_name = ?
            order by ordinal_position`,
          [name],
        ),
      )
      .map((c) => ({
        name: c.column_name,
        dataType: c.data_type,
        nullable: c.is_nullable === 'YES',
        maxLength: c.character_maximum_length,
      }));
    if (columns.length === 0) throw new AppError('NOT_FOUND', ADMIN_DB_MESSAGES.tableNotFound);
    const keys = z.array(z.object({ column_name: z.string() })).parse(
      await this.em.execute(
        `select k.column_name
           from information_schema.table_constraints c
           join information_schema.key_column_usage k
             on k.constraint_name = c.constraint_name and k.table_schema = c.table_schema and k.table_name = c.table_name
          where c.table_schema = 'public' and c.table_name = ? and c.constraint_type = 'PRIMARY KEY'`,
        [name],
      ),
    );
    const primaryKey = keys.length === 1 ? (keys[0]?.column_name ?? null) : null;
    const editable = primaryKey !== null && !READ_ONLY_TABLES.includes(name) && !isSecretColumn(primaryKey);
    return { name, columns, primaryKey, editable };
  }
}

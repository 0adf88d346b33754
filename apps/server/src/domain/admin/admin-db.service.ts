import type { z } from 'zod';
import {
  ADMIN_DB,
  ADMIN_DB_MESSAGES,
  type TAdminAuditPage,
  type TAdminDbColumn,
  type TAdminDbRow,
  type TAdminDbTablePage,
  type TAdminDbTables,
  ZAdminAuditEntry,
  type ZAdminAuditQuery,
  type ZAdminDbRowUpdate,
  type ZAdminDbTableQuery,
} from '@ppp/contracts';
import { AppError, orNotFound } from '../errors.ts';
import type { User } from '../users/user.entity.ts';
import {
  READ_ONLY_TABLES,
  REFUSED_TABLES,
  checkedValue,
  isEditableType,
  isSecretColumn,
  visibleRow,
  type ColumnInfo,
} from './admin-db-rules.ts';
import { isStatementTimeout, type AdminDbRepository, type AdminDbTransaction, type TColumnChange } from './admin-db.repository.ts';

interface TableShape {
  name: string;
  columns: ColumnInfo[];
  primaryKey: string | null;
  editable: boolean;
}

/**
 * The DB explorer: the public schema's tables (never the refused ones), pages of rows with secrets
 * hidden, and single-row changes checked against the column types, each written to the audit table
 * in the same transaction. Every statement runs under a statement timeout.
 */
export class AdminDbService {
  private readonly db: AdminDbRepository;
  constructor(db: AdminDbRepository) {
    this.db = db;
  }

  async tables(): Promise<TAdminDbTables> {
    const rows = await this.db.tables();
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
    return this.timed(async (tx) => {
      const rows = await tx.rows(shape.name, shape.primaryKey, query.limit, query.offset);
      const total = await tx.count(shape.name);
      return {
        table: shape.name,
        primary_key: shape.primaryKey,
        editable: shape.editable,
        columns: shape.columns.map((column) => this.columnDto(column, shape)),
        rows: rows.map((row) => visibleRow(row, shape.columns)),
        offset: query.offset,
        total,
      };
    });
  }

  async update(admin: User, name: string, id: string, { updates }: z.output<typeof ZAdminDbRowUpdate>): Promise<{ row: TAdminDbRow }> {
    const shape = await this.editableShape(name);
    const entries = Object.entries(updates);
    if (entries.length === 0) throw new AppError('VALIDATION', ADMIN_DB_MESSAGES.nothingToUpdate);
    const changes = entries.map(([key, value]): TColumnChange => {
      const column = shape.columns.find((c) => c.name === key);
      if (!column) throw new AppError('VALIDATION', ADMIN_DB_MESSAGES.unknownColumn(key));
      if (isSecretColumn(key)) throw new AppError('VALIDATION', ADMIN_DB_MESSAGES.hiddenColumn(key));
      if (key === shape.primaryKey || !isEditableType(column)) throw new AppError('VALIDATION', ADMIN_DB_MESSAGES.readOnlyColumn(key));
      const cast = column.dataType === 'jsonb' || column.dataType === 'json' ? column.dataType : null;
      return { column: key, value: checkedValue(column, value), cast };
    });
    return this.timed(async (tx) => {
      const before = await this.lockedRow(tx, shape, id);
      const row = visibleRow(await tx.update(shape.name, shape.primaryKey ?? '', id, changes), shape.columns);
      await tx.audit({ adminId: admin.id, adminEmail: admin.email, table: shape.name, rowId: id, action: 'update', before, after: row });
      return { row };
    });
  }

  async remove(admin: User, name: string, id: string): Promise<void> {
    const shape = await this.editableShape(name);
    await this.timed(async (tx) => {
      const before = await this.lockedRow(tx, shape, id);
      if (!(await tx.delete(shape.name, shape.primaryKey ?? '', id))) throw new AppError('CONFLICT', ADMIN_DB_MESSAGES.stillReferenced);
      await tx.audit({ adminId: admin.id, adminEmail: admin.email, table: shape.name, rowId: id, action: 'delete', before, after: null });
    });
  }

  async auditLog(query: z.output<typeof ZAdminAuditQuery>): Promise<TAdminAuditPage> {
    const [rows, total] = await this.db.auditPage(query.limit, query.offset);
    return {
      items: rows.map((entry) => ({
        id: entry.id,
        admin_email: entry.adminEmail,
        table: entry.tableName,
        row_id: entry.rowId,
        action: ZAdminAuditEntry.shape.action.catch('update').parse(entry.action),
        before: entry.before ?? null,
        after: entry.after ?? null,
        created_at: entry.createdAt,
      })),
      total,
      offset: query.offset,
    };
  }

  /** The row as it was, locked until the change commits; 404 when there is none. */
  private async lockedRow(tx: AdminDbTransaction, shape: TableShape, id: string): Promise<TAdminDbRow> {
    const row = orNotFound(await tx.lockedRow(shape.name, shape.primaryKey ?? '', id), ADMIN_DB_MESSAGES.rowNotFound);
    return visibleRow(row, shape.columns);
  }

  /** Runs `work` in a transaction whose statements stop after the explorer's timeout. */
  private async timed<T>(work: (tx: AdminDbTransaction) => Promise<T>): Promise<T> {
    try {
      return await this.db.timed(ADMIN_DB.statementTimeoutMs, work);
    } catch (error) {
      if (isStatementTimeout(error)) throw new AppError('UPSTREAM', ADMIN_DB_MESSAGES.timedOut);
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
    const columns = await this.db.columnsOf(name);
    if (columns.length === 0) throw new AppError('NOT_FOUND', ADMIN_DB_MESSAGES.tableNotFound);
    const keys = await this.db.primaryKeyOf(name);
    const primaryKey = keys.length === 1 ? (keys[0] ?? null) : null;
    const editable = primaryKey !== null && !READ_ONLY_TABLES.includes(name) && !isSecretColumn(primaryKey);
    return { name, columns, primaryKey, editable };
  }
}

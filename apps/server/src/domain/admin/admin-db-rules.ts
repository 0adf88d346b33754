import { z } from 'zod';
import { ADMIN_DB, ADMIN_DB_MESSAGES, type TAdminDbRow } from '@ppp/contracts';
import { AppError } from '../errors.ts';

/** Tables the explorer never opens: the migration ledger, and sessions (their keys are token hashes). */
export const REFUSED_TABLES: readonly string[] = ['mikro_orm_migrations', 'sessions'];

/** Tables shown but never changed here: the audit trail itself. */
export const READ_ONLY_TABLES: readonly string[] = ['admin_audit_entries'];

/**
 * Secret columns by name: password and code hashes, session and upload tokens, sealed API keys and
 * encrypted OAuth tokens. Their values never leave the server and they cannot be changed here.
 */
const SECRET_COLUMN = /(password|secret|token|hash|sealed|_enc$)/i;

export function isSecretColumn(name: string): boolean {
  return SECRET_COLUMN.test(name);
}

/** A column as information_schema describes it. */
export interface ColumnInfo {
  name: string;
  dataType: string;
  nullable: boolean;
  maxLength: number | null;
}

const INT_RANGES: Record<string, [number, number]> = {
  smallint: [-32768, 32767],
  integer: [-2147483648, 2147483647],
  bigint: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
};

/** The value a column accepts, as a Zod schema that outputs the SQL parameter; null when the explorer cannot edit the type. */
function schemaOf(column: ColumnInfo): z.ZodType<unknown> | null {
  const type = column.dataType;
  if (type === 'text' || type === 'character varying' || type === 'character') {
    const text = z.string().refine((s) => !s.includes('\u0000'));
    return column.maxLength ? text.refine((s) => s.length <= (column.maxLength ?? 0)) : text;
  }
  if (type === 'uuid') return z.guid();
  if (type === 'boolean') return z.boolean();
  const range = INT_RANGES[type];
  if (range) return z.number().int().min(range[0]).max(range[1]);
  if (type === 'double precision' || type === 'real' || type === 'numeric') return z.number().finite();
  if (type.startsWith('timestamp')) return z.iso.datetime({ offset: true }).transform((s) => new Date(s));
  if (type === 'date') return z.iso.date();
  if (type === 'json' || type === 'jsonb') return z.json().transform((v) => JSON.stringify(v));
  return null;
}

/** Whether the explorer can change a column of this type at all. */
export function isEditableType(column: ColumnInfo): boolean {
  return schemaOf(column) !== null;
}

/** The words the error names a type with. */
function typeWords(column: ColumnInfo): string {
  if (column.maxLength) return `${column.dataType} of at most ${column.maxLength} characters`;
  if (column.dataType.startsWith('timestamp')) return 'an ISO date and time';
  return column.dataType;
}

/** A value checked against its column: the SQL parameter, or 422 in words. */
export function checkedValue(column: ColumnInfo, value: unknown): unknown {
  if (value === null) {
    if (column.nullable) return null;
    throw new AppError('VALIDATION', ADMIN_DB_MESSAGES.invalidValue(column.name, typeWords(column)));
  }
  const schema = schemaOf(column);
  if (!schema) throw new AppError('VALIDATION', ADMIN_DB_MESSAGES.readOnlyColumn(column.name));
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new AppError('VALIDATION', ADMIN_DB_MESSAGES.invalidValue(column.name, typeWords(column)));
  return parsed.data;
}

/** A row as the explorer shows it: secrets hidden, dates as ISO text, big numbers as numbers. */
export function visibleRow(row: Record<string, unknown>, columns: readonly ColumnInfo[]): TAdminDbRow {
  const out: TAdminDbRow = {};
  const timestamps = new Set(columns.filter((c) => c.dataType.startsWith('timestamp')).map((c) => c.name));
  for (const [key, value] of Object.entries(row)) {
    if (isSecretColumn(key)) out[key] = value === null ? null : ADMIN_DB.hidden;
    else if (value instanceof Date) out[key] = value.toISOString();
    else if (typeof value === 'string' && timestamps.has(key) && !Number.isNaN(Date.parse(value))) out[key] = new Date(value).toISOString();
    else if (typeof value === 'bigint') out[key] = Number(value);
    else if (Buffer.isBuffer(value)) out[key] = ADMIN_DB.hidden;
    else if (value === undefined) out[key] = null;
    else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value === null) out[key] = value;
    else if (Array.isArray(value)) out[key] = value;
    else if (isRecord(value)) out[key] = value;
    else out[key] = String(value);
  }
  return out;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** A SQL identifier, quoted (names come from information_schema, quoting keeps any of them literal). */
export function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

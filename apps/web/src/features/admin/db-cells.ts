import type { TAdminDbColumn } from '@ppp/contracts';

/** Most characters a cell shows before it is cut with an ellipsis. */
const CELL_CHARS = 60;

/** A cell as text: null as '—', objects as JSON, long values cut. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return text.length > CELL_CHARS ? `${text.slice(0, CELL_CHARS - 1)}…` : text;
}

/** What an edit field starts with: '' for null, JSON for json columns, else the value as text. */
export function editText(column: TAdminDbColumn, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (column.type === 'json' || column.type === 'jsonb') return JSON.stringify(value, null, 2);
  return String(value);
}

const NUMBER_TYPES = ['smallint', 'integer', 'bigint', 'double precision', 'real', 'numeric'];

export type EditValue = { ok: true; value: unknown } | { ok: false; message: string };

/**
 * The value an edit field sends for its column: empty is null (when the column allows it), numbers
 * and booleans as such, json parsed; the server checks the types again and has the last word.
 */
export function valueOf(column: TAdminDbColumn, text: string): EditValue {
  if (text === '' && column.nullable) return { ok: true, value: null };
  if (column.type === 'boolean') {
    if (text === 'true' || text === 'false') return { ok: true, value: text === 'true' };
    return { ok: false, message: `${column.name}: true or false` };
  }
  if (NUMBER_TYPES.includes(column.type)) {
    const n = Number(text);
    return text.trim() !== '' && Number.isFinite(n) ? { ok: true, value: n } : { ok: false, message: `${column.name}: a number` };
  }
  if (column.type === 'json' || column.type === 'jsonb') {
    try {
      return { ok: true, value: JSON.parse(text) as unknown };
    } catch {
      return { ok: false, message: `${column.name}: valid JSON` };
    }
  }
  return { ok: true, value: text };
}

import { describe, expect, it } from 'vitest';
import type { TAdminDbColumn } from '@ppp/contracts';
import { cellText, editText, valueOf } from './db-cells.ts';

const column = (type: string, nullable = true): TAdminDbColumn => ({ name: 'c', type, nullable, hidden: false, editable: true });

describe('DB explorer cells', () => {
  it('shows null as a dash, objects as JSON and cuts long text', () => {
    expect(cellText(null)).toBe('—');
    expect(cellText({ a: 1 })).toBe('{"a":1}');
    expect(cellText(false)).toBe('false');
    expect(cellText('x'.repeat(80))).toHaveLength(60);
  });

  it('turns edit text into the column’s value, or says what it expects', () => {
    expect(valueOf(column('text'), '')).toEqual({ ok: true, value: null });
    expect(valueOf(column('text', false), '')).toEqual({ ok: true, value: '' });
    expect(valueOf(column('boolean'), 'true')).toEqual({ ok: true, value: true });
    expect(valueOf(column('boolean'), 'yes')).toEqual({ ok: false, message: 'c: true or false' });
    expect(valueOf(column('integer'), '42')).toEqual({ ok: true, value: 42 });
    expect(valueOf(column('integer', false), ' ')).toEqual({ ok: false, message: 'c: a number' });
    expect(valueOf(column('jsonb'), '["calm"]')).toEqual({ ok: true, value: ['calm'] });
    expect(valueOf(column('jsonb'), '[calm')).toEqual({ ok: false, message: 'c: valid JSON' });
    expect(editText(column('jsonb'), ['a'])).toBe('[\n  "a"\n]');
    expect(editText(column('text'), null)).toBe('');
  });
});

import { useState } from 'react';
import { ADMIN_MESSAGES, type TAdminDbRow, type TAdminDbTablePage } from '@ppp/contracts';
import { trpc } from '../../../lib/trpc.ts';
import { messageOf } from '../../../lib/api-error.ts';
import { editText, valueOf } from '../db-cells.ts';

/** One row's edit: the editable columns as texts, parsed back on save; only changed columns are sent. */
export function useDbRowEdit(page: TAdminDbTablePage, row: TAdminDbRow, onClose: () => void) {
  const utils = trpc.useUtils();
  const editable = page.columns.filter((c) => c.editable);
  const initial = Object.fromEntries(editable.map((c) => [c.name, editText(c, row[c.name])]));
  const [texts, setTexts] = useState<Record<string, string>>(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const id = page.primary_key ? String(row[page.primary_key]) : '';
  const update = trpc.admin.dbUpdateRow.useMutation({
    onSuccess: async () => {
      await Promise.all([utils.admin.dbTable.invalidate(), utils.admin.dbAudit.invalidate()]);
      onClose();
    },
    onError: (err) => setProblem(messageOf(err, ADMIN_MESSAGES.saveFailed)),
  });

  function setText(column: string, value: string) {
    setTexts((t) => ({ ...t, [column]: value }));
  }

  function save() {
    const updates: Record<string, unknown> = {};
    for (const column of editable) {
      const text = texts[column.name] ?? '';
      if (text === initial[column.name]) continue;
      const parsed = valueOf(column, text);
      if (!parsed.ok) return setProblem(parsed.message);
      updates[column.name] = parsed.value;
    }
    if (Object.keys(updates).length === 0) return onClose();
    update.mutate({ name: page.table, id, updates });
  }

  return { id, editable, texts, setText, problem, save, saving: update.isPending };
}

import { Alert, Button, Modal, Stack, Text, Textarea } from '@mantine/core';
import type { TAdminDbColumn, TAdminDbRow, TAdminDbTablePage } from '@ppp/contracts';
import { DialogActions } from '@ppp/ui';
import { cellText } from '../db-cells.ts';
import { useDbRowEdit } from './use-db-row-edit.ts';

type EditRowModalProps = { page: TAdminDbTablePage; row: TAdminDbRow; onClose: () => void };

/** Edits one row: read-only and secret columns listed, each editable column a text area. */
export function DbEditRowModal({ page, row, onClose }: EditRowModalProps) {
  const edit = useDbRowEdit(page, row, onClose);
  return (
    <Modal opened onClose={onClose} title={`Edit ${page.table} ${edit.id}`} size="lg">
      <Stack gap="xs">
        <ReadOnlyColumns page={page} row={row} />
        {edit.editable.map((column: TAdminDbColumn) => (
          <Textarea
            key={column.name}
            label={column.name}
            description={`${column.type}${column.nullable ? ', empty is null' : ''}`}
            autosize
            maxRows={8}
            value={edit.texts[column.name] ?? ''}
            onChange={(e) => edit.setText(column.name, e.currentTarget.value)}
          />
        ))}
        {edit.problem && (
          <Alert color="red" data-testid="db-edit-problem">
            {edit.problem}
          </Alert>
        )}
        <DialogActions onCancel={onClose}>
          <Button loading={edit.saving} onClick={edit.save}>
            Save row
          </Button>
        </DialogActions>
      </Stack>
    </Modal>
  );
}

function ReadOnlyColumns({ page, row }: { page: TAdminDbTablePage; row: TAdminDbRow }) {
  return page.columns
    .filter((c) => !c.editable)
    .map((c) => (
      <Text key={c.name} size="xs" c="dimmed">
        {c.name}: {cellText(row[c.name])} {c.hidden ? '(secret)' : '(read only)'}
      </Text>
    ));
}

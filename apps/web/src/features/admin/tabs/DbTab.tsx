import { useState } from 'react';
import { ActionIcon, Badge, Group, Loader, Pagination, Select, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { ADMIN_DB, ADMIN_MESSAGES, ADMIN_PAGES, type TAdminDbRow, type TAdminDbTablePage } from '@ppp/contracts';
import { trpc } from '../../../lib/trpc.ts';
import { messageOf } from '../../../lib/api-error.ts';
import { cellText } from '../db-cells.ts';
import { DbLoadError } from './DbLoadError.tsx';
import { DbEditRowModal } from './DbEditRowModal.tsx';
import { DbAuditLog } from './DbAuditLog.tsx';

/** DB Explorer: a table browser, 50 rows a page; secrets hidden; every change recorded in the audit table below. */
export function DbTab() {
  const tables = trpc.admin.dbTables.useQuery();
  const [table, setTable] = useState<string | null>(null);
  if (tables.isError) return <DbLoadError error={tables.error} />;
  if (!tables.data) return <Loader aria-label="Loading tables" />;
  return (
    <Stack gap="lg">
      <Select
        label="Table"
        placeholder="Choose a table"
        searchable
        maw={420}
        data={tables.data.tables.map((t) => ({ value: t.name, label: `${t.name} (~${t.row_estimate})` }))}
        value={table}
        onChange={setTable}
      />
      {table && <TableRows key={table} name={table} />}
      <DbAuditLog />
    </Stack>
  );
}

function TableRows({ name }: { name: string }) {
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<TAdminDbRow | null>(null);
  const rows = trpc.admin.dbTable.useQuery({ name, limit: ADMIN_PAGES.dbRows, offset: (page - 1) * ADMIN_PAGES.dbRows });
  if (rows.isError) return <DbLoadError error={rows.error} />;
  if (!rows.data) return <Loader aria-label="Loading rows" />;
  const data = rows.data;
  const pages = Math.max(1, Math.ceil(data.total / ADMIN_PAGES.dbRows));
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Text size="sm" c="dimmed" data-testid="db-total">
          {data.total} {data.total === 1 ? 'row' : 'rows'}
        </Text>
        {!data.editable && <Badge color="gray">read only</Badge>}
      </Group>
      <Table.ScrollContainer minWidth={Math.max(720, data.columns.length * 140)}>
        <Table striped withTableBorder aria-label={`Rows of ${name}`} fz="xs">
          <Table.Thead>
            <Table.Tr>
              {data.editable && <Table.Th aria-label="Actions" />}
              {data.columns.map((column) => (
                <Table.Th key={column.name}>
                  <Text size="xs" fw={700}>
                    {column.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {column.type}
                  </Text>
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.rows.map((row, index) => (
              <DbRow key={data.primary_key ? String(row[data.primary_key]) : index} page={data} row={row} onEdit={() => setEditing(row)} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} aria-label={`Pages of ${name}`} />}
      {editing && <DbEditRowModal page={data} row={editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}

function DbRow({ page, row, onEdit }: { page: TAdminDbTablePage; row: TAdminDbRow; onEdit: () => void }) {
  const utils = trpc.useUtils();
  const id = page.primary_key ? String(row[page.primary_key]) : '';
  const remove = trpc.admin.dbDeleteRow.useMutation({
    onSuccess: () => Promise.all([utils.admin.dbTable.invalidate(), utils.admin.dbAudit.invalidate()]),
    onError: (err) =>
      notifications.show({ color: 'red', title: ADMIN_MESSAGES.deleteFailed, message: messageOf(err, ADMIN_MESSAGES.deleteFailed) }),
  });
  return (
    <Table.Tr data-testid={`db-row-${id}`}>
      {page.editable && (
        <Table.Td>
          <Group gap={2} wrap="nowrap">
            <ActionIcon size="sm" variant="subtle" aria-label={`Edit row ${id}`} onClick={onEdit}>
              <IconPencil size={14} />
            </ActionIcon>
            <ActionIcon
              size="sm"
              variant="subtle"
              color="red"
              aria-label={`Delete row ${id}`}
              loading={remove.isPending}
              onClick={() => {
                if (window.confirm(`Delete row ${id} of ${page.table}? This is recorded in the audit log.`))
                  remove.mutate({ name: page.table, id });
              }}
            >
              <IconTrash size={14} />
            </ActionIcon>
          </Group>
        </Table.Td>
      )}
      {page.columns.map((column) => (
        <Table.Td key={column.name} c={row[column.name] === ADMIN_DB.hidden ? 'dimmed' : undefined} style={{ whiteSpace: 'nowrap' }}>
          {cellText(row[column.name])}
        </Table.Td>
      ))}
    </Table.Tr>
  );
}

import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Pagination,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { ADMIN_DB, ADMIN_MESSAGES, ADMIN_PAGES, type TAdminDbColumn, type TAdminDbRow, type TAdminDbTablePage } from '@ppp/contracts';
import { trpc } from '../../../lib/trpc.ts';
import { messageOf, toApiFailure } from '../../../lib/api-error.ts';
import { formatWhen } from '../admin-format.ts';
import { cellText, editText, valueOf } from '../db-cells.ts';

/** DB Explorer: a table browser, 50 rows a page; secrets hidden; every change recorded in the audit table below. */
export function DbTab() {
  const tables = trpc.admin.dbTables.useQuery();
  const [table, setTable] = useState<string | null>(null);
  if (tables.isError) return <LoadError error={tables.error} />;
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
      <AuditLog />
    </Stack>
  );
}

function LoadError({ error }: { error: unknown }) {
  const forbidden = toApiFailure(error).status === 403;
  return <Alert color="red">{forbidden ? ADMIN_MESSAGES.adminOnly : ADMIN_MESSAGES.loadFailed}</Alert>;
}

function TableRows({ name }: { name: string }) {
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<TAdminDbRow | null>(null);
  const rows = trpc.admin.dbTable.useQuery({ name, limit: ADMIN_PAGES.dbRows, offset: (page - 1) * ADMIN_PAGES.dbRows });
  if (rows.isError) return <LoadError error={rows.error} />;
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
      {editing && <EditRowModal page={data} row={editing} onClose={() => setEditing(null)} />}
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

function EditRowModal({ page, row, onClose }: { page: TAdminDbTablePage; row: TAdminDbRow; onClose: () => void }) {
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

  return (
    <Modal opened onClose={onClose} title={`Edit ${page.table} ${id}`} size="lg">
      <Stack gap="xs">
        {page.columns
          .filter((c) => !c.editable)
          .map((c) => (
            <Text key={c.name} size="xs" c="dimmed">
              {c.name}: {cellText(row[c.name])} {c.hidden ? '(secret)' : '(read only)'}
            </Text>
          ))}
        {editable.map((column: TAdminDbColumn) => (
          <Textarea
            key={column.name}
            label={column.name}
            description={`${column.type}${column.nullable ? ', empty is null' : ''}`}
            autosize
            maxRows={8}
            value={texts[column.name] ?? ''}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setTexts((t) => ({ ...t, [column.name]: value }));
            }}
          />
        ))}
        {problem && (
          <Alert color="red" data-testid="db-edit-problem">
            {problem}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={update.isPending} onClick={save}>
            Save row
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function AuditLog() {
  const [page, setPage] = useState(1);
  const log = trpc.admin.dbAudit.useQuery({ limit: ADMIN_DB.auditPage, offset: (page - 1) * ADMIN_DB.auditPage });
  const pages = Math.max(1, Math.ceil((log.data?.total ?? 0) / ADMIN_DB.auditPage));
  return (
    <Stack gap="sm">
      <Title order={3} size="h4">
        Audit log
      </Title>
      {log.isError ? (
        <LoadError error={log.error} />
      ) : !log.data ? (
        <Loader aria-label="Loading audit log" />
      ) : log.data.items.length === 0 ? (
        <Text c="dimmed">No changes made through the explorer yet.</Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped aria-label="Audit log" fz="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>Who</Table.Th>
                <Table.Th>Action</Table.Th>
                <Table.Th>Table</Table.Th>
                <Table.Th>Row</Table.Th>
                <Table.Th>Changed</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {log.data.items.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td>{formatWhen(entry.created_at)}</Table.Td>
                  <Table.Td>{entry.admin_email}</Table.Td>
                  <Table.Td>
                    <Text size="xs" fw={700} c={entry.action === 'delete' ? 'red' : 'blue'}>
                      {entry.action}
                    </Text>
                  </Table.Td>
                  <Table.Td>{entry.table}</Table.Td>
                  <Table.Td ff="monospace">{entry.row_id}</Table.Td>
                  <Table.Td>{changeSummary(entry.before, entry.after)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} aria-label="Audit log pages" />}
    </Stack>
  );
}

/** 'tier: free → pro' for each changed column; a deleted row says so. */
function changeSummary(before: Record<string, unknown> | null, after: Record<string, unknown> | null): string {
  if (!after) return 'row deleted';
  if (!before) return '';
  return Object.keys(after)
    .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
    .map((key) => `${key}: ${cellText(before[key])} → ${cellText(after[key])}`)
    .join('; ');
}

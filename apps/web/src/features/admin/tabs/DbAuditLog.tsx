import { useState } from 'react';
import { Loader, Pagination, Stack, Table, Text, Title } from '@mantine/core';
import { ADMIN_DB, type TAdminAuditEntry } from '@ppp/contracts';
import { trpc } from '../../../lib/trpc.ts';
import { formatWhen } from '../admin-format.ts';
import { cellText } from '../db-cells.ts';
import { DbLoadError } from './DbLoadError.tsx';

/** The DB Explorer's audit log: every change made through it, newest first, paged. */
export function DbAuditLog() {
  const [page, setPage] = useState(1);
  const log = trpc.admin.dbAudit.useQuery({ limit: ADMIN_DB.auditPage, offset: (page - 1) * ADMIN_DB.auditPage });
  const pages = Math.max(1, Math.ceil((log.data?.total ?? 0) / ADMIN_DB.auditPage));
  return (
    <Stack gap="sm">
      <Title order={3} size="h4">
        Audit log
      </Title>
      {log.isError ? (
        <DbLoadError error={log.error} />
      ) : !log.data ? (
        <Loader aria-label="Loading audit log" />
      ) : log.data.items.length === 0 ? (
        <Text c="dimmed">No changes made through the explorer yet.</Text>
      ) : (
        <AuditTable entries={log.data.items} />
      )}
      {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} aria-label="Audit log pages" />}
    </Stack>
  );
}

function AuditTable({ entries }: { entries: TAdminAuditEntry[] }) {
  return (
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
          {entries.map((entry) => (
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

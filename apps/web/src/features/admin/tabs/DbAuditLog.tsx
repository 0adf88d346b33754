import { Loader, Pagination, Stack, Table, Text, Title } from '@mantine/core';
import { ADMIN_DB, type TAdminAuditEntry } from '@ppp/contracts';
import { DataTable } from '@ppp/ui';
import { trpc } from '../../../lib/trpc.ts';
import { formatWhen } from '../admin-format.ts';
import { cellText } from '../db-cells.ts';
import { useAdminPages } from '../use-admin-pages.ts';
import { DbLoadError } from './DbLoadError.tsx';

/** The DB Explorer's audit log: every change made through it, newest first, paged. */
export function DbAuditLog() {
  const paging = useAdminPages(ADMIN_DB.auditPage);
  const log = trpc.admin.dbAudit.useQuery({ limit: paging.limit, offset: paging.offset });
  const pages = paging.pagesFor(log.data?.total);
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
      {pages > 1 && <Pagination total={pages} value={paging.page} onChange={paging.setPage} aria-label="Audit log pages" />}
    </Stack>
  );
}

function AuditTable({ entries }: { entries: TAdminAuditEntry[] }) {
  return (
    <DataTable striped label="Audit log" minWidth={720} fz="xs" columns={['When', 'Who', 'Action', 'Table', 'Row', 'Changed']}>
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
    </DataTable>
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

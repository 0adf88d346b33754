import { Alert, Anchor, Badge, Card, Group, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ADMIN_MESSAGES, type TAdminSummary, type TAdminSystemStatus } from '@ppp/contracts';
import { DataTable } from '@ppp/ui';
import { trpc } from '../../../lib/trpc.ts';
import { AdminFigure } from '../AdminFigure.tsx';
import { formatBytes, formatDuration, formatWhen } from '../admin-format.ts';

const COUNTS: { key: keyof TAdminSummary; label: string }[] = [
  { key: 'users', label: 'Users' },
  { key: 'episodes', label: 'Episodes' },
  { key: 'published_episodes', label: 'Published episodes' },
  { key: 'podcasts', label: 'Shows' },
  { key: 'templates', label: 'Templates' },
];

/** Dashboard Overview: the instance's counts and its live state (no placeholders). */
export function OverviewTab() {
  const summary = trpc.admin.summary.useQuery();
  const status = trpc.admin.status.useQuery(undefined, { refetchInterval: 15_000 });
  if (summary.isError) return <Alert color="red">{ADMIN_MESSAGES.failedToLoadSummary}</Alert>;
  if (!summary.data) return <Loader aria-label="Loading summary" />;
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }}>
        {COUNTS.map((c) => (
          <AdminFigure key={c.key} label={c.label} value={String(summary.data[c.key])} testId={`summary-${c.key}`} />
        ))}
        <AdminFigure
          label="Episodes today"
          value={status.data ? String(status.data.episodes_today) : '…'}
          testId="summary-episodes_today"
        />
      </SimpleGrid>
      {status.data ? (
        <SystemStatus status={status.data} />
      ) : status.isError ? (
        <Alert color="red">{ADMIN_MESSAGES.loadFailed}</Alert>
      ) : (
        <Loader />
      )}
      <Group gap="lg">
        <Anchor href="/api/health" target="_blank" rel="noreferrer">
          /api/health
        </Anchor>
        <Anchor component={Link} to="/admin/jobs">
          Jobs
        </Anchor>
        <Anchor component={Link} to="/admin/help">
          Help &amp; Docs
        </Anchor>
      </Group>
    </Stack>
  );
}

function SystemStatus({ status }: { status: TAdminSystemStatus }) {
  const workerSeen = status.worker_last_seen ? formatWhen(status.worker_last_seen) : 'never seen';
  return (
    <Card withBorder padding="md">
      <Title order={2} size="h4" mb="sm">
        System status
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        <Text>
          Database{' '}
          <Badge color={status.database === 'ok' ? 'teal' : 'red'} data-testid="status-database">
            {status.database}
          </Badge>
        </Text>
        <Text data-testid="status-uptime">Server uptime: {formatDuration(status.uptime_seconds)}</Text>
        <Text data-testid="status-worker">Worker last seen: {workerSeen}</Text>
        <Text data-testid="status-failed">Failed jobs: {status.failed_jobs}</Text>
        <Text data-testid="status-disk">
          Free disk (storage):{' '}
          {status.disk_free_bytes === null
            ? 'unknown'
            : `${formatBytes(status.disk_free_bytes)} of ${formatBytes(status.disk_total_bytes ?? 0)}`}
        </Text>
        <Text data-testid="status-ffmpeg">ffmpeg: {status.ffmpeg_version ?? 'not found'}</Text>
      </SimpleGrid>
      {status.queues.length > 0 && (
        <DataTable label="Queue depths" mt="md" striped withTableBorder columns={['Queue', 'Queued', 'Active', 'Failed']}>
          {status.queues.map((q) => (
            <Table.Tr key={q.name}>
              <Table.Td>{q.name}</Table.Td>
              <Table.Td>{q.queued}</Table.Td>
              <Table.Td>{q.active}</Table.Td>
              <Table.Td>{q.failed}</Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
    </Card>
  );
}

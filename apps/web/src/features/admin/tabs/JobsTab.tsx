import { useState } from 'react';
import { Alert, Button, Card, Code, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { ADMIN_MESSAGES, type TAdminFailedJob, type TAdminQueueCounts } from '@ppp/contracts';
import { DataTable } from '@ppp/ui';
import { trpc } from '../../../lib/trpc.ts';
import { formatWhen } from '../admin-format.ts';
import { useJobActions } from './use-job-actions.ts';
import { RetranscribeFallbackCard } from './RetranscribeFallbackCard.tsx';
import { KillQueueDialog } from './KillQueueDialog.tsx';

/** Jobs: pg-boss queues (queued, active, failed), the failed jobs' errors with Retry, and Kill queue (confirmed first). */
export function JobsTab() {
  const jobs = trpc.admin.jobs.useQuery(undefined, { refetchInterval: 10_000 });
  const { killQueue, killing, retryJob } = useJobActions();
  const [confirming, setConfirming] = useState<string | null>(null);

  if (jobs.isError) return <Alert color="red">{ADMIN_MESSAGES.loadFailed}</Alert>;
  if (!jobs.data) return <Loader aria-label="Loading jobs" />;
  return (
    <Stack gap="lg">
      <RetranscribeFallbackCard />
      {jobs.data.queues.length === 0 ? (
        <Text c="dimmed">No queue has been used yet.</Text>
      ) : (
        <QueuesTable queues={jobs.data.queues} onKill={setConfirming} />
      )}
      {confirming && (
        <KillQueueDialog
          queue={confirming}
          pending={killing}
          onClose={() => setConfirming(null)}
          onConfirm={() => void killQueue(confirming).then((done) => done && setConfirming(null))}
        />
      )}
      <Title order={2} size="h4">
        Failed jobs
      </Title>
      {jobs.data.failed.length === 0 ? (
        <Text c="dimmed">No failed jobs.</Text>
      ) : (
        jobs.data.failed.map((job) => <FailedJobCard key={job.id} job={job} onRetry={() => void retryJob(job.queue, job.id)} />)
      )}
    </Stack>
  );
}

function QueuesTable({ queues, onKill }: { queues: TAdminQueueCounts[]; onKill: (queue: string) => void }) {
  return (
    <DataTable striped label="Queues" minWidth={560} columns={['Queue', 'Queued', 'Active', 'Failed', '']}>
      {queues.map((q) => (
        <Table.Tr key={q.name} data-testid={`queue-${q.name}`}>
          <Table.Td>{q.name}</Table.Td>
          <Table.Td>{q.queued}</Table.Td>
          <Table.Td>{q.active}</Table.Td>
          <Table.Td>{q.failed}</Table.Td>
          <Table.Td>
            <Button
              size="xs"
              color="red"
              variant="light"
              disabled={q.queued === 0}
              onClick={() => onKill(q.name)}
              aria-label={`Kill queue ${q.name}`}
            >
              Kill queue
            </Button>
          </Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}

function FailedJobCard({ job, onRetry }: { job: TAdminFailedJob; onRetry: () => void }) {
  return (
    <Card withBorder padding="sm">
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" fw={600}>
          {job.queue} · {formatWhen(job.failed_at)} · {job.retries} retries
        </Text>
        <Button size="xs" variant="default" onClick={onRetry}>
          Retry
        </Button>
      </Group>
      <Code block mt="xs">
        {job.error}
      </Code>
    </Card>
  );
}

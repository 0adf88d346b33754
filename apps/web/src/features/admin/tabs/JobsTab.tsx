import { Alert, Button, Card, Code, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ADMIN_MESSAGES, MESSAGES } from '@ppp/contracts';
import { trpc } from '../../../lib/trpc.ts';
import { toApiFailure } from '../../../lib/api-error.ts';
import { formatWhen } from '../admin-format.ts';

/** Jobs: pg-boss queues (queued, active, failed), the failed jobs' errors with Retry, and Kill queue. */
export function JobsTab() {
  const jobs = trpc.admin.jobs.useQuery(undefined, { refetchInterval: 10_000 });
  const utils = trpc.useUtils();
  const kill = trpc.admin.killQueue.useMutation();
  const retry = trpc.admin.retryJob.useMutation();

  async function killQueue(queue: string) {
    try {
      const result = await kill.mutateAsync({ queue });
      notifications.show({ color: 'teal', title: `Queue ${result.queue} killed`, message: `${result.cancelled} queued jobs cancelled.` });
    } catch (err) {
      notifications.show({
        color: 'red',
        title: ADMIN_MESSAGES.failedToKillQueue,
        message: toApiFailure(err).message ?? MESSAGES.unexpected,
      });
    }
    await utils.admin.jobs.invalidate();
  }

  async function retryJob(queue: string, id: string) {
    try {
      await retry.mutateAsync({ queue, id });
    } catch (err) {
      notifications.show({ color: 'red', title: ADMIN_MESSAGES.saveFailed, message: toApiFailure(err).message ?? MESSAGES.unexpected });
    }
    await utils.admin.jobs.invalidate();
  }

  if (jobs.isError) return <Alert color="red">{ADMIN_MESSAGES.loadFailed}</Alert>;
  if (!jobs.data) return <Loader aria-label="Loading jobs" />;
  return (
    <Stack gap="lg">
      {jobs.data.queues.length === 0 ? (
        <Text c="dimmed">No queue has been used yet.</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped aria-label="Queues">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Queue</Table.Th>
                <Table.Th>Queued</Table.Th>
                <Table.Th>Active</Table.Th>
                <Table.Th>Failed</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {jobs.data.queues.map((q) => (
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
                      onClick={() => void killQueue(q.name)}
                      aria-label={`Kill queue ${q.name}`}
                    >
                      Kill queue
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Title order={2} size="h4">
        Failed jobs
      </Title>
      {jobs.data.failed.length === 0 ? (
        <Text c="dimmed">No failed jobs.</Text>
      ) : (
        jobs.data.failed.map((job) => (
          <Card key={job.id} withBorder padding="sm">
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm" fw={600}>
                {job.queue} · {formatWhen(job.failed_at)} · {job.retries} retries
              </Text>
              <Button size="xs" variant="default" onClick={() => void retryJob(job.queue, job.id)}>
                Retry
              </Button>
            </Group>
            <Code block mt="xs">
              {job.error}
            </Code>
          </Card>
        ))
      )}
    </Stack>
  );
}

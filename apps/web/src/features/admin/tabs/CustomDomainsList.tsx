import { Alert, Badge, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { ADMIN_MESSAGES, type TCustomDomainState } from '@ppp/contracts';
import { DataTable } from '@ppp/ui';
import { trpc } from '../../../lib/trpc.ts';
import { formatWhen } from '../admin-format.ts';

const STATE_COLOUR: Record<TCustomDomainState, string> = { pending: 'yellow', verified: 'green', failed: 'red' };

/** Issue 35: every claimed custom domain with its show, owner, state (and why), last check and grace period. */
export function CustomDomainsList() {
  const domains = trpc.admin.customDomains.useQuery({});
  return (
    <Stack gap="sm">
      <Title order={3} size="h4">
        Custom domains
      </Title>
      {domains.isError ? (
        <Alert color="red">{ADMIN_MESSAGES.loadFailed}</Alert>
      ) : !domains.data ? (
        <Loader aria-label="Loading custom domains" />
      ) : !domains.data.items.length ? (
        <Text c="dimmed">No show has a custom domain.</Text>
      ) : (
        <DataTable
          striped
          label="Custom domains"
          minWidth={760}
          columns={['Domain', 'Show', 'Owner', 'State', 'Last check', 'Grace until']}
        >
          {domains.data.items.map((d) => (
            <Table.Tr key={`${d.domain}:${d.podcast_id}`}>
              <Table.Td>
                <Text size="sm" ff="monospace">
                  {d.domain}
                </Text>
              </Table.Td>
              <Table.Td>{d.podcast_name}</Table.Td>
              <Table.Td>{d.owner_email}</Table.Td>
              <Table.Td>
                <Badge color={STATE_COLOUR[d.state]} variant="light" title={d.failure ?? undefined}>
                  {d.state}
                  {d.serving ? ', serving' : ''}
                </Badge>
                {d.failure && (
                  <Text size="xs" c="dimmed" lineClamp={2} title={d.failure}>
                    {d.failure}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{d.checked_at ? formatWhen(d.checked_at) : 'never'}</Table.Td>
              <Table.Td>{d.grace_until ? formatWhen(d.grace_until) : ''}</Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
    </Stack>
  );
}

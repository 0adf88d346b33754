import { useState } from 'react';
import { Alert, Anchor, Loader, Pagination, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Link } from 'react-router';
import { ADMIN_MESSAGES, ADMIN_PAGES, type TAdminPodcastRow } from '@ppp/contracts';
import { trpc } from '../../../lib/trpc.ts';
import { formatDay } from '../admin-format.ts';

/** Podcasts: every show, 25 per page, filtered by its owner's email. */
export function PodcastsTab() {
  const [owner, setOwner] = useState('');
  const [debounced] = useDebouncedValue(owner.trim(), 300);
  const [page, setPage] = useState(1);
  const shows = trpc.admin.podcasts.useQuery({
    owner_email: debounced || undefined,
    limit: ADMIN_PAGES.podcasts,
    offset: (page - 1) * ADMIN_PAGES.podcasts,
  });
  const pages = Math.max(1, Math.ceil((shows.data?.total ?? 0) / ADMIN_PAGES.podcasts));
  return (
    <Stack gap="md">
      <TextInput
        label="Filter by owner"
        placeholder="Owner email"
        value={owner}
        onChange={(e) => {
          setOwner(e.currentTarget.value);
          setPage(1);
        }}
        maw={420}
      />
      {shows.isError ? (
        <Alert color="red">{ADMIN_MESSAGES.failedToLoadPodcasts}</Alert>
      ) : !shows.data ? (
        <Loader aria-label="Loading podcasts" />
      ) : (
        <>
          <Text size="sm" c="dimmed" data-testid="podcasts-total">
            {shows.data.total} {shows.data.total === 1 ? 'show' : 'shows'}
          </Text>
          <PodcastsTable shows={shows.data.items} />
          {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} aria-label="Podcasts pages" />}
        </>
      )}
    </Stack>
  );
}

function PodcastsTable({ shows }: { shows: TAdminPodcastRow[] }) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped aria-label="Podcasts">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>ID</Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th>Owner</Table.Th>
            <Table.Th>Episodes</Table.Th>
            <Table.Th>Created</Table.Th>
            <Table.Th>Last episode</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shows.map((show) => (
            <Table.Tr key={show.id}>
              <Table.Td>
                <Text size="xs" ff="monospace">
                  {show.id.slice(0, 8)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Anchor component={Link} to={`/dashboard?podcast=${show.id}`}>
                  {show.name}
                </Anchor>
              </Table.Td>
              <Table.Td>{show.owner_email}</Table.Td>
              <Table.Td>{show.episode_count}</Table.Td>
              <Table.Td>{formatDay(show.created_at)}</Table.Td>
              <Table.Td>{formatDay(show.last_episode_at)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

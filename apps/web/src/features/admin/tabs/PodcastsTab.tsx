import { Anchor, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ADMIN_MESSAGES, ADMIN_PAGES, type TAdminPodcastRow } from '@ppp/contracts';
import { DataTable } from '@ppp/ui';
import { trpc } from '../../../lib/trpc.ts';
import { formatDay } from '../admin-format.ts';
import { AdminSearchList } from '../AdminSearchList.tsx';
import { useAdminSearchPages } from '../use-admin-pages.ts';
import { CustomDomainsList } from './CustomDomainsList.tsx';

/** Podcasts: every show, 25 per page, filtered by its owner's email; below, the custom domains (issue 35). */
export function PodcastsTab() {
  const pages = useAdminSearchPages(ADMIN_PAGES.podcasts);
  const shows = trpc.admin.podcasts.useQuery({ owner_email: pages.query, limit: pages.limit, offset: pages.offset });
  return (
    <Stack gap="xl">
      <AdminSearchList
        pages={pages}
        result={shows}
        search={{ label: 'Filter by owner', placeholder: 'Owner email' }}
        nouns={['show', 'shows']}
        failed={ADMIN_MESSAGES.failedToLoadPodcasts}
        loadingLabel="Loading podcasts"
        totalTestId="podcasts-total"
        pagesLabel="Podcasts pages"
      >
        {(items) => <PodcastsTable shows={items} />}
      </AdminSearchList>
      <CustomDomainsList />
    </Stack>
  );
}

function PodcastsTable({ shows }: { shows: TAdminPodcastRow[] }) {
  return (
    <DataTable striped label="Podcasts" minWidth={760} columns={['ID', 'Name', 'Owner', 'Episodes', 'Created', 'Last episode']}>
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
    </DataTable>
  );
}

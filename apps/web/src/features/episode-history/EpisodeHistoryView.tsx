import { useCallback, useState } from 'react';
import { Alert, Button, Group, Loader, Pagination, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconRefresh } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { EPISODE_MESSAGES, type TEpisode } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { pageOf, pageSizeOf, visibleEpisodes, withRecentPlays, type TView } from './episode-list.ts';
import { EpisodeCard, EpisodeTable, EpisodeTile } from './EpisodeItems.tsx';
import type { EpisodeAction } from './EpisodeMenu.tsx';
import { EpisodeDialogs, type EpisodeDialog } from './EpisodeDialogs.tsx';
import { EpisodeFilters, useEpisodeFilters } from './EpisodeFilters.tsx';
import { useAllEpisodes, useEpisodePlayer } from './use-episodes.ts';
import { useEpisodeActions } from './use-episode-actions.ts';
import { useLinkedEpisode } from './use-linked-episode.ts';

/** Episode History (spec 001): find any episode, change it, cut it, publish, schedule, unpublish, retry or delete it. */
export function EpisodeHistoryView() {
  const all = useAllEpisodes();
  const { episodes, failed } = all;
  const filters = useEpisodeFilters();
  const [dialog, setDialog] = useState<EpisodeDialog>(null);
  useLinkedEpisode(
    episodes,
    useCallback((episode: TEpisode) => setDialog({ kind: 'edit', episode }), []),
  );
  const onAction = useEpisodeActions(all, setDialog);

  // Plays of the last 30 days where the plan has analytics (spec 001 section 9); the lifetime counter otherwise.
  const recentPlays = trpc.publishing.episodePlays.useQuery({ window: 'last30d' }, { retry: false });
  const visible = visibleEpisodes(withRecentPlays(episodes ?? [], recentPlays.data), filters);
  const shown = pageOf(visible, filters.page, pageSizeOf(filters.view));

  return (
    <Stack gap="md">
      <EpisodesHeader loading={all.loading} onRefresh={() => void all.reload()} />
      <EpisodeFilters filters={filters} />

      {failed && <Alert color="red">{EPISODE_MESSAGES.loadFailed}</Alert>}
      {episodes === null && !failed && <Loader aria-label="Loading episodes" />}
      {episodes !== null && visible.length === 0 && (
        <Text c="dimmed">{episodes.length === 0 ? 'No episodes yet. Make one from New Episode.' : 'No episodes match your search.'}</Text>
      )}

      <EpisodeResults view={filters.view} items={shown.items} onAction={onAction} />
      {shown.pages > 1 && (
        <Pagination total={shown.pages} value={Math.min(filters.page, shown.pages)} onChange={filters.setPage} aria-label="Pages" />
      )}
      {episodes !== null && (
        <Text size="xs" c="dimmed">
          {visible.length} of {episodes.length} episodes
        </Text>
      )}

      <EpisodeDialogs dialog={dialog} onClose={() => setDialog(null)} onSwitch={setDialog} episodes={all} />
    </Stack>
  );
}

/** Back to the dashboard, the title and Refresh. */
function EpisodesHeader({ loading, onRefresh }: { loading: boolean; onRefresh: () => void }) {
  const navigate = useNavigate();
  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <Group gap="sm">
        <Button variant="subtle" leftSection={<IconArrowLeft size={16} />} onClick={() => void navigate('/dashboard')}>
          Back
        </Button>
        <Title order={1} size="h2">
          Episodes
        </Title>
      </Group>
      <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={onRefresh} loading={loading}>
        Refresh
      </Button>
    </Group>
  );
}

interface ResultsProps {
  view: TView;
  items: TEpisode[];
  onAction: (action: EpisodeAction, episode: TEpisode) => void;
}

/** The page of episodes as cards, tiles or table rows (the list plays an episode in place). */
function EpisodeResults({ view, items, onAction }: ResultsProps) {
  const player = useEpisodePlayer();
  if (view === 'grid')
    return (
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 5 }} spacing="md">
        {items.map((e) => (
          <EpisodeCard key={e.id} episode={e} onAction={onAction} />
        ))}
      </SimpleGrid>
    );
  if (view === 'mosaic')
    return (
      <SimpleGrid cols={{ base: 3, sm: 4, md: 5 }} spacing={6}>
        {items.map((e) => (
          <EpisodeTile key={e.id} episode={e} onAction={onAction} />
        ))}
      </SimpleGrid>
    );
  if (items.length === 0) return null;
  return <EpisodeTable episodes={items} playing={player.playing} onPlay={(e) => void player.toggle(e)} onAction={onAction} />;
}

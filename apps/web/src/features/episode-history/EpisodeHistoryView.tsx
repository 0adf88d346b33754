import { useCallback, useState } from 'react';
import {
  Alert,
  Button,
  Group,
  Loader,
  Pagination,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconLayoutGrid, IconLayoutList, IconRefresh, IconSearch, IconSquares } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { EPISODE_MESSAGES, PUBLISH_LIMITS, PUBLISH_MESSAGES, type TEpisode } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { toApiFailure } from '../../lib/api-error.ts';
import { PublishDialog } from '../publishing/PublishDialog.tsx';
import { UnpublishDialog } from '../publishing/UnpublishDialog.tsx';
import {
  SORTS,
  STATUS_FILTERS,
  STATUS_LABELS,
  pageOf,
  pageSizeOf,
  visibleEpisodes,
  type TSort,
  type TStatusFilter,
  type TView,
  withRecentPlays,
} from './episode-list.ts';
import { EpisodeCard, EpisodeTable, EpisodeTile } from './EpisodeItems.tsx';
import type { EpisodeAction } from './EpisodeMenu.tsx';
import { EditEpisodePanel } from './EditEpisodePanel.tsx';
import { DeleteEpisodeDialog } from './DeleteEpisodeDialog.tsx';
import { ManualEditorOverlay } from './ManualEditorOverlay.tsx';
import { FlubberReviewPanel } from './FlubberReviewPanel.tsx';
import { useAllEpisodes, useEpisodePlayer } from './use-episodes.ts';
import { useLinkedEpisode } from './use-linked-episode.ts';
import { TranscriptEditor } from '../transcript/TranscriptEditor.tsx';

const SORT_LABELS: Record<TSort, string> = { newest: 'Newest', oldest: 'Oldest', title: 'Title', status: 'Status', plays: 'Plays' };
type Dialog = {
  kind: 'edit' | 'delete' | 'manual-edit' | 'retakes' | 'transcript' | 'publish' | 'schedule' | 'unpublish';
  episode: TEpisode;
} | null;

/** Episode History (spec 001): find any episode, change it, cut it, publish, schedule, unpublish, retry or delete it. */
export function EpisodeHistoryView() {
  const navigate = useNavigate();
  const { episodes, failed, loading, reload, reloadAfter, setEpisodes } = useAllEpisodes();
  const player = useEpisodePlayer();
  const retry = trpc.episodes.retry.useMutation();
  const republish = trpc.publishing.republish.useMutation();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<TStatusFilter>('all');
  const [sort, setSort] = useState<TSort>('newest');
  const [view, setView] = useState<TView>('grid');
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<Dialog>(null);
  useLinkedEpisode(
    episodes,
    useCallback((episode: TEpisode) => setDialog({ kind: 'edit', episode }), []),
  );

  // Plays of the last 30 days where the plan has analytics (spec 001 section 9); the lifetime counter otherwise.
  const recentPlays = trpc.publishing.episodePlays.useQuery({ window: 'last30d' }, { retry: false });
  const visible = visibleEpisodes(withRecentPlays(episodes ?? [], recentPlays.data), { search, status, sort });
  const shown = pageOf(visible, page, pageSizeOf(view));
  const close = () => setDialog(null);

  async function onAction(action: EpisodeAction, episode: TEpisode) {
    if (action === 'retry') {
      try {
        await retry.mutateAsync({ id: episode.id });
        setEpisodes((list) => list?.map((e) => (e.id === episode.id ? { ...e, status: 'processing', retry_available: false } : e)) ?? null);
        reloadAfter(PUBLISH_LIMITS.reloadAfterRetryMs);
      } catch (err) {
        notifications.show({
          color: 'red',
          title: EPISODE_MESSAGES.retryFailed,
          message: toApiFailure(err).message ?? EPISODE_MESSAGES.retryFailed,
        });
      }
      return;
    }
    if (action === 'republish') {
      try {
        await republish.mutateAsync({ id: episode.id });
        notifications.show({ color: 'green', message: 'Publishing again' });
        reloadAfter(PUBLISH_LIMITS.reloadAfterRepublishMs);
      } catch (err) {
        notifications.show({
          color: 'red',
          title: PUBLISH_MESSAGES.republishFailed,
          message: toApiFailure(err).message ?? PUBLISH_MESSAGES.republishFailed,
        });
      }
      return;
    }
    setDialog({ kind: action, episode });
  }

  const setFilter =
    <T,>(setter: (value: T) => void) =>
    (value: T) => {
      setter(value);
      setPage(1);
    };

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm">
          <Button variant="subtle" leftSection={<IconArrowLeft size={16} />} onClick={() => void navigate('/dashboard')}>
            Back
          </Button>
          <Title order={1} size="h2">
            Episodes
          </Title>
        </Group>
        <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={() => void reload()} loading={loading}>
          Refresh
        </Button>
      </Group>
      <Group gap="sm" wrap="wrap" align="flex-end">
        <TextInput
          leftSection={<IconSearch size={16} />}
          placeholder="Search episodes"
          aria-label="Search"
          value={search}
          onChange={(e) => setFilter(setSearch)(e.currentTarget.value)}
          style={{ flex: '1 1 220px' }}
        />
        <Select
          aria-label="Status"
          data={STATUS_FILTERS.map((s) => ({ value: s, label: s === 'all' ? 'All statuses' : STATUS_LABELS[s] }))}
          value={status}
          onChange={(v) => setFilter(setStatus)((v ?? 'all') as TStatusFilter)}
          allowDeselect={false}
          w={160}
        />
        <Select
          aria-label="Sort"
          data={SORTS.map((s) => ({ value: s, label: SORT_LABELS[s] }))}
          value={sort}
          onChange={(v) => setFilter(setSort)((v ?? 'newest') as TSort)}
          allowDeselect={false}
          w={130}
        />
        <SegmentedControl
          aria-label="View"
          value={view}
          onChange={(v) => setFilter(setView)(v as TView)}
          data={[
            {
              value: 'grid',
              label: (
                <Group gap={4} wrap="nowrap">
                  <IconLayoutGrid size={16} />
                  <span>Grid</span>
                </Group>
              ),
            },
            {
              value: 'mosaic',
              label: (
                <Group gap={4} wrap="nowrap">
                  <IconSquares size={16} />
                  <span>Mosaic</span>
                </Group>
              ),
            },
            {
              value: 'list',
              label: (
                <Group gap={4} wrap="nowrap">
                  <IconLayoutList size={16} />
                  <span>List</span>
                </Group>
              ),
            },
          ]}
        />
      </Group>

      {failed && <Alert color="red">{EPISODE_MESSAGES.loadFailed}</Alert>}
      {episodes === null && !failed && <Loader aria-label="Loading episodes" />}
      {episodes !== null && visible.length === 0 && (
        <Text c="dimmed">{episodes.length === 0 ? 'No episodes yet. Make one from New Episode.' : 'No episodes match your search.'}</Text>
      )}

      {view === 'grid' && (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 5 }} spacing="md">
          {shown.items.map((e) => (
            <EpisodeCard key={e.id} episode={e} onAction={(a, ep) => void onAction(a, ep)} />
          ))}
        </SimpleGrid>
      )}
      {view === 'mosaic' && (
        <SimpleGrid cols={{ base: 3, sm: 4, md: 5 }} spacing={6}>
          {shown.items.map((e) => (
            <EpisodeTile key={e.id} episode={e} onAction={(a, ep) => void onAction(a, ep)} />
          ))}
        </SimpleGrid>
      )}
      {view === 'list' && shown.items.length > 0 && (
        <EpisodeTable
          episodes={shown.items}
          playing={player.playing}
          onPlay={(e) => void player.toggle(e)}
          onAction={(a, ep) => void onAction(a, ep)}
        />
      )}
      {shown.pages > 1 && <Pagination total={shown.pages} value={Math.min(page, shown.pages)} onChange={setPage} aria-label="Pages" />}
      {episodes !== null && (
        <Text size="xs" c="dimmed">
          {visible.length} of {episodes.length} episodes
        </Text>
      )}

      <EditEpisodePanel
        episode={dialog?.kind === 'edit' ? dialog.episode : null}
        episodes={episodes ?? []}
        onClose={close}
        onSaved={(saved) => {
          setEpisodes((list) => list?.map((e) => (e.id === saved.id ? saved : e)) ?? null);
          close();
        }}
      />
      <DeleteEpisodeDialog
        episode={dialog?.kind === 'delete' ? dialog.episode : null}
        onClose={close}
        onDeleted={(id) => {
          setEpisodes((list) => list?.filter((e) => e.id !== id) ?? null);
          close();
        }}
      />
      <PublishDialog
        key={dialog?.kind === 'schedule' || dialog?.kind === 'publish' ? `${dialog.kind}-${dialog.episode.id}` : 'closed'}
        episode={dialog?.kind === 'schedule' || dialog?.kind === 'publish' ? dialog.episode : null}
        initialMode={dialog?.kind === 'schedule' ? 'schedule' : 'now'}
        onClose={close}
        onDone={() => {
          close();
          void reload();
        }}
      />
      <UnpublishDialog
        episode={dialog?.kind === 'unpublish' ? dialog.episode : null}
        onClose={close}
        onDone={() => {
          close();
          reloadAfter(PUBLISH_LIMITS.reloadAfterUnpublishMs);
        }}
      />
      <ManualEditorOverlay
        episodeId={dialog?.kind === 'manual-edit' ? dialog.episode.id : null}
        title={dialog?.episode.title ?? ''}
        onClose={close}
        onCommitted={() => {
          close();
          void reload();
        }}
      />
      <TranscriptEditor source={dialog?.kind === 'transcript' ? { episode_id: dialog.episode.id } : null} onClose={close} />
      <FlubberReviewPanel
        key={dialog?.kind === 'retakes' ? dialog.episode.id : 'closed'}
        episodeId={dialog?.kind === 'retakes' ? dialog.episode.id : null}
        onClose={close}
        onApplied={() => {
          close();
          void reload();
        }}
      />
    </Stack>
  );
}

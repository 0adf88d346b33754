import { Alert, Loader, Stack, Text } from '@mantine/core';
import { PUBLISH_LIMITS, type TPodcast } from '@ppp/contracts';
import { DataTable } from '@ppp/ui';
import { trpc } from '../../lib/trpc.ts';
import { PublishDialog } from '../publishing/PublishDialog.tsx';
import { UnpublishDialog } from '../publishing/UnpublishDialog.tsx';
import { ShowEpisodeRow, type ShowEpisodeRowActions } from './ShowEpisodeRow.tsx';
import { useShowEpisodeActions, type ShowEpisodeActions } from './use-show-episode-actions.ts';

/** The show's episodes with publish, schedule, unpublish and retry (a short list; Episode History has the full one). */
export function ShowEpisodesPanel({ show }: { show: TPodcast }) {
  const episodes = trpc.podcasts.episodes.useQuery({ id: show.id });
  const actions = useShowEpisodeActions(show.id);
  const rowActions: ShowEpisodeRowActions = {
    onPublish: (target, mode) => actions.setPublishing({ target, mode }),
    onRetry: (episode) => void actions.retry(episode),
    onUnpublish: actions.setUnpublishing,
  };

  if (episodes.isPending) return <Loader size="sm" aria-label="Loading episodes" />;
  if (episodes.isError) return <Alert color="red">Failed to load episodes.</Alert>;
  if (episodes.data.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No episodes yet. Assemble one in the Episode Creator.
      </Text>
    );
  return (
    <Stack gap="xs">
      <DataTable
        label={`Episodes of ${show.name}`}
        minWidth={560}
        verticalSpacing="xs"
        columns={['Episode', 'Status', 'Date', 'Plays', '']}
      >
        {episodes.data.map((episode) => (
          <ShowEpisodeRow key={episode.id} episode={episode} actions={rowActions} />
        ))}
      </DataTable>
      <ShowEpisodeDialogs actions={actions} />
    </Stack>
  );
}

/** Publish/Schedule and Unpublish for the episode picked in the list; the list is read again once done. */
function ShowEpisodeDialogs({ actions }: { actions: ShowEpisodeActions }) {
  const { publishing, setPublishing, unpublishing, setUnpublishing, reload } = actions;
  return (
    <>
      <PublishDialog
        key={publishing ? `${publishing.target.id}-${publishing.mode}` : 'none'}
        episode={publishing?.target ?? null}
        initialMode={publishing?.mode ?? 'now'}
        onClose={() => setPublishing(null)}
        onDone={() => {
          setPublishing(null);
          reload();
        }}
      />
      <UnpublishDialog
        episode={unpublishing}
        onClose={() => setUnpublishing(null)}
        onDone={() => {
          setUnpublishing(null);
          reload(PUBLISH_LIMITS.reloadAfterUnpublishMs);
        }}
      />
    </>
  );
}

import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { PUBLISH_LIMITS, PUBLISH_MESSAGES, VISIBILITY_LABELS, type TPodcast, type TPublishMode, type TShowEpisode } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { toApiFailure } from '../../lib/api-error.ts';
import { PublishDialog, type PublishTarget } from '../publishing/PublishDialog.tsx';
import { formatScheduled } from '../publishing/schedule-time.ts';
import { UnpublishDialog } from '../publishing/UnpublishDialog.tsx';
import { canPublish, canRepublish, canUnpublish } from '../publishing/publish-rules.ts';

const STATUS_COLORS: Record<string, string> = {
  published: 'green',
  scheduled: 'blue',
  processed: 'gray',
  processing: 'yellow',
  error: 'red',
};

function statusLabel(episode: TShowEpisode): string {
  if (episode.publish_state === 'queued' || episode.publish_state === 'publishing') return 'publishing';
  if (episode.publish_state === 'publish_error') return 'publish error';
  if (episode.status === 'processed') return 'draft';
  return ['processing', 'scheduled', 'published', 'error'].includes(episode.status) ? episode.status : 'unknown';
}

/** The show's episodes with publish, schedule, unpublish and retry (a short list; Episode History has the full one). */
export function ShowEpisodesPanel({ show }: { show: TPodcast }) {
  const utils = trpc.useUtils();
  const episodes = trpc.podcasts.episodes.useQuery({ id: show.id });
  const republish = trpc.publishing.republish.useMutation();
  const [publishing, setPublishing] = useState<{ target: PublishTarget; mode: TPublishMode } | null>(null);
  const [unpublishing, setUnpublishing] = useState<PublishTarget | null>(null);

  const reload = (delayMs = 0) =>
    setTimeout(() => {
      void utils.podcasts.episodes.invalidate({ id: show.id });
      void utils.podcasts.summary.invalidate({ id: show.id });
    }, delayMs);

  async function retry(episode: TShowEpisode) {
    try {
      await republish.mutateAsync({ id: episode.id });
      reload(PUBLISH_LIMITS.reloadAfterRepublishMs);
    } catch (err) {
      notifications.show({
        color: 'red',
        title: PUBLISH_MESSAGES.republishFailed,
        message: toApiFailure(err).message ?? PUBLISH_MESSAGES.republishFailed,
      });
    }
  }

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
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing="xs" aria-label={`Episodes of ${show.name}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Episode</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Date</Table.Th>
              <Table.Th>Plays</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {episodes.data.map((episode) => {
              const target = {
                id: episode.id,
                title: episode.title,
                visibility: episode.visibility,
                status: episode.status,
                publish_at: episode.publish_at,
                publish_at_local: episode.publish_at_local,
              };
              const label = statusLabel(episode);
              return (
                <Table.Tr key={episode.id}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {episode.title}
                    </Text>
                    {episode.last_error && (
                      <Text size="xs" c="red">
                        {episode.last_error}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Badge color={STATUS_COLORS[episode.status] ?? 'gray'} variant="light">
                        {label}
                      </Badge>
                      <Badge color="gray" variant="outline" data-testid="show-episode-visibility">
                        {VISIBILITY_LABELS[episode.visibility]}
                      </Badge>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs">
                      {episode.publish_at
                        ? episode.status === 'scheduled'
                          ? formatScheduled(episode.publish_at, episode.publish_at_local)
                          : episode.publish_at.toLocaleString()
                        : '—'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{episode.plays_total}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={6} justify="flex-end" wrap="nowrap">
                      {canPublish(episode) && (
                        <>
                          <Button size="compact-xs" onClick={() => setPublishing({ target, mode: 'now' })}>
                            {episode.status === 'scheduled' ? 'Publish now' : 'Publish'}
                          </Button>
                          <Button size="compact-xs" variant="light" onClick={() => setPublishing({ target, mode: 'schedule' })}>
                            Schedule
                          </Button>
                        </>
                      )}
                      {canRepublish(episode) && (
                        <Button size="compact-xs" variant="light" onClick={() => void retry(episode)}>
                          Retry Publish
                        </Button>
                      )}
                      {(canUnpublish(episode) || episode.status === 'published') && (
                        <Button size="compact-xs" variant="light" color="red" onClick={() => setUnpublishing(target)}>
                          Unpublish
                        </Button>
                      )}
                      {episode.audio_url && (
                        <Anchor size="xs" href={episode.audio_url} target="_blank" rel="noreferrer">
                          Audio
                        </Anchor>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
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
    </Stack>
  );
}

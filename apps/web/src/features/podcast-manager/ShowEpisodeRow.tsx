import { Anchor, Badge, Button, Group, Table, Text } from '@mantine/core';
import { VISIBILITY_LABELS, type TPublishMode, type TShowEpisode } from '@ppp/contracts';
import type { PublishTarget } from '../publishing/PublishDialog.tsx';
import { formatScheduled } from '../publishing/schedule-time.ts';
import { canPublish, canRepublish, canUnpublish } from '../publishing/publish-rules.ts';
import { useCan } from '../team/use-workspace.ts';

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

function dateText(episode: TShowEpisode): string {
  if (!episode.publish_at) return '—';
  if (episode.status === 'scheduled') return formatScheduled(episode.publish_at, episode.publish_at_local);
  return episode.publish_at.toLocaleString();
}

function publishTarget(episode: TShowEpisode): PublishTarget {
  const { id, title, visibility, status, publish_at, publish_at_local } = episode;
  return { id, title, visibility, status, publish_at, publish_at_local };
}

export type ShowEpisodeRowActions = {
  onPublish: (target: PublishTarget, mode: TPublishMode) => void;
  onRetry: (episode: TShowEpisode) => void;
  onUnpublish: (target: PublishTarget) => void;
};

/** One episode of the show: title (and last error), status and visibility, date, plays, and what can be done with it. */
export function ShowEpisodeRow({ episode, actions }: { episode: TShowEpisode; actions: ShowEpisodeRowActions }) {
  return (
    <Table.Tr>
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
            {statusLabel(episode)}
          </Badge>
          <Badge color="gray" variant="outline" data-testid="show-episode-visibility">
            {VISIBILITY_LABELS[episode.visibility]}
          </Badge>
        </Group>
      </Table.Td>
      <Table.Td>
        <Text size="xs">{dateText(episode)}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{episode.plays_total}</Text>
      </Table.Td>
      <Table.Td>
        <ShowEpisodeButtons episode={episode} actions={actions} />
      </Table.Td>
    </Table.Tr>
  );
}

function ShowEpisodeButtons({ episode, actions }: { episode: TShowEpisode; actions: ShowEpisodeRowActions }) {
  const target = publishTarget(episode);
  const edits = useCan('edit');
  return (
    <Group gap={6} justify="flex-end" wrap="nowrap">
      {edits && canPublish(episode) && (
        <>
          <Button size="compact-xs" onClick={() => actions.onPublish(target, 'now')}>
            {episode.status === 'scheduled' ? 'Publish now' : 'Publish'}
          </Button>
          <Button size="compact-xs" variant="light" onClick={() => actions.onPublish(target, 'schedule')}>
            Schedule
          </Button>
        </>
      )}
      {edits && canRepublish(episode) && (
        <Button size="compact-xs" variant="light" onClick={() => actions.onRetry(episode)}>
          Retry Publish
        </Button>
      )}
      {edits && (canUnpublish(episode) || episode.status === 'published') && (
        <Button size="compact-xs" variant="light" color="red" onClick={() => actions.onUnpublish(target)}>
          Unpublish
        </Button>
      )}
      {episode.audio_url && (
        <Anchor size="xs" href={episode.audio_url} target="_blank" rel="noreferrer">
          Audio
        </Anchor>
      )}
    </Group>
  );
}

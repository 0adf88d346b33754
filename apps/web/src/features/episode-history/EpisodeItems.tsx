import { ActionIcon, AspectRatio, Badge, Box, Card, Group, Image, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconEdit, IconPhoto, IconPlayerPause, IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { VISIBILITY_LABELS, displayStatus, type TEpisode, type TVisibility } from '@ppp/contracts';
import { STATUS_COLORS, STATUS_LABELS, publishDateOf } from './episode-list.ts';
import { formatScheduled } from '../publishing/schedule-time.ts';
import { EpisodeMenu, type EpisodeAction } from './EpisodeMenu.tsx';
import { useCan } from '../team/use-workspace.ts';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A scheduled time in the zone it was scheduled in (with the zone's name); other dates in the browser's. */
function whenText(episode: TEpisode, date: Date): string {
  return episode.status === 'scheduled' && episode.publish_at
    ? formatScheduled(episode.publish_at, episode.publish_at_local)
    : dateFormat.format(date);
}

export function StatusBadge({ status }: { status: string }) {
  const shown = displayStatus(status);
  return (
    <Badge color={STATUS_COLORS[shown]} variant="light" data-testid="episode-status">
      {STATUS_LABELS[shown]}
    </Badge>
  );
}

const VISIBILITY_COLORS: Record<TVisibility, string> = { public: 'teal', unpublished: 'gray', limited: 'orange' };

/** Who may hear the episode once it is live; a draft shows the visibility it will be published with. */
export function VisibilityBadge({ visibility }: { visibility: TVisibility }) {
  return (
    <Badge color={VISIBILITY_COLORS[visibility]} variant="outline" data-testid="episode-visibility">
      {VISIBILITY_LABELS[visibility]}
    </Badge>
  );
}

function Cover({ episode, radius = 'sm' }: { episode: TEpisode; radius?: string }) {
  return episode.cover_url ? (
    <Image src={episode.cover_url} alt="" radius={radius} fit="cover" h="100%" loading="lazy" />
  ) : (
    <Box
      bg="var(--mantine-color-default-hover)"
      h="100%"
      style={{ display: 'grid', placeItems: 'center', borderRadius: 'var(--mantine-radius-sm)' }}
    >
      <IconPhoto size={36} aria-hidden="true" color="var(--mantine-color-dimmed)" />
    </Box>
  );
}

interface ItemProps {
  episode: TEpisode;
  onAction: (action: EpisodeAction, episode: TEpisode) => void;
}

/** A cover card of the grid view. */
export function EpisodeCard({ episode, onAction }: ItemProps) {
  const when = publishDateOf(episode);
  return (
    <Card withBorder padding="sm" data-testid="episode-card">
      <Card.Section>
        <AspectRatio ratio={1}>
          <Cover episode={episode} radius="0" />
        </AspectRatio>
      </Card.Section>
      <Stack gap={4} mt="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={700} lineClamp={2} title={episode.title}>
            {episode.title}
          </Text>
          <EpisodeMenu episode={episode} onAction={onAction} />
        </Group>
        <Text size="xs" c="dimmed" truncate="end">
          {episode.podcast_name}
        </Text>
        <Group gap="xs" justify="space-between">
          <Group gap={4}>
            <StatusBadge status={episode.status} />
            <VisibilityBadge visibility={episode.visibility} />
          </Group>
          <Text size="xs" c="dimmed">
            {episode.plays_total} plays
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          {when.label} {whenText(episode, when.date)}
        </Text>
      </Stack>
    </Card>
  );
}

/** A tile of the mosaic view: the cover with the title over it. */
export function EpisodeTile({ episode, onAction }: ItemProps) {
  return (
    <Card withBorder padding={0} data-testid="episode-tile" style={{ position: 'relative', overflow: 'hidden' }}>
      <AspectRatio ratio={1}>
        <Cover episode={episode} radius="0" />
      </AspectRatio>
      <Box p={6} style={{ position: 'absolute', insetInline: 0, bottom: 0, background: 'rgba(0,0,0,0.62)', color: 'white' }}>
        <Group justify="space-between" wrap="nowrap" gap={4}>
          <Text size="xs" fw={700} lineClamp={1} c="white" title={episode.title}>
            {episode.title}
          </Text>
          <EpisodeMenu episode={episode} onAction={onAction} />
        </Group>
      </Box>
    </Card>
  );
}

type EpisodeTableProps = {
  episodes: TEpisode[];
  playing: string | null;
  onPlay: (e: TEpisode) => void;
  onAction: ItemProps['onAction'];
};

/** The list view: play/pause, edit, delete, publish date, play count, status per row. */
export function EpisodeTable({ episodes, playing, onPlay, onAction }: EpisodeTableProps) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table highlightOnHover verticalSpacing="xs" aria-label="Episodes">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={48} aria-label="Play" />
            <Table.Th>Title</Table.Th>
            <Table.Th>Publish date</Table.Th>
            <Table.Th>Plays</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th w={120} aria-label="Actions" />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {episodes.map((episode) => (
            <EpisodeRow key={episode.id} episode={episode} isPlaying={playing === episode.id} onPlay={onPlay} onAction={onAction} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

type EpisodeRowProps = ItemProps & { isPlaying: boolean; onPlay: (e: TEpisode) => void };

function EpisodeRow({ episode, isPlaying, onPlay, onAction }: EpisodeRowProps) {
  const when = publishDateOf(episode);
  const edits = useCan('edit');
  return (
    <Table.Tr data-testid="episode-row">
      <Table.Td>
        <PlayButton episode={episode} isPlaying={isPlaying} onPlay={onPlay} />
      </Table.Td>
      <Table.Td>
        <Text fw={600} lineClamp={1}>
          {episode.title}
        </Text>
        <Text size="xs" c="dimmed" lineClamp={1}>
          {episode.podcast_name}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{whenText(episode, when.date)}</Text>
        <Text size="xs" c="dimmed">
          {when.label}
        </Text>
      </Table.Td>
      <Table.Td>{episode.plays_total}</Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <StatusBadge status={episode.status} />
          <VisibilityBadge visibility={episode.visibility} />
        </Group>
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap" justify="flex-end">
          {edits && (
            <>
              <ActionIcon variant="subtle" onClick={() => onAction('edit', episode)} aria-label={`Edit ${episode.title}`}>
                <IconEdit size={16} />
              </ActionIcon>
              <ActionIcon variant="subtle" color="red" onClick={() => onAction('delete', episode)} aria-label={`Delete ${episode.title}`}>
                <IconTrash size={16} />
              </ActionIcon>
            </>
          )}
          <EpisodeMenu episode={episode} onAction={onAction} />
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

function PlayButton({ episode, isPlaying, onPlay }: Omit<EpisodeRowProps, 'onAction'>) {
  return (
    <Tooltip label={episode.playback_url ? (isPlaying ? 'Pause' : 'Play') : 'No audio yet'}>
      <ActionIcon
        variant="light"
        disabled={!episode.playback_url}
        onClick={() => onPlay(episode)}
        aria-label={`${isPlaying ? 'Pause' : 'Play'} ${episode.title}`}
      >
        {isPlaying ? <IconPlayerPause size={16} /> : <IconPlayerPlay size={16} />}
      </ActionIcon>
    </Tooltip>
  );
}

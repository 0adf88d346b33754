import { Alert, Badge, Button, Card, Group, Image, Stack, Table, Text, Title } from '@mantine/core';
import type { TRssPreview } from '@ppp/contracts';
import { dateOf, formatDuration } from './import-progress.ts';

/** The show a feed describes: artwork, title, author, categories, explicit and how many episodes (import and onboarding). */
export function FeedShowHeader({ preview }: { preview: TRssPreview }) {
  const { show } = preview;
  return (
    <Group align="flex-start" wrap="nowrap">
      {show.artwork_url ? <Image src={show.artwork_url} alt="" w={96} h={96} radius="sm" fallbackSrc="" /> : null}
      <Stack gap={4}>
        <Title order={2} size="h3">
          {show.title}
        </Title>
        {show.author ? (
          <Text size="sm" c="dimmed">
            {show.author}
          </Text>
        ) : null}
        <Group gap={6}>
          {show.categories.map((c) => (
            <Badge key={c} variant="light">
              {c}
            </Badge>
          ))}
          {show.explicit ? (
            <Badge color="red" variant="light">
              Explicit
            </Badge>
          ) : null}
        </Group>
        <Text size="sm">{preview.feed_total} episodes in the feed</Text>
      </Stack>
    </Group>
  );
}

function NewestEpisodesTable({ episodes }: { episodes: TRssPreview['episodes'] }) {
  return (
    <Table striped aria-label="Newest episodes">
      <Table.Tbody>
        {episodes.map((e) => (
          <Table.Tr key={`${e.title}-${String(e.published_at)}`}>
            <Table.Td>{e.title}</Table.Td>
            <Table.Td>{dateOf(e.published_at)}</Table.Td>
            <Table.Td>{formatDuration(e.duration_ms)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The feed as the server read it: the show, its newest episodes, and the Import button. */
export function FeedPreview({ preview, onImport, busy }: { preview: TRssPreview; onImport: () => void; busy: boolean }) {
  return (
    <Card withBorder padding="lg" aria-label="Feed preview">
      <Stack gap="sm">
        <FeedShowHeader preview={preview} />
        {preview.show.description ? <Text size="sm">{preview.show.description}</Text> : null}
        {preview.existing_podcast_id ? (
          <Alert color="blue">You imported this feed before: importing again updates that show and adds only the new episodes.</Alert>
        ) : null}
        <Title order={3} size="h5">
          Newest episodes
        </Title>
        <NewestEpisodesTable episodes={preview.episodes} />
        <Group>
          <Button onClick={onImport} loading={busy}>
            Import {preview.feed_total} episodes
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Badge, Button, Card, Checkbox, Group, Image, Progress, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconRss } from '@tabler/icons-react';
import {
  isSpreakerUrl,
  RSS_IMPORT_MESSAGES,
  VISIBILITIES,
  type TRssImportResult,
  type TRssPreview,
  type TVisibility,
} from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { toApiFailure } from '../../lib/api-error.ts';
import { NAV_ENTRIES } from '../workspace/workspace-nav.ts';
import { autoPublishNote, formatDuration, progressOf, urlError } from './import-progress.ts';
import { ImportStatusPanel } from './ImportStatusPanel.tsx';

const POLL_MS = 1000;
const dateOf = (d: Date | null) => (d ? new Date(d).toLocaleDateString() : '');

function FeedPreview({ preview, onImport, busy }: { preview: TRssPreview; onImport: () => void; busy: boolean }) {
  return (
    <Card withBorder padding="lg" aria-label="Feed preview">
      <Stack gap="sm">
        <Group align="flex-start" wrap="nowrap">
          {preview.show.artwork_url ? <Image src={preview.show.artwork_url} alt="" w={96} h={96} radius="sm" fallbackSrc="" /> : null}
          <Stack gap={4}>
            <Title order={2} size="h3">
              {preview.show.title}
            </Title>
            {preview.show.author ? (
              <Text size="sm" c="dimmed">
                {preview.show.author}
              </Text>
            ) : null}
            <Group gap={6}>
              {preview.show.categories.map((c) => (
                <Badge key={c} variant="light">
                  {c}
                </Badge>
              ))}
              {preview.show.explicit ? (
                <Badge color="red" variant="light">
                  Explicit
                </Badge>
              ) : null}
            </Group>
            <Text size="sm">{preview.feed_total} episodes in the feed</Text>
          </Stack>
        </Group>
        {preview.show.description ? <Text size="sm">{preview.show.description}</Text> : null}
        {preview.existing_podcast_id ? (
          <Alert color="blue">You imported this feed before: importing again updates that show and adds only the new episodes.</Alert>
        ) : null}
        <Title order={3} size="h5">
          Newest episodes
        </Title>
        <Table striped aria-label="Newest episodes">
          <Table.Tbody>
            {preview.episodes.map((e) => (
              <Table.Tr key={`${e.title}-${String(e.published_at)}`}>
                <Table.Td>{e.title}</Table.Td>
                <Table.Td>{dateOf(e.published_at)}</Table.Td>
                <Table.Td>{formatDuration(e.duration_ms)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group>
          <Button onClick={onImport} loading={busy}>
            Import {preview.feed_total} episodes
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function ImportedEpisodes({ podcastId }: { podcastId: string }) {
  const episodes = trpc.rssImport.episodes.useQuery({ podcast_id: podcastId });
  if (!episodes.data) return null;
  return (
    <Table striped aria-label="Imported episodes">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Episode</Table.Th>
          <Table.Th>Published</Table.Th>
          <Table.Th>Length</Table.Th>
          <Table.Th>Status</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {episodes.data.map((e) => (
          <Table.Tr key={e.id}>
            <Table.Td>{e.title}</Table.Td>
            <Table.Td>{dateOf(e.published_at)}</Table.Td>
            <Table.Td>{formatDuration(e.duration_ms)}</Table.Td>
            <Table.Td>{e.status}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function ImportOutcome({ result, autoPublishAsked }: { result: TRssImportResult; autoPublishAsked: boolean }) {
  const progress = progressOf(result);
  const publishNote = autoPublishNote(result, autoPublishAsked);
  const showsPage = NAV_ENTRIES.find((e) => (e.view as string) === 'podcast-manager');
  if (result.status === 'failed') {
    return (
      <Alert color="red" title={RSS_IMPORT_MESSAGES.importFailed}>
        {result.error}
      </Alert>
    );
  }
  if (!progress.finished) {
    return (
      <Card withBorder padding="lg">
        <Stack gap="xs">
          <Text fw={500}>{result.podcast_name}</Text>
          <Progress value={progress.percent} animated aria-label="Import progress" />
          <Text size="sm" role="status">
            {progress.label}
          </Text>
        </Stack>
      </Card>
    );
  }
  return (
    <Stack gap="md">
      <Alert color="green" title={RSS_IMPORT_MESSAGES.importComplete}>
        <Text size="sm">
          {result.episodes_imported} episodes of “{result.podcast_name}” imported
          {result.mirror_total > 0 ? `; ${result.mirrored_count} of ${result.mirror_total} audio files copied here` : ''}.
        </Text>
        {showsPage ? (
          <Button component={Link} to={showsPage.path} variant="light" mt="sm">
            Open the show
          </Button>
        ) : null}
      </Alert>
      {result.podcast_id ? (
        <ImportStatusPanel podcastId={result.podcast_id} status={result.import_status} canRecover={result.spreaker_linked} />
      ) : null}
      {publishNote ? (
        <Alert
          color={publishNote.started ? 'blue' : 'yellow'}
          title={publishNote.started ? 'Publishing started' : 'Not published to Spreaker'}
          role="status"
        >
          {publishNote.text}
        </Alert>
      ) : null}
      {result.podcast_id ? <ImportedEpisodes podcastId={result.podcast_id} /> : null}
    </Stack>
  );
}

/** Import from RSS (spec 001 'Other screens', §5, §7, §8): paste a feed, preview its newest five, import with progress. */
export function RssImportView() {
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [linkSpreaker, setLinkSpreaker] = useState(true);
  const [autoPublish, setAutoPublish] = useState(false);
  const [publishState, setPublishState] = useState<TVisibility>('public');
  const [importId, setImportId] = useState<string | null>(null);
  const preview = trpc.rssImport.preview.useMutation();
  const start = trpc.rssImport.start.useMutation({ onSuccess: (r) => setImportId(r.import_id) });
  const status = trpc.rssImport.status.useQuery(
    { import_id: importId ?? '' },
    { enabled: importId !== null, refetchInterval: (q) => (q.state.data && progressOf(q.state.data).finished ? false : POLL_MS) },
  );
  const connection = trpc.spreaker.status.useQuery();
  const connected = connection.data?.connected ?? false;
  const spreaker = isSpreakerUrl(url);
  const failure = preview.error ?? start.error;

  const onPreview = () => {
    const problem = urlError(url);
    setError(problem);
    setImportId(null);
    start.reset();
    if (!problem) preview.mutate({ rss_url: url });
  };
  const onImport = () =>
    start.mutate({
      rss_url: url,
      attempt_link_spreaker: spreaker && linkSpreaker,
      auto_publish_to_spreaker: connected && autoPublish,
      publish_state: publishState,
    });

  return (
    <Stack gap="lg" maw={880}>
      <Group gap="xs">
        <IconRss size={22} />
        <Title order={1} size="h2">
          Import from RSS
        </Title>
      </Group>
      <Card withBorder padding="lg">
        <form onSubmit={(e) => (e.preventDefault(), onPreview())} noValidate>
          <Stack gap="sm">
            <TextInput
              label="RSS feed URL"
              description="The address of your show's feed at its current host."
              placeholder="https://feeds.example.com/my-show.rss"
              value={url}
              onChange={(e) => setUrl(e.currentTarget.value)}
              error={error}
              inputMode="url"
            />
            {spreaker ? (
              <Stack gap={6}>
                <Text size="sm" c="dimmed">
                  This is a Spreaker feed.
                </Text>
                <Checkbox
                  label="Link this show to my Spreaker show"
                  checked={linkSpreaker}
                  onChange={(e) => setLinkSpreaker(e.currentTarget.checked)}
                />
              </Stack>
            ) : null}
            {connected ? (
              <Stack gap={6}>
                <Checkbox
                  label="Publish the imported episodes to Spreaker"
                  description="Once their audio is copied here, when this show is linked to your Spreaker show. Episodes already on Spreaker are left as they are."
                  checked={autoPublish}
                  onChange={(e) => setAutoPublish(e.currentTarget.checked)}
                />
                {autoPublish ? (
                  <Select
                    label="Visibility"
                    data={[...VISIBILITIES]}
                    value={publishState}
                    onChange={(v) => setPublishState((v as TVisibility | null) ?? 'public')}
                    w={200}
                    allowDeselect={false}
                  />
                ) : null}
              </Stack>
            ) : null}
            <Group>
              <Button type="submit" loading={preview.isPending} variant="light">
                Preview
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      {failure ? (
        <Alert color="red" title={RSS_IMPORT_MESSAGES.importFailed}>
          {toApiFailure(failure).message ?? RSS_IMPORT_MESSAGES.onboardingImportFailedFallback}
        </Alert>
      ) : null}
      {preview.data && !importId ? <FeedPreview preview={preview.data} onImport={onImport} busy={start.isPending} /> : null}
      {importId && (status.data ?? start.data) ? (
        <ImportOutcome
          result={(status.data ?? start.data) as TRssImportResult}
          autoPublishAsked={start.variables?.auto_publish_to_spreaker === true}
        />
      ) : null}
    </Stack>
  );
}

import { Link } from 'react-router';
import { Alert, Button, Card, Progress, Stack, Table, Text } from '@mantine/core';
import { RSS_IMPORT_MESSAGES, type TRssImportResult } from '@ppp/contracts';
import { DataTable } from '@ppp/ui';
import { trpc } from '../../lib/trpc.ts';
import { NAV_ENTRIES } from '../workspace/workspace-nav.ts';
import { autoPublishNote, dateOf, formatDuration, progressOf, type TProgressView } from './import-progress.ts';
import { ImportStatusPanel } from './ImportStatusPanel.tsx';

function ImportedEpisodes({ podcastId }: { podcastId: string }) {
  const episodes = trpc.rssImport.episodes.useQuery({ podcast_id: podcastId });
  if (!episodes.data) return null;
  return (
    <DataTable label="Imported episodes" striped columns={['Episode', 'Published', 'Length', 'Status']}>
      {episodes.data.map((e) => (
        <Table.Tr key={e.id}>
          <Table.Td>{e.title}</Table.Td>
          <Table.Td>{dateOf(e.published_at)}</Table.Td>
          <Table.Td>{formatDuration(e.duration_ms)}</Table.Td>
          <Table.Td>{e.status}</Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}

function ImportProgressCard({ podcastName, progress }: { podcastName: string; progress: TProgressView }) {
  return (
    <Card withBorder padding="lg">
      <Stack gap="xs">
        <Text fw={500}>{podcastName}</Text>
        <Progress value={progress.percent} animated aria-label="Import progress" />
        <Text size="sm" role="status">
          {progress.label}
        </Text>
      </Stack>
    </Card>
  );
}

function ImportCompleteAlert({ result }: { result: TRssImportResult }) {
  const showsPage = NAV_ENTRIES.find((e) => (e.view as string) === 'podcast-manager');
  return (
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
  );
}

function PublishNoteAlert({ result, autoPublishAsked }: { result: TRssImportResult; autoPublishAsked: boolean }) {
  const publishNote = autoPublishNote(result, autoPublishAsked);
  if (!publishNote) return null;
  return (
    <Alert
      color={publishNote.started ? 'blue' : 'yellow'}
      title={publishNote.started ? 'Publishing started' : 'Not published to Spreaker'}
      role="status"
    >
      {publishNote.text}
    </Alert>
  );
}

/** A finished import: what came in, how complete the show is, whether publishing started, and its episodes. */
function ImportDone({ result, autoPublishAsked }: { result: TRssImportResult; autoPublishAsked: boolean }) {
  return (
    <Stack gap="md">
      <ImportCompleteAlert result={result} />
      {result.podcast_id ? (
        <ImportStatusPanel podcastId={result.podcast_id} status={result.import_status} canRecover={result.spreaker_linked} />
      ) : null}
      <PublishNoteAlert result={result} autoPublishAsked={autoPublishAsked} />
      {result.podcast_id ? <ImportedEpisodes podcastId={result.podcast_id} /> : null}
    </Stack>
  );
}

/** An import under way, failed, or done. */
export function ImportOutcome({ result, autoPublishAsked }: { result: TRssImportResult; autoPublishAsked: boolean }) {
  const progress = progressOf(result);
  if (result.status === 'failed') {
    return (
      <Alert color="red" title={RSS_IMPORT_MESSAGES.importFailed}>
        {result.error}
      </Alert>
    );
  }
  if (!progress.finished) return <ImportProgressCard podcastName={result.podcast_name} progress={progress} />;
  return <ImportDone result={result} autoPublishAsked={autoPublishAsked} />;
}

import { Alert, Badge, Button, Group, Loader, Modal, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import type { TTranscriptQuery, TTranscriptView } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { toApiFailure } from '../../lib/api-error.ts';
import { TranscriptLineRow } from './TranscriptLineRow.tsx';
import { useTranscriptCorrections } from './use-transcript-corrections.ts';
import { useTranscriptPlayer } from './use-transcript-player.ts';

export interface TranscriptEditorProps {
  /** An upload, or an episode (its upload's words); null when closed. */
  source: TTranscriptQuery | null;
  onClose(): void;
}

type Corrections = ReturnType<typeof useTranscriptCorrections>;

function TranscriptBody({ view, onClose }: { view: TTranscriptView; onClose(): void }) {
  const { url, audio, playFrom } = useTranscriptPlayer(view.media_id);
  const edit = useTranscriptCorrections(view);
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Click a word to correct it (the timing stays as recorded); click a time to play from there. Corrections go into the published
        transcript, chapters and AI show notes, and the spoken commands are looked for again.
      </Text>
      <TranscriptSearch query={edit.query} onQuery={edit.setQuery} hits={edit.found.size} />
      {url && <audio ref={audio} controls src={url} preload="metadata" style={{ width: '100%' }} aria-label="Upload audio" />}
      <ScrollArea.Autosize mah="55vh" type="auto" offsetScrollbars>
        <Stack gap={4} data-testid="transcript-lines">
          {edit.lines.map((line) => (
            <TranscriptLineRow
              key={line.first}
              line={line}
              texts={edit.texts}
              found={edit.found}
              editing={edit.editing}
              isCorrected={edit.isCorrected}
              onPlayFrom={playFrom}
              onEdit={edit.setEditing}
              onDone={edit.finishEdit}
            />
          ))}
        </Stack>
      </ScrollArea.Autosize>
      <CorrectionsFooter edit={edit} onClose={onClose} />
    </Stack>
  );
}

/** The search box and how many words it found. */
function TranscriptSearch({ query, onQuery, hits }: { query: string; onQuery: (query: string) => void; hits: number }) {
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        label="Search"
        placeholder="Find a word or phrase"
        leftSection={<IconSearch size={16} />}
        value={query}
        onChange={(e) => onQuery(e.currentTarget.value)}
        style={{ flex: 1, minWidth: 200 }}
      />
      {query.trim() !== '' && (
        <Badge variant="light" color={hits ? 'yellow' : 'gray'}>
          {hits} {hits === 1 ? 'word' : 'words'} found
        </Badge>
      )}
    </Group>
  );
}

/** How the last save went, the counts, and Discard changes, Close and Save corrections. */
function CorrectionsFooter({ edit, onClose }: { edit: Corrections; onClose(): void }) {
  return (
    <>
      {edit.saveError && (
        <Alert color="red" title="Corrections not saved">
          {toApiFailure(edit.saveError).message ?? 'Please try again.'}
        </Alert>
      )}
      {edit.outcome && (
        <Alert color="teal" title="Corrections saved">
          {edit.outcome}
        </Alert>
      )}
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed">
          {edit.savedCount} corrected · {edit.pendingCount} unsaved
        </Text>
        <Group gap="xs" wrap="wrap">
          <Button variant="default" onClick={edit.discard} disabled={edit.pendingCount === 0}>
            Discard changes
          </Button>
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button onClick={() => void edit.save()} disabled={edit.pendingCount === 0} loading={edit.saving}>
            Save corrections
          </Button>
        </Group>
      </Group>
    </>
  );
}

/** The transcript of an upload, to read (from any word) and correct word by word before it is published. */
export function TranscriptEditor({ source, onClose }: TranscriptEditorProps) {
  const view = trpc.transcripts.view.useQuery(source ?? { media_id: '' }, { enabled: source !== null });
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={source !== null}
      onClose={onClose}
      fullScreen={phone === true}
      size="xl"
      title={view.data ? `Transcript: ${view.data.friendly_name}` : 'Transcript'}
    >
      {view.isPending && <Loader aria-label="Loading transcript" />}
      {view.isError && <Alert color="red">{toApiFailure(view.error).message ?? 'The transcript could not be loaded.'}</Alert>}
      {view.data && <TranscriptBody view={view.data} onClose={onClose} />}
    </Modal>
  );
}

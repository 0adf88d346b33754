import type { CSSProperties, ReactNode } from 'react';
import { Alert, Badge, Button, Group, Loader, Modal, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import type { TTranscriptCorrectionsResult, TTranscriptQuery, TTranscriptView } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { toApiFailure } from '../../lib/api-error.ts';
import { TranscriptLineRow } from './TranscriptLineRow.tsx';
import { WordInspector } from './WordInspector.tsx';
import { useTranscriptCorrections } from './use-transcript-corrections.ts';
import { useTranscriptPlayer } from './use-transcript-player.ts';

export interface TranscriptEditorProps {
  /** An upload, or an episode (its upload's words); null when closed. */
  source: TTranscriptQuery | null;
  onClose(): void;
  /** After a save: the words as they now read and what detection found in them. */
  onSaved?(result: TTranscriptCorrectionsResult): void;
  /** Said under a save's outcome (an assembled episode's audio changes only when it is assembled again). */
  savedNotice?: ReactNode;
}

type Corrections = ReturnType<typeof useTranscriptCorrections>;

interface BodyProps {
  view: TTranscriptView;
  onClose(): void;
  onSaved?: TranscriptEditorProps['onSaved'];
  savedNotice?: ReactNode;
}

function TranscriptBody({ view, onClose, onSaved, savedNotice }: BodyProps) {
  const { url, audio, playFrom, playWord } = useTranscriptPlayer(view.media_id);
  const edit = useTranscriptCorrections(view, onSaved);
  const select = (position: number) => {
    edit.select(position);
    const word = edit.words[position];
    if (word) playWord(word);
  };
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Click a word to hear it and correct it, split it in two or merge it with the next; click a line&apos;s time to play from there.
        Saving looks for Flubber, Intern, sound effects and fillers again in the corrected words, which also go into the published
        transcript, chapters and AI show notes.
      </Text>
      <TranscriptSearch query={edit.query} onQuery={edit.setQuery} hits={edit.found.size} />
      {url && <audio ref={audio} controls src={url} preload="metadata" style={{ width: '100%' }} aria-label="Upload audio" />}
      <SelectedWord edit={edit} onPlay={playWord} />
      <TranscriptLegend />
      <ScrollArea.Autosize mah="50vh" type="auto" offsetScrollbars>
        <Stack gap={6} data-testid="transcript-lines">
          {edit.lines.map((line) => (
            <TranscriptLineRow
              key={line.first}
              line={line}
              words={edit.words}
              found={edit.found}
              selected={edit.selected}
              onPlayFrom={playFrom}
              onSelect={select}
            />
          ))}
        </Stack>
      </ScrollArea.Autosize>
      <CorrectionsFooter edit={edit} onClose={onClose} savedNotice={savedNotice} />
    </Stack>
  );
}

/** The selected word's inspector, keyed so that its field starts from the word's text. */
function SelectedWord({ edit, onPlay }: { edit: Corrections; onPlay(word: { start: number; end: number }): void }) {
  const position = edit.selected;
  const word = position === null ? undefined : edit.words[position];
  if (position === null || !word) return null;
  return (
    <WordInspector
      key={`${position}-${word.from}-${word.text}`}
      word={word}
      position={position}
      total={edit.words.length}
      canSplit={edit.canSplit(position)}
      canMerge={edit.canMerge(position)}
      onPlay={() => onPlay(word)}
      onText={(text) => edit.setText(position, text)}
      onSplit={(texts) => edit.split(position, texts)}
      onMerge={() => edit.mergeNext(position)}
    />
  );
}

/** What the marks under and behind the words mean. */
function TranscriptLegend() {
  const swatch = (style: CSSProperties) => <span style={{ display: 'inline-block', width: 14, height: 10, ...style }} />;
  return (
    <Group gap="md" wrap="wrap">
      <Text size="xs" c="dimmed">
        {swatch({ borderBottom: '2px dotted var(--mantine-color-orange-6)' })} engine unsure: check it
      </Text>
      <Text size="xs" c="dimmed">
        {swatch({ background: 'var(--mantine-color-teal-0)', borderBottom: '2px solid var(--mantine-color-teal-6)' })} corrected
      </Text>
      <Text size="xs" c="dimmed">
        {swatch({ background: 'var(--mantine-color-teal-1)' })} not saved yet
      </Text>
    </Group>
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
function CorrectionsFooter({ edit, onClose, savedNotice }: { edit: Corrections; onClose(): void; savedNotice?: ReactNode }) {
  return (
    <>
      {edit.saveError && (
        <Alert color="red" title="Corrections not saved">
          {toApiFailure(edit.saveError).message ?? 'Please try again.'}
        </Alert>
      )}
      {edit.outcome && (
        <Alert color="teal" title="Corrections saved">
          <Stack gap={6}>
            <Text size="sm">{edit.outcome}</Text>
            {savedNotice}
          </Stack>
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

/** An upload's transcript editor by the upload's id (null when closed); onSaved names the upload. */
export function UploadTranscriptEditor({
  mediaId,
  onClose,
  onSaved,
}: {
  mediaId: string | null;
  onClose(): void;
  onSaved?(mediaId: string): void;
}) {
  return (
    <TranscriptEditor
      source={mediaId ? { media_id: mediaId } : null}
      onClose={onClose}
      onSaved={onSaved && ((r) => onSaved(r.transcript.media_id))}
    />
  );
}

/** The transcript of an upload, to read (from any word), hear word by word and correct before it is used and published. */
export function TranscriptEditor({ source, onClose, onSaved, savedNotice }: TranscriptEditorProps) {
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
      {view.data && <TranscriptBody view={view.data} onClose={onClose} onSaved={onSaved} savedNotice={savedNotice} />}
    </Modal>
  );
}

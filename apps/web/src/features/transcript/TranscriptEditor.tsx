import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Badge, Button, Group, Loader, Modal, ScrollArea, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlayerPlay, IconSearch } from '@tabler/icons-react';
import { describeRescan, TRANSCRIPT_REVIEW, type TTranscriptQuery, type TTranscriptView } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { toApiFailure } from '../../lib/api-error.ts';
import {
  draftCorrections,
  editWord,
  lineTime,
  searchWords,
  transcriptLines,
  wordsWithDraft,
  type CorrectionDraft,
} from './transcript-lines.ts';

export interface TranscriptEditorProps {
  /** An upload, or an episode (its upload's words); null when closed. */
  source: TTranscriptQuery | null;
  onClose(): void;
}

/** The upload's audio, played from a word (a signed preview URL). */
function usePlayer(mediaId: string) {
  const preview = trpc.media.preview.useMutation();
  const { mutateAsync } = preview;
  const [url, setUrl] = useState<string | null>(null);
  const audio = useRef<HTMLAudioElement | null>(null);
  useEffect(() => {
    let live = true;
    mutateAsync({ id: mediaId })
      .then((r) => live && setUrl(r.url))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [mediaId, mutateAsync]);
  const playFrom = (seconds: number) => {
    const element = audio.current;
    if (!element) return;
    element.currentTime = seconds;
    void element.play().catch(() => undefined);
  };
  return { url, audio, playFrom };
}

interface WordProps {
  text: string;
  index: number;
  corrected: boolean;
  found: boolean;
  editing: boolean;
  onEdit(): void;
  onDone(text: string | null): void;
}

function Word({ text, index, corrected, found, editing, onEdit, onDone }: WordProps) {
  const [value, setValue] = useState(text);
  if (editing) {
    return (
      <TextInput
        size="xs"
        autoFocus
        value={value}
        maxLength={TRANSCRIPT_REVIEW.maxWordLength}
        aria-label={`Correct word ${index + 1}`}
        onChange={(e) => setValue(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') onDone(value);
          if (e.key === 'Escape') onDone(null);
        }}
        onBlur={() => onDone(value)}
        styles={{ root: { display: 'inline-block', width: `${Math.max(6, value.length + 3)}ch` } }}
      />
    );
  }
  return (
    <UnstyledButton
      onClick={onEdit}
      data-word={index}
      title="Click to correct this word"
      style={{
        padding: '1px 2px',
        borderRadius: 4,
        background: found ? 'var(--mantine-color-yellow-2)' : corrected ? 'var(--mantine-color-teal-0)' : undefined,
        borderBottom: corrected ? '2px solid var(--mantine-color-teal-6)' : '2px solid transparent',
        color: 'var(--mantine-color-text)',
      }}
    >
      {text}
    </UnstyledButton>
  );
}

function TranscriptBody({ view, onClose }: { view: TTranscriptView; onClose(): void }) {
  const utils = trpc.useUtils();
  const correct = trpc.transcripts.correct.useMutation();
  const { url, audio, playFrom } = usePlayer(view.media_id);
  const [draft, setDraft] = useState<CorrectionDraft>(new Map());
  const [editing, setEditing] = useState<number | null>(null);
  const [query, setQuery] = useState('');
  const [outcome, setOutcome] = useState<string | null>(null);
  const lines = useMemo(() => transcriptLines(view.words), [view.words]);
  const texts = useMemo(() => wordsWithDraft(view.words, draft), [view.words, draft]);
  const found = useMemo(() => searchWords(texts, query), [texts, query]);
  const saved = new Set(view.corrected);
  const pending = draftCorrections(draft);

  async function save() {
    try {
      const result = await correct.mutateAsync({ media_id: view.media_id, corrections: pending });
      await utils.transcripts.view.invalidate();
      setDraft(new Map());
      setOutcome(describeRescan(result.rescan.before, result.rescan.after));
      await Promise.all([utils.media.mainContent.invalidate(), utils.transcripts.intentHints.invalidate()]);
    } catch {
      // The error is shown from the mutation's state below.
    }
  }

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Click a word to correct it (the timing stays as recorded); click a time to play from there. Corrections go into the published
        transcript, chapters and AI show notes, and the spoken commands are looked for again.
      </Text>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label="Search"
          placeholder="Find a word or phrase"
          leftSection={<IconSearch size={16} />}
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
          style={{ flex: 1, minWidth: 200 }}
        />
        {query.trim() !== '' && (
          <Badge variant="light" color={found.size ? 'yellow' : 'gray'}>
            {found.size} {found.size === 1 ? 'word' : 'words'} found
          </Badge>
        )}
      </Group>
      {url && <audio ref={audio} controls src={url} preload="metadata" style={{ width: '100%' }} aria-label="Upload audio" />}
      <ScrollArea.Autosize mah="55vh" type="auto" offsetScrollbars>
        <Stack gap={4} data-testid="transcript-lines">
          {lines.map((line) => (
            <Group key={line.first} gap={6} wrap="nowrap" align="flex-start">
              <UnstyledButton
                onClick={() => playFrom(line.start)}
                aria-label={`Play from ${lineTime(line.start)}`}
                style={{ minWidth: 56, fontVariantNumeric: 'tabular-nums', color: 'var(--mantine-color-indigo-7)' }}
              >
                <Group gap={2} wrap="nowrap">
                  <IconPlayerPlay size={12} />
                  <Text size="sm" span>
                    {lineTime(line.start)}
                  </Text>
                </Group>
              </UnstyledButton>
              <Text size="sm" style={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, lineHeight: 1.55 }}>
                {line.indexes.map((index) => (
                  <Word
                    key={`${index}-${texts[index]}`}
                    index={index}
                    text={texts[index] ?? ''}
                    corrected={saved.has(index) || draft.has(index)}
                    found={found.has(index)}
                    editing={editing === index}
                    onEdit={() => setEditing(index)}
                    onDone={(text) => {
                      if (text !== null) setDraft((current) => editWord(current, view.words, index, text));
                      setEditing(null);
                    }}
                  />
                ))}
              </Text>
            </Group>
          ))}
        </Stack>
      </ScrollArea.Autosize>
      {correct.isError && (
        <Alert color="red" title="Corrections not saved">
          {toApiFailure(correct.error).message ?? 'Please try again.'}
        </Alert>
      )}
      {outcome && (
        <Alert color="teal" title="Corrections saved">
          {outcome}
        </Alert>
      )}
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed">
          {saved.size} corrected · {pending.length} unsaved
        </Text>
        <Group gap="xs" wrap="wrap">
          <Button variant="default" onClick={() => setDraft(new Map())} disabled={pending.length === 0}>
            Discard changes
          </Button>
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button onClick={() => void save()} disabled={pending.length === 0} loading={correct.isPending}>
            Save corrections
          </Button>
        </Group>
      </Group>
    </Stack>
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

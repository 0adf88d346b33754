import { useRef, useState } from 'react';
import { Badge, Button, Group, Paper, Text, TextInput } from '@mantine/core';
import { IconArrowMerge, IconPlayerPlay, IconSeparatorVertical } from '@tabler/icons-react';
import { TRANSCRIPT_REVIEW } from '@ppp/contracts';
import { splitAt, wordTime, type DraftWord } from './transcript-draft.ts';

export interface WordInspectorProps {
  word: DraftWord;
  position: number;
  total: number;
  canSplit: boolean;
  canMerge: boolean;
  onPlay(): void;
  onText(text: string): void;
  onSplit(texts: [string, string]): void;
  onMerge(): void;
}

const SPLIT_HELP = 'To split it, type a space where it breaks or put the cursor there and press Split.';

/** Which word, when it is said, how sure the engine was, and whether it is to check or not saved yet. */
function WordFacts({ word, position, total }: Pick<WordInspectorProps, 'word' | 'position' | 'total'>) {
  // How sure the engine was, for a word as it heard it (what the creator typed is theirs).
  const sure = word.confidence === null || word.corrected ? null : Math.round(word.confidence * 100);
  return (
    <Group gap="xs" justify="space-between" wrap="wrap" mb={6}>
      <Text size="sm" fw={600}>
        Word {position + 1} of {total}
      </Text>
      <Group gap={6} wrap="wrap">
        <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }} data-testid="word-times">
          {wordTime(word.start)} to {wordTime(word.end)}
          {sure === null ? '' : ` · ${sure} % sure`}
        </Text>
        {word.low && (
          <Badge size="xs" color="orange" variant="light">
            Check this word
          </Badge>
        )}
        {word.kind !== 'saved' && (
          <Badge size="xs" color="teal" variant="light">
            Not saved yet
          </Badge>
        )}
      </Group>
    </Group>
  );
}

interface WordActionsProps extends Pick<WordInspectorProps, 'position' | 'canSplit' | 'canMerge' | 'onPlay' | 'onMerge'> {
  onSplit(): void;
}

/** Play, Split and Merge with next. */
function WordActions({ position, canSplit, canMerge, onPlay, onSplit, onMerge }: WordActionsProps) {
  return (
    <Group gap={6} wrap="wrap">
      <Button
        size="sm"
        variant="light"
        leftSection={<IconPlayerPlay size={14} />}
        onClick={onPlay}
        aria-label={`Play word ${position + 1}`}
      >
        Play
      </Button>
      <Button size="sm" variant="default" leftSection={<IconSeparatorVertical size={14} />} onClick={onSplit} disabled={!canSplit}>
        Split
      </Button>
      <Button size="sm" variant="default" leftSection={<IconArrowMerge size={14} />} onClick={onMerge} disabled={!canMerge}>
        Merge with next
      </Button>
    </Group>
  );
}

/** The selected word: its times and how sure the engine was, a field to correct it, Play, Split and Merge with next. */
export function WordInspector({ word, position, total, canSplit, canMerge, onPlay, onText, onSplit, onMerge }: WordInspectorProps) {
  const [value, setValue] = useState(word.text);
  const [hint, setHint] = useState<string | null>(null);
  const input = useRef<HTMLInputElement | null>(null);

  function split() {
    const parts = splitAt(value, input.current?.selectionStart ?? null);
    if (parts) onSplit(parts);
    else setHint(SPLIT_HELP);
  }

  return (
    <Paper withBorder radius="md" p="xs" bg="var(--mantine-color-gray-0)" data-testid="word-inspector">
      <WordFacts word={word} position={position} total={total} />
      <Group gap="xs" align="flex-start" wrap="wrap">
        <TextInput
          ref={input}
          size="sm"
          autoFocus
          value={value}
          maxLength={TRANSCRIPT_REVIEW.maxWordLength * 2 + 1}
          aria-label={`Correct word ${position + 1}`}
          description={hint ?? (canSplit ? SPLIT_HELP : 'Save first to split this word again.')}
          error={hint !== null}
          // Escape puts the word back and must not close the dialog around it.
          data-mantine-stop-propagation="true"
          onChange={(e) => {
            setValue(e.currentTarget.value);
            setHint(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') onText(value);
            if (e.key === 'Escape') setValue(word.text);
          }}
          onBlur={() => value.trim() !== word.text && onText(value)}
          style={{ flex: 1, minWidth: 180 }}
        />
        <WordActions position={position} canSplit={canSplit} canMerge={canMerge} onPlay={onPlay} onSplit={split} onMerge={onMerge} />
      </Group>
    </Paper>
  );
}

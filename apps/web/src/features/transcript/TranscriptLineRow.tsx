import { Group, Text, UnstyledButton } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { lineTime, type TranscriptLine } from './transcript-lines.ts';
import { TranscriptWord } from './TranscriptWord.tsx';

export interface TranscriptLineRowProps {
  line: TranscriptLine;
  texts: readonly string[];
  found: ReadonlySet<number>;
  editing: number | null;
  isCorrected: (index: number) => boolean;
  onPlayFrom: (seconds: number) => void;
  onEdit: (index: number) => void;
  onDone: (index: number, text: string | null) => void;
}

/** One line of the transcript: its time (a press plays from there) and its words. */
export function TranscriptLineRow({ line, texts, found, editing, isCorrected, onPlayFrom, onEdit, onDone }: TranscriptLineRowProps) {
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <UnstyledButton
        onClick={() => onPlayFrom(line.start)}
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
          <TranscriptWord
            key={`${index}-${texts[index]}`}
            index={index}
            text={texts[index] ?? ''}
            corrected={isCorrected(index)}
            found={found.has(index)}
            editing={editing === index}
            onEdit={() => onEdit(index)}
            onDone={(text) => onDone(index, text)}
          />
        ))}
      </Text>
    </Group>
  );
}

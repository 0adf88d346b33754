import { Group, Text, UnstyledButton } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { lineTime, type TranscriptLine } from './transcript-lines.ts';
import type { DraftWord } from './transcript-draft.ts';
import { TranscriptWord } from './TranscriptWord.tsx';

export interface TranscriptLineRowProps {
  line: TranscriptLine;
  words: readonly DraftWord[];
  found: ReadonlySet<number>;
  selected: number | null;
  onPlayFrom: (seconds: number) => void;
  onSelect: (position: number) => void;
}

/** One line of the transcript: its time (a press plays from there) and its words, each with its own time. */
export function TranscriptLineRow({ line, words, found, selected, onPlayFrom, onSelect }: TranscriptLineRowProps) {
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <UnstyledButton
        onClick={() => onPlayFrom(line.start)}
        aria-label={`Play from ${lineTime(line.start)}`}
        style={{ minWidth: 56, paddingTop: 1, fontVariantNumeric: 'tabular-nums', color: 'var(--mantine-color-indigo-7)' }}
      >
        <Group gap={2} wrap="nowrap">
          <IconPlayerPlay size={12} />
          <Text size="sm" span>
            {lineTime(line.start)}
          </Text>
        </Group>
      </UnstyledButton>
      <div style={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 4, minWidth: 0 }}>
        {line.indexes.map((position) => {
          const word = words[position];
          return word ? (
            <TranscriptWord
              key={`${position}-${word.from}-${word.text}`}
              word={word}
              position={position}
              found={found.has(position)}
              selected={selected === position}
              onSelect={() => onSelect(position)}
            />
          ) : null;
        })}
      </div>
    </Group>
  );
}

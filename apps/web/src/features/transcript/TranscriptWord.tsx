import { Text, UnstyledButton } from '@mantine/core';
import type { DraftWord } from './transcript-draft.ts';
import { wordTime } from './transcript-draft.ts';

export interface TranscriptWordProps {
  word: DraftWord;
  position: number;
  found: boolean;
  selected: boolean;
  onSelect(): void;
}

function background(word: DraftWord, found: boolean, selected: boolean): string | undefined {
  if (selected) return 'var(--mantine-color-indigo-1)';
  if (found) return 'var(--mantine-color-yellow-2)';
  if (word.kind !== 'saved') return 'var(--mantine-color-teal-1)';
  return word.corrected ? 'var(--mantine-color-teal-0)' : undefined;
}

/** What a word's hover title says: its times, how sure the engine was, and what the creator did to it. */
function wordTitle(word: DraftWord): string {
  const sure =
    word.confidence === null || word.corrected
      ? ''
      : ` · ${Math.round(word.confidence * 100)} % sure${word.low ? ' (check this word)' : ''}`;
  const state = word.kind === 'saved' ? (word.corrected ? ' · corrected' : '') : ` · ${word.kind}, not saved yet`;
  return `${wordTime(word.start)} to ${wordTime(word.end)}${sure}${state}. Click to hear and correct it.`;
}

/** One word of the transcript with the time it starts: a press plays it and opens it for correcting. */
export function TranscriptWord({ word, position, found, selected, onSelect }: TranscriptWordProps) {
  const underline = word.low
    ? '2px dotted var(--mantine-color-orange-6)'
    : word.corrected
      ? '2px solid var(--mantine-color-teal-6)'
      : '2px solid transparent';
  return (
    <UnstyledButton
      onClick={onSelect}
      data-word={position}
      data-text={word.text}
      data-low={word.low || undefined}
      data-kind={word.kind}
      aria-pressed={selected}
      title={wordTitle(word)}
      style={{
        display: 'inline-flex',
        flexDirection: 'column',
        alignItems: 'flex-start',
        padding: '1px 3px',
        borderRadius: 4,
        background: background(word, found, selected),
        outline: selected ? '2px solid var(--mantine-color-indigo-5)' : undefined,
        color: 'var(--mantine-color-text)',
      }}
    >
      <Text span size="sm" lh={1.3} style={{ borderBottom: underline }}>
        {word.text}
      </Text>
      <Text span fz={10} lh={1.2} c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
        {wordTime(word.start)}
      </Text>
    </UnstyledButton>
  );
}

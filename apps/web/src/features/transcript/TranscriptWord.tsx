import { useState } from 'react';
import { TextInput, UnstyledButton } from '@mantine/core';
import { TRANSCRIPT_REVIEW } from '@ppp/contracts';

export interface TranscriptWordProps {
  text: string;
  index: number;
  corrected: boolean;
  found: boolean;
  editing: boolean;
  onEdit(): void;
  onDone(text: string | null): void;
}

/** One word of the transcript: a button that turns into a field to correct it. */
export function TranscriptWord({ text, index, corrected, found, editing, onEdit, onDone }: TranscriptWordProps) {
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

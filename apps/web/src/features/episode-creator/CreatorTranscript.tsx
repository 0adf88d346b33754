import { useState, type ReactNode } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';
import { TranscriptEditor } from '../transcript/TranscriptEditor.tsx';
import { TranscriptOpener, useTranscriptOpener } from '../transcript/transcript-opener.ts';
import type { CreatorAction } from './creator-state.ts';

/**
 * Issue 32: the transcript editor in the Episode Creator's reviews. While it is open the review
 * dialogs step aside (one dialog at a time; Escape closes the editor alone); a save has the retakes
 * and commands proposed again from the corrected words, and the review opens again with them.
 */
export function CreatorTranscript({
  uploadId,
  dispatch,
  children,
}: {
  uploadId: string;
  dispatch(action: CreatorAction): void;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <TranscriptOpener.Provider value={() => setOpen(true)}>
      {!open && children}
      <TranscriptEditor
        source={open ? { media_id: uploadId } : null}
        onClose={() => setOpen(false)}
        onSaved={() => dispatch({ type: 'transcriptCorrected' })}
      />
    </TranscriptOpener.Provider>
  );
}

/** 'Misheard words? Correct the transcript' in a review dialog. */
export function CorrectTranscriptLink() {
  const open = useTranscriptOpener();
  if (!open) return null;
  return (
    <Group gap={4} wrap="wrap" data-testid="correct-transcript">
      <Text size="sm" c="dimmed">
        Misheard words (a cue missed, or found where none was said)?
      </Text>
      <Button variant="subtle" size="compact-sm" leftSection={<IconFileText size={14} />} onClick={open}>
        Correct the transcript
      </Button>
    </Group>
  );
}

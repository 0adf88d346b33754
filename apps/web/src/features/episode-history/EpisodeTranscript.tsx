import { Button, Group, Stack, Text } from '@mantine/core';
import { IconFileText, IconScissors } from '@tabler/icons-react';
import type { TEpisode } from '@ppp/contracts';
import { TranscriptEditor } from '../transcript/TranscriptEditor.tsx';

/**
 * Issue 32: an assembled episode's transcript (its upload's words) to hear and correct. The corrected
 * words are what its published transcript reads; its audio changes only when it is rendered again,
 * which Review retakes does after cutting a retake the corrected words now show.
 */
export function EpisodeTranscriptEditor({
  episode,
  onClose,
  onReviewRetakes,
}: {
  episode: TEpisode | null;
  onClose(): void;
  onReviewRetakes?(episode: TEpisode): void;
}) {
  return (
    <TranscriptEditor
      source={episode ? { episode_id: episode.id } : null}
      onClose={onClose}
      savedNotice={
        episode && (
          <Stack gap={6} align="flex-start" data-testid="reassemble-notice">
            <Text size="sm">
              This episode&apos;s audio stays as it was assembled until it is rendered again. Its published transcript reads the corrected
              words now; to cut a retake they now show, review its retakes (the episode is then rendered again).
            </Text>
            {onReviewRetakes && episode.editable && (
              <Button size="xs" variant="light" leftSection={<IconScissors size={14} />} onClick={() => onReviewRetakes(episode)}>
                Review retakes
              </Button>
            )}
          </Stack>
        )
      }
    />
  );
}

/** The edit panel's way to the transcript: what correcting it changes, and Correct transcript. */
export function EditPanelTranscript({ episode, onOpen }: { episode: TEpisode; onOpen?(): void }) {
  if (!onOpen || !episode.has_transcript) return null;
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" data-testid="edit-panel-transcript">
      <Text size="sm" c="dimmed">
        Misheard words go into the published transcript, chapters and AI text until corrected.
      </Text>
      <Button size="xs" variant="light" leftSection={<IconFileText size={14} />} onClick={onOpen} style={{ flexShrink: 0 }}>
        Correct transcript
      </Button>
    </Group>
  );
}

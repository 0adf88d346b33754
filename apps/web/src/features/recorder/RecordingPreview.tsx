import type { SyntheticEvent } from 'react';
import { Group, Loader, Text } from '@mantine/core';
import { formatClock } from './recorder-machine.ts';

/**
 * A browser's WebM recording states no length, so the player shows none and cannot seek; seeking
 * far past the end makes the browser find the length, then the player goes back to the start.
 */
function learnDuration(event: SyntheticEvent<HTMLAudioElement>) {
  const audio = event.currentTarget;
  if (Number.isFinite(audio.duration)) return;
  audio.addEventListener(
    'timeupdate',
    () => {
      audio.currentTime = 0;
    },
    { once: true },
  );
  audio.currentTime = Number.MAX_SAFE_INTEGER;
}

/** 'Recording stopped' with the recorded length. */
export function StoppedHeader({ elapsedMs }: { elapsedMs: number }) {
  return (
    <Group justify="space-between">
      <Text fw={700}>Recording stopped</Text>
      <Text c="dimmed" ff="monospace" data-testid="recorder-timer">
        {formatClock(elapsedMs)}
      </Text>
    </Group>
  );
}

/** The stopped recording to listen back to, or a wait while its last data comes in. */
export function RecordingPreview({ url }: { url: string | null }) {
  if (!url)
    return (
      <Group gap="xs">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          Preparing the preview…
        </Text>
      </Group>
    );
  return (
    <audio
      controls
      src={url}
      onLoadedMetadata={learnDuration}
      style={{ width: '100%' }}
      data-testid="recording-preview"
      aria-label="Recording preview"
    />
  );
}

import { ActionIcon, Box, Group, Text } from '@mantine/core';
import { IconPlayerPauseFilled, IconPlayerPlayFilled } from '@tabler/icons-react';
import { useSnippetWaveform } from './use-snippet-waveform.ts';

export interface SnippetWaveformProps {
  /** A short clip (a review snippet) the browser fetches and draws whole. */
  url: string;
  /** Accessible name of the play button. */
  label: string;
  /** Seconds inside the snippet to shade (the stretch that would be cut), if any. */
  highlight?: { start: number; end: number } | null;
  /** When given, the shaded stretch can be dragged and its edges moved; called with the new seconds. */
  onHighlightChange?: (start: number, end: number) => void;
  height?: number;
  /** What shows when the clip cannot be loaded (the spec's words of the review that uses it). */
  unavailableText: string;
}

/** A short clip's waveform with play/pause, and an optional shaded stretch: the review cards of the Episode Creator. */
export function SnippetWaveform({ url, label, highlight = null, onHighlightChange, height = 56, unavailableText }: SnippetWaveformProps) {
  const { container, playing, ready, failed, playPause } = useSnippetWaveform({ url, height, highlight, onHighlightChange });
  return (
    <Group gap="xs" wrap="nowrap" align="center">
      <ActionIcon
        size="lg"
        radius="xl"
        variant="light"
        aria-label={playing ? `Pause ${label}` : `Play ${label}`}
        disabled={!ready}
        onClick={playPause}
      >
        {playing ? <IconPlayerPauseFilled size={16} /> : <IconPlayerPlayFilled size={16} />}
      </ActionIcon>
      <Box ref={container} style={{ flex: 1, minWidth: 0 }} data-testid="snippet-waveform" data-ready={ready ? 'true' : 'false'} />
      {failed && (
        <Text size="xs" c="red">
          {unavailableText}
        </Text>
      )}
    </Group>
  );
}

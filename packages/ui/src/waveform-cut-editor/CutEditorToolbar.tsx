import { Button, Group, Text } from '@mantine/core';
import { IconCut, IconPlayerPause, IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { formatCutTime } from '@ppp/contracts';

export interface CutEditorToolbarProps {
  ready: boolean;
  playing: boolean;
  currentMs: number;
  durationMs: number;
  hasCuts: boolean;
  onPlayPause: () => void;
  onAddCut: () => void;
  onClearAll: () => void;
}

/** Play/Pause, Add cut and Clear all, with the playhead's time beside them. */
export function CutEditorToolbar({
  ready,
  playing,
  currentMs,
  durationMs,
  hasCuts,
  onPlayPause,
  onAddCut,
  onClearAll,
}: CutEditorToolbarProps) {
  return (
    <Group justify="space-between" wrap="wrap" gap="xs">
      <Group gap="xs" wrap="wrap">
        <Button
          leftSection={playing ? <IconPlayerPause size={16} /> : <IconPlayerPlay size={16} />}
          onClick={onPlayPause}
          disabled={!ready}
          variant="light"
        >
          {playing ? 'Pause' : 'Play'}
        </Button>
        <Button leftSection={<IconCut size={16} />} onClick={onAddCut} disabled={!ready}>
          Add cut
        </Button>
        <Button leftSection={<IconTrash size={16} />} color="gray" variant="default" onClick={onClearAll} disabled={!hasCuts}>
          Clear all
        </Button>
      </Group>
      <Text size="sm" ff="monospace" data-testid="playhead" aria-live="off">
        {formatCutTime(currentMs)} / {formatCutTime(durationMs)}
      </Text>
    </Group>
  );
}

import { Box, Button, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { IconCut, IconPlayerPause, IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { MANUAL_EDIT, formatCutTime, parseTimeInput } from '@ppp/contracts';
import { CutsTable } from './CutsTable.tsx';
import { cutAtPlayhead, cutsToCommit, formatLength, withoutLast, type EditorCut } from './cut-list.ts';
import { useCutWaveform } from './use-cut-waveform.ts';

export interface WaveformCutEditorProps {
  /** The audio to play (range requests); it is never decoded whole in the browser. */
  audioUrl: string;
  /** Waveform peaks computed by the worker, one array per channel, values -1..1. */
  peaks: number[][];
  durationMs: number;
  /** Called with the cuts to remove (20 ms or more, sorted by start). */
  onCommit: (cuts: { start_ms: number; end_ms: number }[]) => void;
  committing?: boolean;
  regionColor?: string;
}

function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
}

/**
 * The manual waveform cut editor (spec 001 'Manual editor'): draggable cut regions, play/pause,
 * Add cut (2 s from the playhead), Clear all, zoom 15/30/60/120 s, a time box (hh:mm:ss, mm:ss or
 * seconds), the Delete key removing the last region, a cuts table, and Commit.
 */
export function WaveformCutEditor({
  audioUrl,
  peaks,
  durationMs,
  onCommit,
  committing = false,
  regionColor = 'rgba(224, 49, 49, 0.3)',
}: WaveformCutEditorProps) {
  const container = useRef<HTMLDivElement | null>(null);
  const [cuts, setCuts] = useState<EditorCut[]>([]);
  const [zoom, setZoom] = useState<number>(MANUAL_EDIT.defaultZoomSeconds);
  const [timeText, setTimeText] = useState('');
  const [timeInvalid, setTimeInvalid] = useState(false);
  const wave = useCutWaveform({ container, audioUrl, peaks, durationMs, cuts, onCutsChange: setCuts, zoomSeconds: zoom, regionColor });

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Delete' || isTyping(event.target)) return;
      event.preventDefault();
      setCuts((list) => withoutLast(list));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const goToTime = (event: FormEvent) => {
    event.preventDefault();
    const seconds = parseTimeInput(timeText);
    const ok = seconds !== null && seconds * 1000 <= durationMs;
    setTimeInvalid(!ok);
    if (ok) wave.seekMs(Math.round(seconds * 1000));
  };

  const committable = cutsToCommit(cuts);
  const removedMs = committable.reduce((sum, cut) => sum + cut.end_ms - cut.start_ms, 0);

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs" wrap="wrap">
          <Button
            leftSection={wave.playing ? <IconPlayerPause size={16} /> : <IconPlayerPlay size={16} />}
            onClick={wave.playPause}
            disabled={!wave.ready}
            variant="light"
          >
            {wave.playing ? 'Pause' : 'Play'}
          </Button>
          <Button
            leftSection={<IconCut size={16} />}
            onClick={() => setCuts((list) => [...list, cutAtPlayhead(wave.playheadMs(), durationMs)])}
            disabled={!wave.ready}
          >
            Add cut
          </Button>
          <Button
            leftSection={<IconTrash size={16} />}
            color="gray"
            variant="default"
            onClick={() => setCuts([])}
            disabled={cuts.length === 0}
          >
            Clear all
          </Button>
        </Group>
        <Text size="sm" ff="monospace" data-testid="playhead" aria-live="off">
          {formatCutTime(wave.currentMs)} / {formatCutTime(durationMs)}
        </Text>
      </Group>

      <Box
        ref={container}
        data-testid="waveform"
        style={{
          border: '1px solid var(--mantine-color-default-border)',
          borderRadius: 'var(--mantine-radius-sm)',
          minHeight: MANUAL_EDIT.waveformHeight,
        }}
      />

      <Group justify="space-between" wrap="wrap" gap="xs" align="flex-end">
        <div>
          <Text size="xs" c="dimmed" mb={4} id="zoom-label">
            Zoom (seconds shown)
          </Text>
          <SegmentedControl
            aria-labelledby="zoom-label"
            value={String(zoom)}
            onChange={(value) => setZoom(Number(value))}
            data={MANUAL_EDIT.zoomSeconds.map((s) => ({ value: String(s), label: `${s} s` }))}
          />
        </div>
        <form onSubmit={goToTime}>
          <Group gap={4} align="flex-end" wrap="nowrap">
            <TextInput
              label="Go to time"
              placeholder="hh:mm:ss, mm:ss or seconds"
              value={timeText}
              onChange={(event) => setTimeText(event.currentTarget.value)}
              error={timeInvalid ? 'Use hh:mm:ss, mm:ss or seconds' : undefined}
              w={200}
            />
            <Button type="submit" variant="default">
              Go
            </Button>
          </Group>
        </form>
      </Group>

      <CutsTable
        cuts={cuts}
        durationMs={durationMs}
        onChange={(cut) => setCuts((list) => list.map((c) => (c.id === cut.id ? cut : c)))}
        onClear={(id) => setCuts((list) => list.filter((c) => c.id !== id))}
      />

      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c="dimmed">
          {committable.length} {committable.length === 1 ? 'cut' : 'cuts'}, {formatLength(removedMs)} removed. Delete removes the last cut.
        </Text>
        <Button onClick={() => onCommit(committable)} disabled={committable.length === 0} loading={committing}>
          Commit
        </Button>
      </Group>
    </Stack>
  );
}

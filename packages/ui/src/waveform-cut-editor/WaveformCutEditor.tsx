import { Box, Button, Group, Stack, Text } from '@mantine/core';
import { useCallback, useRef, useState } from 'react';
import { MANUAL_EDIT } from '@ppp/contracts';
import { CutEditorToolbar } from './CutEditorToolbar.tsx';
import { CutsTable } from './CutsTable.tsx';
import { cutAtPlayhead, cutsToCommit, formatLength, withoutLast, type EditorCut } from './cut-list.ts';
import { useCutWaveform } from './use-cut-waveform.ts';
import { useDeleteKey } from './use-delete-key.ts';
import { ZoomAndTimeControls } from './ZoomAndTimeControls.tsx';

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
  const wave = useCutWaveform({ container, audioUrl, peaks, durationMs, cuts, onCutsChange: setCuts, zoomSeconds: zoom, regionColor });
  useDeleteKey(useCallback(() => setCuts((list) => withoutLast(list)), []));

  return (
    <Stack gap="sm">
      <CutEditorToolbar
        ready={wave.ready}
        playing={wave.playing}
        currentMs={wave.currentMs}
        durationMs={durationMs}
        hasCuts={cuts.length > 0}
        onPlayPause={wave.playPause}
        onAddCut={() => setCuts((list) => [...list, cutAtPlayhead(wave.playheadMs(), durationMs)])}
        onClearAll={() => setCuts([])}
      />
      <Box
        ref={container}
        data-testid="waveform"
        style={{
          border: '1px solid var(--mantine-color-default-border)',
          borderRadius: 'var(--mantine-radius-sm)',
          minHeight: MANUAL_EDIT.waveformHeight,
        }}
      />
      <ZoomAndTimeControls zoom={zoom} onZoomChange={setZoom} durationMs={durationMs} onSeekMs={wave.seekMs} />
      <CutsTable
        cuts={cuts}
        durationMs={durationMs}
        onChange={(cut) => setCuts((list) => list.map((c) => (c.id === cut.id ? cut : c)))}
        onClear={(id) => setCuts((list) => list.filter((c) => c.id !== id))}
      />
      <CommitBar cuts={cuts} committing={committing} onCommit={onCommit} />
    </Stack>
  );
}

interface CommitBarProps {
  cuts: readonly EditorCut[];
  committing: boolean;
  onCommit: WaveformCutEditorProps['onCommit'];
}

/** How many cuts and how much they remove, and the Commit button. */
function CommitBar({ cuts, committing, onCommit }: CommitBarProps) {
  const committable = cutsToCommit(cuts);
  const removedMs = committable.reduce((sum, cut) => sum + cut.end_ms - cut.start_ms, 0);
  return (
    <Group justify="space-between" wrap="wrap">
      <Text size="sm" c="dimmed">
        {committable.length} {committable.length === 1 ? 'cut' : 'cuts'}, {formatLength(removedMs)} removed. Delete removes the last cut.
      </Text>
      <Button onClick={() => onCommit(committable)} disabled={committable.length === 0} loading={committing}>
        Commit
      </Button>
    </Group>
  );
}

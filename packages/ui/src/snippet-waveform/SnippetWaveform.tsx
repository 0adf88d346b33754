import { useEffect, useRef, useState } from 'react';
import { ActionIcon, Box, Group, Text } from '@mantine/core';
import { IconPlayerPauseFilled, IconPlayerPlayFilled } from '@tabler/icons-react';
import WaveSurfer from 'wavesurfer.js';
import RegionsPlugin from 'wavesurfer.js/dist/plugins/regions.esm.js';

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
  const container = useRef<HTMLDivElement | null>(null);
  const wavesurfer = useRef<WaveSurfer | null>(null);
  const regions = useRef<ReturnType<typeof RegionsPlugin.create> | null>(null);
  const [playing, setPlaying] = useState(false);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  const onChange = useRef(onHighlightChange);
  useEffect(() => {
    onChange.current = onHighlightChange;
  }, [onHighlightChange]);
  const editable = onHighlightChange !== undefined;

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const plugin = RegionsPlugin.create();
    const ws = WaveSurfer.create({
      container: element,
      height,
      url,
      waveColor: '#8c96b4',
      progressColor: '#4c5fd5',
      cursorColor: '#c92a2a',
      plugins: [plugin],
    });
    ws.on('ready', () => setReady(true));
    ws.on('play', () => setPlaying(true));
    ws.on('pause', () => setPlaying(false));
    ws.on('finish', () => setPlaying(false));
    ws.on('error', () => setFailed(true));
    plugin.on('region-updated', (region) => onChange.current?.(region.start, region.end));
    wavesurfer.current = ws;
    regions.current = plugin;
    return () => {
      ws.destroy();
      wavesurfer.current = null;
      regions.current = null;
      setReady(false);
    };
  }, [url, height]);

  const start = highlight?.start ?? null;
  const end = highlight?.end ?? null;
  useEffect(() => {
    const plugin = regions.current;
    if (!plugin || !ready) return;
    plugin.clearRegions();
    if (start !== null && end !== null && end > start)
      plugin.addRegion({ start: Math.max(0, start), end, color: 'rgba(201, 42, 42, 0.25)', drag: editable, resize: editable });
  }, [ready, start, end, editable]);

  return (
    <Group gap="xs" wrap="nowrap" align="center">
      <ActionIcon
        size="lg"
        radius="xl"
        variant="light"
        aria-label={playing ? `Pause ${label}` : `Play ${label}`}
        disabled={!ready}
        onClick={() => void wavesurfer.current?.playPause()}
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

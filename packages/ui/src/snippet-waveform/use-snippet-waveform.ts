import { useEffect, useRef, useState, type RefObject } from 'react';
import WaveSurfer from 'wavesurfer.js';
import RegionsPlugin from 'wavesurfer.js/dist/plugins/regions.esm.js';

const HIGHLIGHT_COLOR = 'rgba(201, 42, 42, 0.25)';

type RegionsPluginInstance = ReturnType<typeof RegionsPlugin.create>;
type Highlight = { start: number; end: number };

export interface SnippetWaveformOptions {
  url: string;
  height: number;
  highlight: Highlight | null;
  onHighlightChange?: (start: number, end: number) => void;
}

/** The clip drawn whole by wavesurfer, its play state, and the shaded stretch kept in step with `highlight`. */
export function useSnippetWaveform({ url, height, highlight, onHighlightChange }: SnippetWaveformOptions) {
  const container = useRef<HTMLDivElement | null>(null);
  const wavesurfer = useRef<WaveSurfer | null>(null);
  const regions = useRef<RegionsPluginInstance | null>(null);
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

  useHighlightRegion(regions, ready, highlight, editable);

  return { container, playing, ready, failed, playPause: () => void wavesurfer.current?.playPause() };
}

/** Shades the stretch to cut once the waveform is ready, and moves it when `highlight` changes. */
function useHighlightRegion(
  regions: RefObject<RegionsPluginInstance | null>,
  ready: boolean,
  highlight: Highlight | null,
  editable: boolean,
) {
  const start = highlight?.start ?? null;
  const end = highlight?.end ?? null;
  useEffect(() => {
    const plugin = regions.current;
    if (!plugin || !ready) return;
    plugin.clearRegions();
    if (start !== null && end !== null && end > start)
      plugin.addRegion({ start: Math.max(0, start), end, color: HIGHLIGHT_COLOR, drag: editable, resize: editable });
  }, [regions, ready, start, end, editable]);
}

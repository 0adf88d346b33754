import { useEffect, useRef, useState, type RefObject } from 'react';
import type WaveSurfer from 'wavesurfer.js';
import { pxPerSecond, type EditorCut } from './cut-list.ts';
import { createCutWaveform, syncRegions, type RegionsPluginInstance } from './cut-waveform-setup.ts';

export interface CutWaveformOptions {
  container: RefObject<HTMLDivElement | null>;
  audioUrl: string;
  /** The worker's peaks: the file is never fetched and decoded whole in the browser. */
  peaks: number[][];
  durationMs: number;
  cuts: readonly EditorCut[];
  /** Must be stable (a state setter): the waveform is rebuilt when it changes. */
  onCutsChange: (update: (cuts: EditorCut[]) => EditorCut[]) => void;
  zoomSeconds: number;
  regionColor: string;
}

/**
 * A wavesurfer instance with the regions plugin, kept in step with the cut list: regions dragged out
 * on the waveform become cuts, moved or resized regions update theirs, and cuts changed elsewhere
 * (typed, cleared, added) move or remove their regions.
 */
export function useCutWaveform(options: CutWaveformOptions) {
  const { container, audioUrl, peaks, durationMs, cuts, onCutsChange, zoomSeconds, regionColor } = options;
  const wavesurfer = useRef<WaveSurfer | null>(null);
  const regions = useRef<RegionsPluginInstance | null>(null);
  const known = useRef(new Set<string>());
  const [playing, setPlaying] = useState(false);
  const [currentMs, setCurrentMs] = useState(0);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const knownIds = known.current;
    const setup = { element, audioUrl, peaks, durationMs, regionColor, known: knownIds, onCutsChange };
    const { ws, plugin } = createCutWaveform({
      ...setup,
      onReady: () => setReady(true),
      onPlayingChange: setPlaying,
      onTimeMs: setCurrentMs,
    });
    wavesurfer.current = ws;
    regions.current = plugin;
    return () => {
      ws.destroy();
      wavesurfer.current = null;
      regions.current = null;
      knownIds.clear();
      setReady(false);
    };
  }, [container, audioUrl, peaks, durationMs, regionColor, onCutsChange]);

  useEffect(() => {
    if (regions.current && ready) syncRegions(regions.current, cuts, known.current, regionColor);
  }, [cuts, ready, regionColor]);

  useEffect(() => {
    const ws = wavesurfer.current;
    const element = container.current;
    if (ws && element && ready) ws.zoom(pxPerSecond(element.clientWidth, zoomSeconds));
  }, [zoomSeconds, ready, container]);

  return {
    ready,
    playing,
    currentMs,
    playPause: () => void wavesurfer.current?.playPause(),
    seekMs: (ms: number) => {
      wavesurfer.current?.setTime(ms / 1000);
      setCurrentMs(ms);
    },
    playheadMs: () => Math.round((wavesurfer.current?.getCurrentTime() ?? 0) * 1000),
  };
}

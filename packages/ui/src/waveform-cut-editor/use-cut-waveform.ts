import { useEffect, useRef, useState, type RefObject } from 'react';
import WaveSurfer from 'wavesurfer.js';
import RegionsPlugin, { type Region } from 'wavesurfer.js/dist/plugins/regions.esm.js';
import { MANUAL_EDIT } from '@ppp/contracts';
import { cutFromRegion, pxPerSecond, type EditorCut } from './cut-list.ts';

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
  const regions = useRef<ReturnType<typeof RegionsPlugin.create> | null>(null);
  const known = useRef(new Set<string>());
  const [playing, setPlaying] = useState(false);
  const [currentMs, setCurrentMs] = useState(0);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const plugin = RegionsPlugin.create();
    const ws = WaveSurfer.create({
      container: element,
      height: MANUAL_EDIT.waveformHeight,
      url: audioUrl,
      peaks,
      duration: durationMs / 1000,
      waveColor: '#8c96b4',
      progressColor: '#4c5fd5',
      cursorColor: '#c92a2a',
      cursorWidth: 2,
      // A drag on the waveform draws a cut region; a click still seeks.
      dragToSeek: false,
      autoScroll: true,
      plugins: [plugin],
    });
    const update = (region: Region) => {
      const cut = cutFromRegion(region.id, region.start, region.end, durationMs);
      if (!known.current.has(region.id)) {
        known.current.add(region.id);
        onCutsChange((list) => [...list, cut]);
      } else {
        onCutsChange((list) => list.map((c) => (c.id === cut.id ? cut : c)));
      }
    };
    plugin.enableDragSelection({ color: regionColor });
    plugin.on('region-created', (region) => {
      // A region dragged out on the waveform is a new cut; the ones added from the list are known already.
      if (!known.current.has(region.id)) update(region);
    });
    plugin.on('region-updated', update);
    ws.on('ready', () => {
      setReady(true);
      ws.zoom(pxPerSecond(element.clientWidth, MANUAL_EDIT.defaultZoomSeconds));
    });
    ws.on('play', () => setPlaying(true));
    ws.on('pause', () => setPlaying(false));
    ws.on('finish', () => setPlaying(false));
    ws.on('timeupdate', (time) => setCurrentMs(Math.round(time * 1000)));
    wavesurfer.current = ws;
    regions.current = plugin;
    const knownIds = known.current;
    return () => {
      ws.destroy();
      wavesurfer.current = null;
      regions.current = null;
      knownIds.clear();
      setReady(false);
    };
  }, [container, audioUrl, peaks, durationMs, regionColor, onCutsChange]);

  // Cuts changed outside the waveform: add, move or remove their regions.
  useEffect(() => {
    const plugin = regions.current;
    if (!plugin || !ready) return;
    const byId = new Map(plugin.getRegions().map((r) => [r.id, r]));
    for (const cut of cuts) {
      const region = byId.get(cut.id);
      if (!region) {
        known.current.add(cut.id);
        plugin.addRegion({ id: cut.id, start: cut.start_ms / 1000, end: cut.end_ms / 1000, color: regionColor, drag: true, resize: true });
      } else if (Math.round(region.start * 1000) !== cut.start_ms || Math.round(region.end * 1000) !== cut.end_ms) {
        region.setOptions({ start: cut.start_ms / 1000, end: cut.end_ms / 1000 });
      }
      byId.delete(cut.id);
    }
    for (const [id, region] of byId) {
      known.current.delete(id);
      region.remove();
    }
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

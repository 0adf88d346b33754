import WaveSurfer from 'wavesurfer.js';
import RegionsPlugin, { type Region } from 'wavesurfer.js/dist/plugins/regions.esm.js';
import { MANUAL_EDIT } from '@ppp/contracts';
import { cutFromRegion, pxPerSecond, type EditorCut } from './cut-list.ts';

export type RegionsPluginInstance = ReturnType<typeof RegionsPlugin.create>;

export interface CutWaveformSetup {
  element: HTMLDivElement;
  audioUrl: string;
  peaks: number[][];
  durationMs: number;
  regionColor: string;
  /** Ids of the regions that already have a cut (shared with the sync from the list). */
  known: Set<string>;
  onCutsChange: (update: (cuts: EditorCut[]) => EditorCut[]) => void;
  onReady: () => void;
  onPlayingChange: (playing: boolean) => void;
  onTimeMs: (ms: number) => void;
}

/** A wavesurfer instance over the worker's peaks, with the regions plugin: a drag draws a cut, a click still seeks. */
export function createCutWaveform(setup: CutWaveformSetup): { ws: WaveSurfer; plugin: RegionsPluginInstance } {
  const { element, durationMs, known, onCutsChange } = setup;
  const plugin = RegionsPlugin.create();
  const ws = WaveSurfer.create({
    container: element,
    height: MANUAL_EDIT.waveformHeight,
    url: setup.audioUrl,
    peaks: setup.peaks,
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
    if (!known.has(region.id)) {
      known.add(region.id);
      onCutsChange((list) => [...list, cut]);
    } else {
      onCutsChange((list) => list.map((c) => (c.id === cut.id ? cut : c)));
    }
  };
  plugin.enableDragSelection({ color: setup.regionColor });
  plugin.on('region-created', (region) => {
    // A region dragged out on the waveform is a new cut; the ones added from the list are known already.
    if (!known.has(region.id)) update(region);
  });
  plugin.on('region-updated', update);
  ws.on('ready', () => {
    setup.onReady();
    ws.zoom(pxPerSecond(element.clientWidth, MANUAL_EDIT.defaultZoomSeconds));
  });
  ws.on('play', () => setup.onPlayingChange(true));
  ws.on('pause', () => setup.onPlayingChange(false));
  ws.on('finish', () => setup.onPlayingChange(false));
  ws.on('timeupdate', (time) => setup.onTimeMs(Math.round(time * 1000)));
  return { ws, plugin };
}

/** Cuts changed outside the waveform (typed, cleared, added): add, move or remove their regions. */
export function syncRegions(plugin: RegionsPluginInstance, cuts: readonly EditorCut[], known: Set<string>, regionColor: string): void {
  const byId = new Map(plugin.getRegions().map((r) => [r.id, r]));
  for (const cut of cuts) {
    const region = byId.get(cut.id);
    if (!region) {
      known.add(cut.id);
      plugin.addRegion({ id: cut.id, start: cut.start_ms / 1000, end: cut.end_ms / 1000, color: regionColor, drag: true, resize: true });
    } else if (Math.round(region.start * 1000) !== cut.start_ms || Math.round(region.end * 1000) !== cut.end_ms) {
      region.setOptions({ start: cut.start_ms / 1000, end: cut.end_ms / 1000 });
    }
    byId.delete(cut.id);
  }
  for (const [id, region] of byId) {
    known.delete(id);
    region.remove();
  }
}

import type { TEdl, TRenderMemo } from '@ppp/contracts';
import type { FfmpegCapabilities } from '../ffmpeg/legacy-filters.ts';
import {
  GRAPH_PRE_ROLL_SAMPLES,
  MIN_SPLIT_SAMPLES,
  MP3_DELAY_SAMPLES,
  MP3_FRAME_SAMPLES,
  PRE_ROLL_FRAMES,
  TAIL_FRAMES,
  joinSample,
  type SplitPlan,
  type WindowPlan,
} from './args.ts';
import { GraphBuilder, SAMPLE_RATE, msToSamples } from './graph-builder.ts';
import { buildEpisodeGraph } from './graph.ts';

/**
 * What a later render of an edited EDL needs to reuse this render's MP3: the gain it applied and
 * the mix's momentary loudness (ebur128's 400 ms blocks, one every 100 ms, before gain), so the
 * loudness of a new mix that keeps this one's beginning can be known without measuring it again.
 */
export type RenderMemo = TRenderMemo;

/** Silence's blocks (-inf) are kept as this, far below the -70 LUFS gate, so the memo is plain JSON. */
const SILENT_BLOCK_LUFS = -200;

export function renderMemo(
  loudness: { gainDb: number; mixLufs: number; outputLufs: number },
  bitrateKbps: number,
  blocks: readonly number[],
): RenderMemo {
  return {
    version: 1,
    ...loudness,
    bitrateKbps,
    blocks: blocks.map((lufs) => (Number.isFinite(lufs) ? Math.round(lufs * 100) / 100 : SILENT_BLOCK_LUFS)),
  };
}

/** ebur128 logs a block every 100 ms. */
const BLOCK_SAMPLES = SAMPLE_RATE / 10;

/** A reuse must keep at least this much of the old render to be worth its set-up (a minute). */
export const MIN_REUSED_SAMPLES = 60 * SAMPLE_RATE;

function graphOf(edl: TEdl, end: number, capabilities: FfmpegCapabilities | undefined): string {
  const { builder, output } = buildEpisodeGraph(edl, new GraphBuilder(capabilities), { start: 0, end });
  return JSON.stringify([builder.inputs, builder.script(), output]);
}

/**
 * How many samples from the start the two EDLs' mixes are certainly the same: the longest stretch
 * [0, x) (to a frame) whose filter graphs, inputs included, are identical. A window's graph renders
 * the same samples a whole render does there, so equal graphs mean equal audio. 0 when even the
 * first frame differs.
 */
export function sameAudioUntil(previous: TEdl, next: TEdl, capabilities?: FfmpegCapabilities): number {
  const limit = Math.min(msToSamples(previous.duration_ms), msToSamples(next.duration_ms));
  let low = 0;
  let high = Math.floor(limit / MP3_FRAME_SAMPLES);
  while (low < high) {
    const frames = Math.ceil((low + high) / 2);
    const end = frames * MP3_FRAME_SAMPLES;
    if (graphOf(previous, end, capabilities) === graphOf(next, end, capabilities)) low = frames;
    else high = frames - 1;
  }
  return low * MP3_FRAME_SAMPLES;
}

/**
 * The join for a render that keeps the old MP3's frames up to where the mixes part: the old file's
 * frames end TAIL_FRAMES before that point (what the encoder looked ahead at must be the same), and
 * the new encode starts PRE_ROLL_FRAMES before the join. Null when too little would be kept.
 */
export function planReuse(sameSamples: number, totalSamples: number): SplitPlan | null {
  const joinFrame = Math.floor(sameSamples / MP3_FRAME_SAMPLES) - TAIL_FRAMES;
  if (joinFrame - PRE_ROLL_FRAMES <= 0 || joinFrame * MP3_FRAME_SAMPLES - MP3_DELAY_SAMPLES < MIN_REUSED_SAMPLES) return null;
  if (joinFrame * MP3_FRAME_SAMPLES >= totalSamples) return null;
  return { joinFrame, firstEndSample: sameSamples, secondStartSample: (joinFrame - PRE_ROLL_FRAMES) * MP3_FRAME_SAMPLES };
}

/** The old mix's blocks that lie wholly before the join sample. */
export function blocksBefore(memo: RenderMemo, sample: number): number[] {
  return memo.blocks.slice(0, Math.floor(sample / BLOCK_SAMPLES));
}

/**
 * The assembly windows after a reuse's join: one, or two (one process per core, like a whole
 * render) joined again on a frame half way when at least two minutes follow. `inner` is that
 * second join, in the same frame numbering as the programme.
 */
export function planReuseWindows(reuse: SplitPlan, totalSamples: number): { windows: WindowPlan[]; inner: SplitPlan | null } {
  const from = joinSample(reuse);
  const window = (partStart: number, partEnd: number, measureStart: number, measureEnd: number): WindowPlan => ({
    graph: { start: Math.max(0, partStart - GRAPH_PRE_ROLL_SAMPLES), end: partEnd },
    part: { start: partStart, end: partEnd },
    measure: { start: measureStart, end: measureEnd },
  });
  if (totalSamples - from < MIN_SPLIT_SAMPLES) {
    return { windows: [window(reuse.secondStartSample, totalSamples, from, totalSamples)], inner: null };
  }
  const joinFrame = Math.round(((from + totalSamples) / 2 + MP3_DELAY_SAMPLES) / MP3_FRAME_SAMPLES);
  const inner = {
    joinFrame,
    firstEndSample: Math.min(totalSamples, (joinFrame + TAIL_FRAMES) * MP3_FRAME_SAMPLES),
    secondStartSample: (joinFrame - PRE_ROLL_FRAMES) * MP3_FRAME_SAMPLES,
  };
  const middle = joinSample(inner);
  return {
    windows: [
      window(reuse.secondStartSample, inner.firstEndSample, from, middle),
      window(inner.secondStartSample, totalSamples, middle, totalSamples),
    ],
    inner,
  };
}

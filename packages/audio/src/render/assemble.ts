import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { TEdl } from '@ppp/contracts';
import type { FfmpegCapabilities } from '../ffmpeg/legacy-filters.ts';
import { S24_HEADROOM_DB, graphPassArgs, planWindows, windowTailChains, type PcmFormat, type SplitPlan, type WindowPlan } from './args.ts';
import { GraphBuilder, SAMPLE_RATE, msToSamples } from './graph-builder.ts';
import { buildEpisodeGraph } from './graph.ts';
import { combineLoudness, gatedLoudness, parseEbur128Summaries, parseMomentary } from './loudness.ts';
import { runFfmpegLines } from './run-lines.ts';
import type { SampleWindow } from './timeline.ts';

export interface AssembleOptions {
  ffmpeg: string;
  /** What that ffmpeg offers (default a current build). */
  capabilities?: FfmpegCapabilities | undefined;
  /** Folder for the graph scripts and the assembled parts. */
  dir: string;
  /** The encode split the parts are cut for; null renders one window and one part. */
  split: SplitPlan | null;
  signal?: AbortSignal | undefined;
  /** Progress of each window, 0-100. */
  onProgress?: (window: number, percent: number) => void;
  /** The windows to render instead of the split's (a render that reuses an old MP3 assembles only what follows its join). */
  windows?: WindowPlan[];
}

export interface AssembledPart {
  path: string;
  /** The stretch of the episode the part holds, in samples. */
  span: SampleWindow;
}

export interface Assembly {
  parts: AssembledPart[];
  format: PcmFormat;
  /** Integrated loudness of the mix, gated over all windows' blocks. */
  lufs: number;
  /** Highest sample of the mix, in dBFS. */
  peakDb: number;
  /** The mix's momentary loudness, one 400 ms block every 100 ms, in order (empty when ffmpeg logs none). */
  blocks: number[];
}

/** ebur128's first three blocks of a window that starts mid-episode hold less than 400 ms of it. */
const PARTIAL_BLOCKS = 3;

async function renderWindow(
  edl: TEdl,
  plan: WindowPlan,
  index: number,
  format: PcmFormat,
  options: AssembleOptions,
): Promise<{ part: AssembledPart; blocks: number[]; summary: { lufs: number; seconds: number }; peakDb: number }> {
  const graph = buildEpisodeGraph(edl, new GraphBuilder(options.capabilities), plan.graph);
  const script = path.join(options.dir, `graph-${index}.txt`);
  await writeFile(script, [graph.builder.script(), ...windowTailChains(graph.output, plan, format, options.capabilities)].join(';\n'));
  const part = { path: path.join(options.dir, `part-${index}.${format === 's24le' ? 's24' : 'f32'}`), span: plan.part };
  const args = graphPassArgs(graph.builder.inputs, script, [{ label: 'part', path: part.path }], format);
  const blocks: number[] = [];
  const stderr = await runFfmpegLines(options.ffmpeg, args, {
    signal: options.signal,
    seconds: (plan.part.end - plan.part.start) / SAMPLE_RATE,
    onPercent: (percent) => options.onProgress?.(index, percent),
    onStderrLine: (line) => {
      const momentary = parseMomentary(line);
      if (momentary !== null) blocks.push(momentary);
    },
  });
  // The last summary: ffmpeg may configure the graph twice and the discarded instance prints an empty one.
  const summary = parseEbur128Summaries(stderr).at(-1);
  if (summary === undefined) throw new Error('ffmpeg printed no loudness summary');
  return {
    part,
    blocks: plan.measure.start > 0 ? blocks.slice(PARTIAL_BLOCKS) : blocks,
    summary: { lufs: summary.integratedLufs, seconds: (plan.measure.end - plan.measure.start) / SAMPLE_RATE },
    peakDb: summary.peakDb ?? Number.NEGATIVE_INFINITY,
  };
}

async function renderWindows(edl: TEdl, format: PcmFormat, options: AssembleOptions): Promise<Assembly> {
  const plans = options.windows ?? planWindows(msToSamples(edl.duration_ms), options.split);
  const windows = await Promise.all(plans.map((plan, index) => renderWindow(edl, plan, index, format, options)));
  const blocks = windows.flatMap((window) => window.blocks);
  return {
    parts: windows.map((window) => window.part),
    format,
    // An ffmpeg whose frame log reads differently still gives each window's summary to estimate from.
    lufs: blocks.length > 0 ? gatedLoudness(blocks) : combineLoudness(windows.map((window) => window.summary)),
    peakDb: Math.max(...windows.map((window) => window.peakDb)),
    blocks,
  };
}

/**
 * Pass 1: the episode graph, in one window per encode part, each its own ffmpeg process (so the
 * graph runs on both cores), written as headroomed s24 PCM and measured. A mix that peaks above
 * the s24 headroom (rare: 24 dB over full scale) is rendered again as float.
 */
export async function assembleEpisode(edl: TEdl, options: AssembleOptions): Promise<Assembly> {
  const assembled = await renderWindows(edl, 's24le', options);
  if (assembled.peakDb < S24_HEADROOM_DB - 0.01) return assembled;
  return renderWindows(edl, 'f32le', options);
}

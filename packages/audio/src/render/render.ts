import { mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { TEdl } from '@ppp/contracts';
import { locateFfmpeg } from '../ffmpeg/locate.ts';
import { parseProgressLine } from '../ffmpeg/progress.ts';
import { withRunnerOptions } from '../ffmpeg/run.ts';
import { runProcess } from '../process.ts';
import { encodePassArgs, graphPassArgs, measureAndSplitChains, planSplit, type SplitPlan } from './args.ts';
import { SAMPLE_RATE } from './graph-builder.ts';
import { buildEpisodeGraph } from './graph.ts';
import { MAX_GAIN_DB, combineLoudness, limiterCeiling, loudnessGainDb, parseEbur128Summaries } from './loudness.ts';
import { ffmetadata } from './metadata.ts';
import { joinMp3 } from './mp3-join.ts';

export interface RenderOptions {
  signal?: AbortSignal;
  /** 0-100, never decreasing. */
  onProgress?: (percent: number) => void;
  ffmpegPath?: string;
  /** Split the encode over two processes (default: when the episode is at least two minutes long). */
  parallel?: boolean;
}

export interface RenderResult {
  path: string;
  durationMs: number;
  /** Integrated loudness of the mix before gain, as measured. */
  inputLufs: number;
  /** Integrated loudness of what was encoded (from the parts' measurements). */
  outputLufs: number;
  gainDb: number;
  /** Encode passes run: 1, or 2 when the limiter cost more loudness than the tolerance allows. */
  encodePasses: number;
  /** Wall seconds of each stage. */
  timings: { assembleS: number; encodeS: number; joinS: number };
}

/** A second encode pass runs only when the first lands further than this from the target. */
const SECOND_PASS_LU = 0.5;

async function runMeasured(ffmpeg: string, args: string[], seconds: number, signal: AbortSignal | undefined, onPercent: (p: number) => void): Promise<string> {
  const { stderr } = await runProcess(ffmpeg, withRunnerOptions(args), {
    signal,
    onStdoutLine: (line) => {
      const percent = parseProgressLine(line, seconds);
      if (percent !== null) onPercent(percent);
    },
  });
  return stderr;
}

interface Context {
  edl: TEdl;
  work: string;
  ffmpeg: string;
  options: RenderOptions;
  report: (share: number, percent: number, slot?: number) => void;
}

/** Pass 1: the graph once, measured, written as raw float parts. */
async function assemble(ctx: Context, split: SplitPlan | null): Promise<{ parts: string[]; lufs: number }> {
  const graph = buildEpisodeGraph(ctx.edl);
  const tail = measureAndSplitChains(graph.output, split);
  const script = path.join(ctx.work, 'graph.txt');
  await writeFile(script, [graph.builder.script(), ...tail.chains].join(';\n'));
  const outputs = tail.labels.map((label) => ({ label, path: path.join(ctx.work, `${label}.f32`) }));
  const args = graphPassArgs(graph.builder.inputs, script, outputs);
  const stderr = await runMeasured(ctx.ffmpeg, args, ctx.edl.duration_ms / 1000, ctx.options.signal, (p) => ctx.report(0, p));
  // The last summary: ffmpeg may configure the graph twice and the discarded instance prints an empty one.
  const summary = parseEbur128Summaries(stderr).at(-1);
  if (summary === undefined) throw new Error('ffmpeg printed no loudness summary');
  return { parts: outputs.map((output) => output.path), lufs: summary.integratedLufs };
}

/** Pass 2: gain, limiter and MP3 for every part at once (one process per part, so one core each). */
async function encode(ctx: Context, parts: readonly string[], gainDb: number, metadataPath: string): Promise<{ files: string[]; lufs: number }> {
  const ceiling = limiterCeiling(ctx.edl.loudness.true_peak_dbtp);
  const files = parts.map((_, index) => path.join(ctx.work, `encoded-${index}.mp3`));
  const seconds = parts.length === 1 ? [ctx.edl.duration_ms / 1000] : [ctx.edl.duration_ms / 2000, ctx.edl.duration_ms / 2000];
  const runs = parts.map((input, index) => {
    const args = encodePassArgs({ input, gainDb, ceiling, bitrateKbps: ctx.edl.output.bitrate_kbps, metadataPath: index === 0 ? metadataPath : null, dest: files[index] ?? '' });
    return runMeasured(ctx.ffmpeg, args, seconds[index] ?? 1, ctx.options.signal, (p) => ctx.report(1, p, index));
  });
  const stderrs = await Promise.all(runs);
  const measured = stderrs.map((stderr, index) => ({ lufs: parseEbur128Summaries(stderr).at(-1)?.integratedLufs ?? Number.NEGATIVE_INFINITY, seconds: seconds[index] ?? 1 }));
  return { files, lufs: combineLoudness(measured) };
}

function progressReporter(onProgress: RenderOptions['onProgress']): Context['report'] {
  // Assembly takes about 45% of the time, the encodes 50%, the join the rest.
  const slots = [0, 0];
  let last = -1;
  return (stage, percent, slot = 0) => {
    let value = stage === 0 ? percent * 0.45 : 45;
    if (stage === 1) {
      slots[slot] = percent;
      value = 45 + ((slots[0] ?? 0) + (slots[1] ?? slots[0] ?? 0)) * 0.25;
    }
    if (stage === 2) value = 95 + percent * 0.05;
    const rounded = Math.floor(value * 10) / 10;
    if (rounded > last) onProgress?.((last = rounded));
  };
}

/**
 * Renders an EDL to dest as MP3: the graph once to raw float (measuring loudness on the way), then
 * gain, true-peak limiting and encoding spread over two processes, joined on an MP3 frame. Work
 * files live in a hidden folder beside dest and the result is renamed into place, so an abort or
 * a crash never leaves a partial file under dest and a rerun starts clean.
 */
export async function renderEpisode(edl: TEdl, dest: string, options: RenderOptions = {}): Promise<RenderResult> {
  const ffmpeg = options.ffmpegPath ?? locateFfmpeg().ffmpeg;
  const work = await mkdtemp(path.join(path.dirname(dest), `.${path.basename(dest)}.render-`));
  const ctx: Context = { edl, work, ffmpeg, options, report: progressReporter(options.onProgress) };
  try {
    const totalSamples = Math.round((edl.duration_ms * SAMPLE_RATE) / 1000);
    const split = options.parallel === false ? null : planSplit(totalSamples);
    const metadataPath = path.join(work, 'metadata.txt');
    await writeFile(metadataPath, ffmetadata(edl.metadata, edl.chapters));
    const clock = performance.now();
    const assembled = await assemble(ctx, split);
    const assembledAt = performance.now();
    let gainDb = loudnessGainDb(assembled.lufs, edl.loudness.integrated_lufs);
    let encoded = await encode(ctx, assembled.parts, gainDb, metadataPath);
    let encodePasses = 1;
    if (Math.abs(encoded.lufs - edl.loudness.integrated_lufs) > SECOND_PASS_LU && Number.isFinite(encoded.lufs)) {
      // The limiter took more than the tolerance: aim again from where the first pass landed.
      gainDb = Math.max(-MAX_GAIN_DB, Math.min(MAX_GAIN_DB, gainDb + edl.loudness.integrated_lufs - encoded.lufs));
      encoded = await encode(ctx, assembled.parts, gainDb, metadataPath);
      encodePasses = 2;
    }
    const encodedAt = performance.now();
    const final = path.join(work, 'final.mp3');
    const [head, tail] = encoded.files;
    if (split !== null && head !== undefined && tail !== undefined) {
      await joinMp3({ first: head, firstFrames: split.joinFrame, second: tail, secondSkip: split.joinFrame - split.secondStartSample / 1152 }, final);
    } else if (head !== undefined) {
      await rename(head, final);
    }
    options.signal?.throwIfAborted();
    await rename(final, dest);
    ctx.report(2, 100);
    const timings = { assembleS: (assembledAt - clock) / 1000, encodeS: (encodedAt - assembledAt) / 1000, joinS: (performance.now() - encodedAt) / 1000 };
    return { path: dest, durationMs: edl.duration_ms, inputLufs: assembled.lufs, outputLufs: encoded.lufs, gainDb, encodePasses, timings };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

import { mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { TEdl } from '@ppp/contracts';
import { ffmpegCapabilities, type FfmpegCapabilities } from '../ffmpeg/capabilities.ts';
import { locateFfmpeg } from '../ffmpeg/locate.ts';
import { parseProgressLine } from '../ffmpeg/progress.ts';
import { withRunnerOptions } from '../ffmpeg/run.ts';
import { runProcess } from '../process.ts';
import { MP3_FRAME_SAMPLES, PRE_ROLL_FRAMES, encodePassArgs, joinSample, planSplit } from './args.ts';
import { assembleEpisode, type Assembly } from './assemble.ts';
import { SAMPLE_RATE, msToSamples } from './graph-builder.ts';
import { MAX_GAIN_DB, combineLoudness, gatedLoudness, limiterCeiling, loudnessGainDb, parseEbur128Summaries } from './loudness.ts';
import { ffmetadata } from './metadata.ts';
import { joinMp3 } from './mp3-join.ts';
import { blocksBefore, planReuse, planReuseWindows, renderMemo, type RenderMemo } from './reuse.ts';

export interface RenderOptions {
  signal?: AbortSignal;
  /** 0-100, never decreasing. */
  onProgress?: (percent: number) => void;
  ffmpegPath?: string;
  /** Split the assembly and the encode over two processes each (default: when the episode is at least two minutes long). */
  parallel?: boolean;
  /** Split even an episode shorter than two minutes (tests and benchmarks of the split itself). */
  forceSplit?: boolean;
  /** An earlier render of this episode whose beginning the new mix keeps: its frames are reused up to there. */
  reuse?: RenderReuse;
}

export interface RenderReuse {
  /** The earlier render's MP3 (made by renderEpisode: CBR, no bit reservoir, with its Info frame). */
  previousPath: string;
  memo: RenderMemo;
  /** Samples from the start that both mixes certainly share (sameAudioUntil of the two EDLs). */
  sameSamples: number;
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
  /** Whether the limiter (and the loudness check after it) ran: only where the gained peak reaches the ceiling. */
  limited: boolean;
  /** Assembly windows (and encode parts) the render used: 1 or 2. */
  windows: number;
  /** Wall seconds of each stage. */
  timings: { assembleS: number; encodeS: number; joinS: number };
  /** Samples of the programme taken from the earlier render's frames (0: rendered whole). */
  reusedSamples: number;
  /** What a later render of an edited EDL needs to reuse this one; keep it beside the MP3. */
  memo: RenderMemo;
}

/** A second encode pass runs only when the first lands further than this from the target. */
const SECOND_PASS_LU = 0.5;

async function runMeasured(
  ffmpeg: string,
  args: string[],
  seconds: number,
  signal: AbortSignal | undefined,
  onPercent: (p: number) => void,
): Promise<string> {
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
  capabilities: FfmpegCapabilities;
  options: RenderOptions;
  report: (stage: number, percent: number, slot?: number) => void;
}

/** Pass 2: gain, limiter and MP3 for every part at once (one process per part, so one core each). */
async function encode(
  ctx: Context,
  assembly: Assembly,
  gainDb: number,
  metadataPath: string,
): Promise<{ files: string[]; lufs: number; limited: boolean }> {
  const ceiling = limiterCeiling(ctx.edl.loudness.true_peak_dbtp);
  const limit = limiterActs(assembly.peakDb, gainDb, ceiling);
  const files = assembly.parts.map((_, index) => path.join(ctx.work, `encoded-${index}.mp3`));
  const seconds = assembly.parts.map((part) => (part.span.end - part.span.start) / SAMPLE_RATE);
  const runs = assembly.parts.map((part, index) => {
    const args = encodePassArgs({
      input: part.path,
      inputFormat: assembly.format,
      gainDb,
      ceiling,
      bitrateKbps: ctx.edl.output.bitrate_kbps,
      metadataPath: index === 0 ? metadataPath : null,
      dest: files[index] ?? '',
      capabilities: ctx.capabilities,
      limit,
    });
    return runMeasured(ctx.ffmpeg, args, seconds[index] ?? 1, ctx.options.signal, (p) => ctx.report(1, p, index));
  });
  const stderrs = await Promise.all(runs);
  // Nothing limited: the encode is the mix times the gain, whose loudness pass 1 measured.
  if (!limit) return { files, lufs: assembly.lufs + gainDb, limited: false };
  const measured = stderrs.map((stderr, index) => ({
    lufs: parseEbur128Summaries(stderr).at(-1)?.integratedLufs ?? Number.NEGATIVE_INFINITY,
    seconds: seconds[index] ?? 1,
  }));
  return { files, lufs: combineLoudness(measured), limited: true };
}

/** Whether the mix's sample peak, after the gain, can reach the limiter's ceiling (a linear level). */
export function limiterActs(peakDb: number, gainDb: number, ceiling: number): boolean {
  return !Number.isFinite(peakDb) || peakDb + gainDb >= 20 * Math.log10(ceiling);
}

/** Where each stage starts and ends on the 0-100 scale: assembly about a third of the time, the encodes most of the rest. */
const STAGES = [
  [0, 35],
  [35, 97],
  [97, 100],
] as const;

function progressReporter(onProgress: RenderOptions['onProgress'], processes: number): Context['report'] {
  // Parallel processes report apart; a stage is as far along as their mean.
  const slots: number[][] = STAGES.map(() => Array.from({ length: processes }, () => 0));
  let last = -1;
  return (stage, percent, slot = 0) => {
    const [from, to] = STAGES[stage] ?? [0, 100];
    const row = slots[stage] ?? [];
    const count = stage === 2 ? 1 : processes;
    row[Math.min(slot, count - 1)] = percent;
    const mean = row.slice(0, count).reduce((sum, value) => sum + value, 0) / count;
    const rounded = Math.floor((from + ((to - from) * mean) / 100) * 10) / 10;
    if (rounded > last) onProgress?.((last = rounded));
  };
}

type Rendered = Omit<RenderResult, 'path' | 'durationMs' | 'timings'>;
type ReusePlan = NonNullable<ReturnType<typeof planReuse>>;

/**
 * Joins the new stretch's encodes after the earlier render's kept frames into final: the two halves
 * of the new stretch first (both start on the programme's frame grid), then the old frames before
 * them. False when there is no encode to join.
 */
async function joinAfterKept(
  work: string,
  reused: { plan: ReusePlan; inner: ReturnType<typeof planReuseWindows>['inner']; files: readonly string[]; previousPath: string },
  final: string,
): Promise<boolean> {
  const { plan, inner, files, previousPath } = reused;
  const [head, rest] = files;
  if (head === undefined) return false;
  let encodedTail = head;
  if (inner !== null && rest !== undefined) {
    encodedTail = path.join(work, 'tail.mp3');
    const headStartFrame = plan.secondStartSample / MP3_FRAME_SAMPLES;
    await joinMp3({ first: head, firstFrames: inner.joinFrame - headStartFrame, second: rest, secondSkip: PRE_ROLL_FRAMES }, encodedTail);
  }
  await joinMp3(
    { first: previousPath, firstFrames: plan.joinFrame, second: encodedTail, secondSkip: PRE_ROLL_FRAMES, tagFrom: 'second' },
    final,
  );
  return true;
}

/**
 * The reuse path: only the stretch after the join is assembled and encoded, at the earlier render's
 * gain, and joined on an MP3 frame after the earlier render's kept frames; the new encode carries
 * the new tags. Null (render whole instead) when too little would be kept, the encode settings
 * differ, or the new mix's loudness needs a different gain.
 */
async function renderReusing(shared: Context, reuse: RenderReuse, metadataPath: string, final: string): Promise<Rendered | null> {
  const { edl, options } = shared;
  const plan = planReuse(reuse.sameSamples, msToSamples(edl.duration_ms));
  if (plan === null || reuse.memo.version !== 1 || reuse.memo.bitrateKbps !== edl.output.bitrate_kbps) return null;
  const { windows, inner } = planReuseWindows(plan, msToSamples(edl.duration_ms));
  const ctx = { ...shared, report: progressReporter(options.onProgress, windows.length) };
  const tail = await assembleEpisode(edl, {
    ffmpeg: ctx.ffmpeg,
    capabilities: ctx.capabilities,
    dir: ctx.work,
    split: plan,
    windows,
    signal: options.signal,
    onProgress: (window, percent) => ctx.report(0, percent, window),
  });
  const join = joinSample(plan);
  const blocks = [...blocksBefore(reuse.memo, join), ...tail.blocks];
  const drop = () => Promise.all(tail.parts.map((part) => rm(part.path, { force: true })));
  // The earlier gain (a second pass's included) holds while the new mix is about as loud as the old one.
  const mixLufs = gatedLoudness(blocks);
  const change = mixLufs - reuse.memo.mixLufs;
  if (tail.blocks.length === 0 || !Number.isFinite(change) || Math.abs(change) > SECOND_PASS_LU) {
    await drop();
    return null;
  }
  const gainDb = reuse.memo.gainDb;
  const encoded = await encode(ctx, tail, gainDb, metadataPath);
  await drop();
  const outputLufs = reuse.memo.outputLufs + change;
  if (!(await joinAfterKept(ctx.work, { plan, inner, files: encoded.files, previousPath: reuse.previousPath }, final))) return null;
  return {
    inputLufs: mixLufs,
    outputLufs,
    gainDb,
    encodePasses: 1,
    limited: encoded.limited,
    windows: windows.length,
    reusedSamples: join,
    memo: renderMemo({ gainDb, mixLufs, outputLufs }, edl.output.bitrate_kbps, blocks),
  };
}

/**
 * Renders an EDL to dest as MP3: the graph once, in two time windows on two processes, to s24 PCM
 * (measuring loudness on the way), then one global gain, true-peak limiting and encoding spread
 * over two processes, joined on an MP3 frame. Work
 * files live in a hidden folder beside dest and the result is renamed into place, so an abort or
 * a crash never leaves a partial file under dest and a rerun starts clean.
 */
export async function renderEpisode(edl: TEdl, dest: string, options: RenderOptions = {}): Promise<RenderResult> {
  const ffmpeg = options.ffmpegPath ?? locateFfmpeg().ffmpeg;
  const capabilities = await ffmpegCapabilities(ffmpeg);
  const work = await mkdtemp(path.join(path.dirname(dest), `.${path.basename(dest)}.render-`));
  try {
    const totalSamples = msToSamples(edl.duration_ms);
    const split = options.parallel === false ? null : planSplit(totalSamples, options.forceSplit === true ? 0 : undefined);
    const ctx: Context = { edl, work, ffmpeg, capabilities, options, report: progressReporter(options.onProgress, split === null ? 1 : 2) };
    const metadataPath = path.join(work, 'metadata.txt');
    await writeFile(metadataPath, ffmetadata(edl.metadata, edl.chapters));
    const clock = performance.now();
    const final = path.join(work, 'final.mp3');
    const reused = options.reuse ? await renderReusing(ctx, options.reuse, metadataPath, final) : null;
    const outcome = reused !== null ? { rendered: reused, marks: null } : await renderWhole(ctx, split, metadataPath, final);
    options.signal?.throwIfAborted();
    await rename(final, dest);
    ctx.report(2, 100);
    const end = performance.now();
    const { marks } = outcome;
    const timings =
      marks === null
        ? { assembleS: 0, encodeS: (end - clock) / 1000, joinS: 0 }
        : {
            assembleS: (marks.assembledAt - clock) / 1000,
            encodeS: (marks.encodedAt - marks.assembledAt) / 1000,
            joinS: (end - marks.encodedAt) / 1000,
          };
    return { path: dest, durationMs: edl.duration_ms, ...outcome.rendered, timings };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * The whole programme assembled (in two windows when split), encoded at the gain that meets the
 * target loudness, and joined into final; with the moments assembly and encoding ended.
 */
async function renderWhole(
  ctx: Context,
  split: ReturnType<typeof planSplit>,
  metadataPath: string,
  final: string,
): Promise<{ rendered: Rendered; marks: { assembledAt: number; encodedAt: number } }> {
  const { edl, options } = ctx;
  const assembled = await assembleEpisode(edl, {
    ffmpeg: ctx.ffmpeg,
    capabilities: ctx.capabilities,
    dir: ctx.work,
    split,
    signal: options.signal,
    onProgress: (window, percent) => ctx.report(0, percent, window),
  });
  const assembledAt = performance.now();
  const { encoded, gainDb, encodePasses } = await encodeToTarget(ctx, assembled, metadataPath);
  // The parts are the largest files of the render; the join needs only the encodes.
  await Promise.all(assembled.parts.map((part) => rm(part.path, { force: true })));
  const encodedAt = performance.now();
  const [head, tail] = encoded.files;
  if (split !== null && head !== undefined && tail !== undefined) {
    await joinMp3(
      {
        first: head,
        firstFrames: split.joinFrame,
        second: tail,
        secondSkip: split.joinFrame - split.secondStartSample / MP3_FRAME_SAMPLES,
      },
      final,
    );
  } else if (head !== undefined) {
    await rename(head, final);
  }
  const rendered: Rendered = {
    inputLufs: assembled.lufs,
    outputLufs: encoded.lufs,
    gainDb,
    encodePasses,
    limited: encoded.limited,
    windows: assembled.parts.length,
    reusedSamples: 0,
    memo: renderMemo({ gainDb, mixLufs: assembled.lufs, outputLufs: encoded.lufs }, edl.output.bitrate_kbps, assembled.blocks),
  };
  return { rendered, marks: { assembledAt, encodedAt } };
}

/** Encodes at the gain that brings the mix to the target; a second pass when the limiter took more than the tolerance. */
async function encodeToTarget(ctx: Context, assembled: Assembly, metadataPath: string) {
  const target = ctx.edl.loudness.integrated_lufs;
  let gainDb = loudnessGainDb(assembled.lufs, target);
  let encoded = await encode(ctx, assembled, gainDb, metadataPath);
  let encodePasses = 1;
  if (Math.abs(encoded.lufs - target) > SECOND_PASS_LU && Number.isFinite(encoded.lufs)) {
    // Aim again from where the first pass landed.
    gainDb = Math.max(-MAX_GAIN_DB, Math.min(MAX_GAIN_DB, gainDb + target - encoded.lufs));
    encoded = await encode(ctx, assembled, gainDb, metadataPath);
    encodePasses = 2;
  }
  return { encoded, gainDb, encodePasses };
}

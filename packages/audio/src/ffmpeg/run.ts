import { runProcess } from '../process.ts';
import { locateFfmpeg } from './locate.ts';
import { parseProgressLine } from './progress.ts';

export interface FfmpegRunOptions {
  signal?: AbortSignal;
  /** 0-100, never decreasing, 100 exactly once at the end. */
  onProgress?: (percent: number) => void;
  /** Length of the output in seconds; without it only the final 100 is reported. */
  durationSeconds?: number;
  ffmpegPath?: string;
}

/** The options every run gets: machine-readable progress on stdout, no prompts, no banner. */
export function withRunnerOptions(args: readonly string[]): string[] {
  return ['-hide_banner', '-nostdin', '-progress', 'pipe:1', '-nostats', ...args];
}

/** Runs ffmpeg; rejects with ProcessFailedError (stderr tail) on failure and kills it on abort. */
export async function runFfmpeg(args: readonly string[], options: FfmpegRunOptions = {}): Promise<void> {
  const ffmpeg = options.ffmpegPath ?? locateFfmpeg().ffmpeg;
  let last = -1;
  const report = (percent: number) => {
    const rounded = Math.floor(percent * 10) / 10;
    if (rounded <= last) return;
    last = rounded;
    options.onProgress?.(rounded);
  };
  await runProcess(ffmpeg, withRunnerOptions(args), {
    signal: options.signal,
    onStdoutLine: (line) => {
      const percent = parseProgressLine(line, options.durationSeconds);
      if (percent !== null) report(percent);
    },
  });
  report(100);
}

import { spawn } from 'node:child_process';
import { ProcessFailedError, TOOL_SPAWN_OPTIONS, tail } from '../process.ts';
import { withRunnerOptions } from '../ffmpeg/run.ts';
import { parseProgressLine } from '../ffmpeg/progress.ts';

export interface RunLinesOptions {
  signal?: AbortSignal | undefined;
  /** Length of the output in seconds, for progress. */
  seconds: number;
  onPercent: (percent: number) => void;
  /** Every stderr line as it arrives; ffmpeg's log can be megabytes, so it is never kept whole. */
  onStderrLine?: (line: string) => void;
}

function lines(onLine: (line: string) => void): (chunk: string) => void {
  let pending = '';
  return (chunk) => {
    pending += chunk;
    const parts = pending.split('\n');
    pending = parts.pop() ?? '';
    for (const line of parts) onLine(line.replace(/\r$/, ''));
  };
}

/**
 * Runs ffmpeg with progress on stdout and stderr read line by line; resolves with the end of
 * stderr (the summaries ffmpeg prints last). Killed on abort, like every other run.
 */
export function runFfmpegLines(ffmpeg: string, args: readonly string[], options: RunLinesOptions): Promise<string> {
  const { signal } = options;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
    const child = spawn(ffmpeg, withRunnerOptions(args), TOOL_SPAWN_OPTIONS);
    let stderr = '';
    const onStdout = lines((line) => {
      const percent = parseProgressLine(line, options.seconds);
      if (percent !== null) options.onPercent(percent);
    });
    const onStderr = lines((line) => options.onStderrLine?.(line));
    child.stdout.setEncoding('utf8').on('data', onStdout);
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      onStderr(chunk);
      stderr = tail(stderr + chunk, 16_000);
    });
    const onAbort = () => child.kill('SIGKILL');
    signal?.addEventListener('abort', onAbort, { once: true });
    child.on('error', (error) => {
      signal?.removeEventListener('abort', onAbort);
      reject(new ProcessFailedError(ffmpeg, null, error.message));
    });
    child.on('close', (code) => {
      signal?.removeEventListener('abort', onAbort);
      if (signal?.aborted) return reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
      if (code === 0) return resolve(stderr);
      reject(new ProcessFailedError(ffmpeg, code, tail(stderr)));
    });
  });
}

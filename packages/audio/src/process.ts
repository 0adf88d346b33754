import { spawn, type SpawnOptionsWithStdioTuple, type StdioNull, type StdioPipe } from 'node:child_process';

export interface RunProcessOptions {
  signal?: AbortSignal;
  /** Called with each complete stdout line as it arrives (progress parsing). */
  onStdoutLine?: (line: string) => void;
  /** Keep no stdout in memory (long line-by-line output already folded by onStdoutLine). */
  discardStdout?: boolean;
}

export interface ProcessResult {
  stdout: string;
  stderr: string;
}

/** A program exited non-zero or could not start; carries the end of its stderr for the log. */
export class ProcessFailedError extends Error {
  readonly command: string;
  readonly exitCode: number | null;
  readonly stderrTail: string;
  constructor(command: string, exitCode: number | null, stderrTail: string) {
    super(`${command} failed (exit ${exitCode ?? 'signal'}): ${stderrTail || 'no output'}`);
    this.name = 'ProcessFailedError';
    this.command = command;
    this.exitCode = exitCode;
    this.stderrTail = stderrTail;
  }
}

const STDERR_TAIL_CHARS = 2000;

/** Last lines of stderr only: ffmpeg prints its banner first and the reason for failing last. */
export function tail(text: string, chars = STDERR_TAIL_CHARS): string {
  const trimmed = text.trim();
  return trimmed.length <= chars ? trimmed : trimmed.slice(trimmed.length - chars);
}

function abortError(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new DOMException('The operation was aborted', 'AbortError');
}

function lineSplitter(onLine: (line: string) => void): (chunk: string) => void {
  let pending = '';
  return (chunk) => {
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) onLine(line.replace(/\r$/, ''));
  };
}

/**
 * How every tool (ffmpeg, ffprobe, espeak-ng...) is started: output piped, and in a process group of
 * its own, so a terminal's Ctrl-C (sent to the whole foreground group) reaches only the launcher,
 * the server and the worker, which then stop their jobs and end these children themselves, instead
 * of killing a render mid-way as if it had failed.
 */
export const TOOL_SPAWN_OPTIONS: SpawnOptionsWithStdioTuple<StdioNull, StdioPipe, StdioPipe> = {
  stdio: ['ignore', 'pipe', 'pipe'],
  detached: true,
};

/**
 * Spawns a program with an argument array (never a shell, so file names need no quoting), collects
 * its output, and kills it when the signal aborts so a cancelled job frees the CPU at once.
 */
export function runProcess(command: string, args: readonly string[], options: RunProcessOptions = {}): Promise<ProcessResult> {
  const { signal, onStdoutLine, discardStdout } = options;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError(signal));
    const child = spawn(command, args, TOOL_SPAWN_OPTIONS);
    let stdout = '';
    let stderr = '';
    const feedLine = onStdoutLine ? lineSplitter(onStdoutLine) : null;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      if (!discardStdout) stdout += chunk;
      feedLine?.(chunk);
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = tail(stderr + chunk, STDERR_TAIL_CHARS * 4);
    });
    const onAbort = () => child.kill('SIGKILL');
    signal?.addEventListener('abort', onAbort, { once: true });
    child.on('error', (error) => {
      signal?.removeEventListener('abort', onAbort);
      reject(new ProcessFailedError(command, null, error.message));
    });
    child.on('close', (code) => {
      signal?.removeEventListener('abort', onAbort);
      if (signal?.aborted) return reject(abortError(signal));
      if (code === 0) return resolve({ stdout, stderr });
      reject(new ProcessFailedError(command, code, tail(stderr)));
    });
  });
}

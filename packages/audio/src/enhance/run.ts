import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { once } from 'node:events';
import type { Readable, Writable } from 'node:stream';
import { untrustedInputArgs } from '../ffmpeg/safe-input.ts';
import { locateFfmpeg } from '../ffmpeg/locate.ts';
import { ProcessFailedError, tail, TOOL_SPAWN_OPTIONS } from '../process.ts';
import { ENHANCE_SAMPLE_RATE } from './profile.ts';

type Tool = ChildProcessByStdio<Writable | null, Readable, Readable>;

/** One ffmpeg with raw 48 kHz mono float samples on stdout and/or stdin, killed on abort. */
export function spawnFfmpeg(args: readonly string[], stdin: boolean, signal?: AbortSignal): { child: Tool; done: Promise<void> } {
  const child = spawn(locateFfmpeg().ffmpeg, ['-hide_banner', '-nostats', '-loglevel', 'error', ...args], {
    ...TOOL_SPAWN_OPTIONS,
    stdio: [stdin ? 'pipe' : 'ignore', 'pipe', 'pipe'],
  }) as Tool;
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr = tail(stderr + chunk)));
  const onAbort = () => child.kill('SIGKILL');
  signal?.addEventListener('abort', onAbort, { once: true });
  const done = new Promise<void>((resolve, reject) => {
    child.on('error', (error) => reject(new ProcessFailedError('ffmpeg', null, error.message)));
    child.on('close', (code) => {
      signal?.removeEventListener('abort', onAbort);
      if (signal?.aborted) reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
      else if (code === 0) resolve();
      else reject(new ProcessFailedError('ffmpeg', code, tail(stderr)));
    });
  });
  return { child, done };
}

/** Decodes src to 48 kHz mono floats on stdout, through optional filters. */
export function decodeArgs(src: string, formatName: string | null | undefined, filters: string | null): string[] {
  return [
    ...untrustedInputArgs(src, formatName),
    '-map',
    '0:a:0',
    '-vn',
    ...(filters ? ['-af', filters] : []),
    '-ac',
    '1',
    '-ar',
    String(ENHANCE_SAMPLE_RATE),
    '-f',
    'f32le',
    'pipe:1',
  ];
}

/** Encodes 48 kHz mono floats from stdin through filters into dest (format from its extension). */
export function encodeArgs(dest: string, filters: string): string[] {
  return [
    '-y',
    '-f',
    'f32le',
    '-ar',
    String(ENHANCE_SAMPLE_RATE),
    '-ac',
    '1',
    '-i',
    'pipe:0',
    '-af',
    filters,
    '-ar',
    String(ENHANCE_SAMPLE_RATE),
    dest,
  ];
}

/** Turns a byte stream into float chunks, carrying a split sample over to the next chunk. */
export async function* floatChunks(stream: Readable): AsyncGenerator<Float32Array> {
  let carry = Buffer.alloc(0);
  for await (const data of stream as AsyncIterable<Buffer>) {
    const bytes = carry.length ? Buffer.concat([carry, data]) : data;
    const usable = bytes.length - (bytes.length % 4);
    carry = Buffer.from(bytes.subarray(usable));
    if (usable === 0) continue;
    const copy = new Uint8Array(usable);
    copy.set(bytes.subarray(0, usable));
    yield new Float32Array(copy.buffer);
  }
}

/** Writes floats to a process's stdin, waiting when its pipe is full. */
export async function writeFloats(stdin: Writable, samples: Float32Array): Promise<void> {
  if (samples.length === 0) return;
  if (!stdin.write(Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength))) await once(stdin, 'drain');
}

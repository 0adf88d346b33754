import { spawn } from 'node:child_process';
import { locateFfmpeg } from '../ffmpeg/locate.ts';
import { untrustedInputArgs } from '../ffmpeg/safe-input.ts';
import { ProcessFailedError, TOOL_SPAWN_OPTIONS, tail } from '../process.ts';

export interface PeaksOptions {
  /** Decoded samples folded into one min/max pair (one pixel of the waveform). */
  samplesPerPixel: number;
  /** Rate to decode at; the editor needs shape, not fidelity, so 8 kHz keeps decoding cheap. */
  sampleRate?: number;
  signal?: AbortSignal;
  ffmpegPath?: string;
  /** The container ffprobe found, when known: the file is then decoded with that demuxer only. */
  formatName?: string | null;
}

export interface Peaks {
  sampleRate: number;
  samplesPerPixel: number;
  /** Interleaved min, max per pixel, as 16-bit sample values. */
  data: Int16Array;
}

/** Folds s16 mono samples into min/max pairs as they stream in; holds one pixel of state. */
class PeakFolder {
  private readonly out: number[] = [];
  private min = 32767;
  private max = -32768;
  private count = 0;
  private carry: Buffer | null = null;
  private readonly perPixel: number;

  constructor(perPixel: number) {
    this.perPixel = perPixel;
  }

  push(chunk: Buffer): void {
    const bytes = this.carry === null ? chunk : Buffer.concat([this.carry, chunk]);
    const usable = bytes.length - (bytes.length % 2);
    for (let at = 0; at < usable; at += 2) {
      const sample = bytes.readInt16LE(at);
      if (sample < this.min) this.min = sample;
      if (sample > this.max) this.max = sample;
      if (++this.count === this.perPixel) this.flush();
    }
    this.carry = usable < bytes.length ? bytes.subarray(usable) : null;
  }

  flush(): void {
    if (this.count === 0) return;
    this.out.push(this.min, this.max);
    [this.min, this.max, this.count] = [32767, -32768, 0];
  }

  result(): Int16Array {
    this.flush();
    return Int16Array.from(this.out);
  }
}

/**
 * Waveform peaks for the editor: ffmpeg decodes to 16-bit mono on a pipe and the pairs are folded
 * as the bytes arrive, so memory is the result only (an hour at 8 kHz and 256 samples per pixel
 * is about 4.5 MB). Computed once per rendered file; the caller caches the result.
 */
export function computePeaks(path: string, options: PeaksOptions): Promise<Peaks> {
  const sampleRate = options.sampleRate ?? 8000;
  const perPixel = Math.max(1, Math.floor(options.samplesPerPixel));
  const ffmpeg = options.ffmpegPath ?? locateFfmpeg().ffmpeg;
  const args = [
    '-hide_banner',
    '-nostdin',
    '-v',
    'error',
    ...untrustedInputArgs(path, options.formatName),
    '-map',
    '0:a:0',
    '-ac',
    '1',
    '-ar',
    String(sampleRate),
    '-f',
    's16le',
    'pipe:1',
  ];
  return new Promise((resolve, reject) => {
    options.signal?.throwIfAborted();
    const child = spawn(ffmpeg, args, TOOL_SPAWN_OPTIONS);
    const folder = new PeakFolder(perPixel);
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => folder.push(chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr = tail(stderr + chunk)));
    const onAbort = () => child.kill('SIGKILL');
    options.signal?.addEventListener('abort', onAbort, { once: true });
    child.on('error', (error) => reject(new ProcessFailedError(ffmpeg, null, error.message)));
    child.on('close', (code) => {
      options.signal?.removeEventListener('abort', onAbort);
      if (options.signal?.aborted) return reject(options.signal.reason instanceof Error ? options.signal.reason : new Error('aborted'));
      if (code !== 0) return reject(new ProcessFailedError(ffmpeg, code, tail(stderr)));
      resolve({ sampleRate, samplesPerPixel: perPixel, data: folder.result() });
    });
  });
}

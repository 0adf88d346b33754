import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runFfmpeg, type FfmpegRunOptions } from '../ffmpeg/run.ts';

/** The rate the working copy is kept at and that the analysis expects. */
export const ANALYSIS_SAMPLE_RATE = 16_000;

/**
 * An audio file's samples as mono 32-bit floats at 16 kHz, decoded by ffmpeg (any format it reads)
 * into a temporary raw file that is removed afterwards.
 */
export async function readMonoSamples(file: string, options: Pick<FfmpegRunOptions, 'signal' | 'ffmpegPath'> = {}): Promise<Float32Array> {
  const dir = await mkdtemp(path.join(tmpdir(), 'ppp-samples-'));
  try {
    const raw = path.join(dir, 'samples.f32');
    await runFfmpeg(['-v', 'error', '-y', '-i', file, '-ac', '1', '-ar', String(ANALYSIS_SAMPLE_RATE), '-f', 'f32le', raw], options);
    const bytes = await readFile(raw);
    const count = Math.floor(bytes.byteLength / 4);
    // An hour is 230 MB of samples: read in place when the buffer allows (little-endian hosts), else copied.
    if (bytes.byteOffset % 4 === 0 && new Uint8Array(Float32Array.of(1).buffer)[3] === 0x3f)
      return new Float32Array(bytes.buffer, bytes.byteOffset, count);
    const samples = new Float32Array(count);
    for (let i = 0; i < count; i++) samples[i] = bytes.readFloatLE(i * 4);
    return samples;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

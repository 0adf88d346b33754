import { mkdtemp, open, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runFfmpeg, type FfmpegRunOptions } from '../ffmpeg/run.ts';

/** The rate the working copy is kept at and that the analysis expects. */
export const ANALYSIS_SAMPLE_RATE = 16_000;

const HEADER_BYTES = 64 * 1024;
const PCM_FORMAT = 1;

/** Where the samples of a 16-bit PCM WAV start and how many bytes they take; null for other files. */
export async function pcmLayout(
  wavPath: string,
): Promise<{ offset: number; bytes: number; rate: number; channels: number; formatTag: number } | null> {
  const handle = await open(wavPath, 'r');
  try {
    const { size } = await stat(wavPath);
    const header = Buffer.alloc(Math.min(HEADER_BYTES, size));
    await handle.read(header, 0, header.length, 0);
    if (header.length < 12 || header.toString('ascii', 0, 4) !== 'RIFF' || header.toString('ascii', 8, 12) !== 'WAVE') return null;
    let offset = 12;
    let format: { rate: number; channels: number; bits: number; formatTag: number } | null = null;
    while (offset + 8 <= header.length) {
      const id = header.toString('ascii', offset, offset + 4);
      const chunk = header.readUInt32LE(offset + 4);
      if (id === 'fmt ' && offset + 24 <= header.length) {
        format = {
          formatTag: header.readUInt16LE(offset + 8),
          channels: header.readUInt16LE(offset + 10),
          rate: header.readUInt32LE(offset + 12),
          bits: header.readUInt16LE(offset + 22),
        };
      }
      if (id === 'data') {
        if (format === null || format.bits !== 16) return null;
        const rest = size - offset - 8;
        const bytes = chunk === 0 || chunk > rest ? rest : chunk;
        return { offset: offset + 8, bytes, rate: format.rate, channels: format.channels, formatTag: format.formatTag };
      }
      offset += 8 + chunk + (chunk % 2);
    }
    return null;
  } finally {
    await handle.close();
  }
}

/**
 * The samples of a WAV that already is what the analysis reads (the upload's working copy: 16-bit
 * PCM, mono, 16 kHz), converted as ffmpeg converts them (x / 32768, the same floats to the bit);
 * null for any other file.
 */
async function readWorkingCopySamples(file: string): Promise<Float32Array | null> {
  const layout = await pcmLayout(file).catch(() => null);
  if (layout === null || layout.formatTag !== PCM_FORMAT || layout.channels !== 1 || layout.rate !== ANALYSIS_SAMPLE_RATE) return null;
  const handle = await open(file, 'r');
  try {
    const count = Math.floor(layout.bytes / 2);
    const bytes = Buffer.alloc(count * 2);
    const { bytesRead } = await handle.read(bytes, 0, bytes.length, layout.offset);
    const samples = new Float32Array(Math.floor(bytesRead / 2));
    for (let i = 0; i < samples.length; i++) samples[i] = bytes.readInt16LE(i * 2) / 32768;
    return samples;
  } finally {
    await handle.close();
  }
}

/**
 * An audio file's samples as mono 32-bit floats at 16 kHz: the working copy read as it is, any other
 * file decoded by ffmpeg (any format it reads) into a temporary raw file that is removed afterwards.
 */
export async function readMonoSamples(file: string, options: Pick<FfmpegRunOptions, 'signal' | 'ffmpegPath'> = {}): Promise<Float32Array> {
  const direct = await readWorkingCopySamples(file);
  if (direct !== null) return direct;
  return decodeMonoSamples(file, options);
}

/** readMonoSamples by ffmpeg, whatever the file. */
export async function decodeMonoSamples(
  file: string,
  options: Pick<FfmpegRunOptions, 'signal' | 'ffmpegPath'> = {},
): Promise<Float32Array> {
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

import { UPLOAD_CONVERSION } from '@ppp/contracts';
import { Mp3StreamEncoder } from './mp3-stream-encoder.ts';
import { readWavHeader } from './wav-header.ts';

const HEADER_BYTES = 64 * 1024;
/** Frames read at a time: about 1.5 s of 48 kHz audio, so memory stays flat for an hour-long file. */
const FRAMES_PER_READ = UPLOAD_CONVERSION.frameSamples * 64;

export class NotConvertibleError extends Error {}

/**
 * A WAV recording as an MP3 (spec 001 §9), read from the file piece by piece; onProgress gets 0..1.
 * Throws NotConvertibleError for a file this encoder cannot read (not a WAV, or a compressed one).
 */
export async function convertWavToMp3(file: Blob, onProgress: (ratio: number) => void = () => undefined): Promise<Blob> {
  const format = readWavHeader(await file.slice(0, HEADER_BYTES).arrayBuffer(), file.size);
  if (!format || format.dataBytes === 0) throw new NotConvertibleError('not a WAV file this encoder reads');
  const encoder = new Mp3StreamEncoder(format);
  const parts: Uint8Array<ArrayBuffer>[] = [];
  const step = FRAMES_PER_READ * format.blockAlign;
  const end = format.dataOffset + format.dataBytes;
  for (let at = format.dataOffset; at < end; at += step) {
    const bytes = new Uint8Array(await file.slice(at, Math.min(at + step, end)).arrayBuffer());
    parts.push(...encoder.push(bytes).map((p) => new Uint8Array(p)));
    onProgress((Math.min(at + step, end) - format.dataOffset) / format.dataBytes);
  }
  parts.push(...encoder.finish().map((p) => new Uint8Array(p)));
  onProgress(1);
  return new Blob(parts, { type: 'audio/mpeg' });
}

import { open, stat } from 'node:fs/promises';

const HEADER_BYTES = 64 * 1024;

/** Reads the fmt and data chunks of a RIFF/WAVE header; null when it is not one. */
export function parseWavHeader(header: Buffer, fileSize: number): { byteRate: number; dataBytes: number } | null {
  if (header.length < 12 || header.toString('ascii', 0, 4) !== 'RIFF' || header.toString('ascii', 8, 12) !== 'WAVE') return null;
  let offset = 12;
  let byteRate = 0;
  while (offset + 8 <= header.length) {
    const id = header.toString('ascii', offset, offset + 4);
    const size = header.readUInt32LE(offset + 4);
    if (id === 'fmt ' && offset + 16 <= header.length) byteRate = header.readUInt32LE(offset + 16);
    if (id === 'data') {
      // A header written while streaming has no size yet; the rest of the file is the data then.
      const rest = fileSize - offset - 8;
      const dataBytes = size === 0 || size === 0xffffffff || size > rest ? rest : size;
      return byteRate > 0 ? { byteRate, dataBytes } : null;
    }
    offset += 8 + size + (size % 2);
  }
  return null;
}

/** Length of a PCM WAV file in seconds from its header, without spawning ffprobe. */
export async function wavDurationSeconds(path: string): Promise<number | null> {
  const handle = await open(path, 'r');
  try {
    const { size } = await stat(path);
    const buffer = Buffer.alloc(Math.min(HEADER_BYTES, size));
    await handle.read(buffer, 0, buffer.length, 0);
    const parsed = parseWavHeader(buffer, size);
    return parsed ? parsed.dataBytes / parsed.byteRate : null;
  } finally {
    await handle.close();
  }
}

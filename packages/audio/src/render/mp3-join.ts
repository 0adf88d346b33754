import { createReadStream } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';

/**
 * Joins two MP3 encodes of one programme on a frame boundary, without decoding: the frames of the
 * first up to frame `firstFrames`, then the frames of the second from frame `secondSkip`. Both are
 * libmp3lame CBR encodes on the same 1152-sample grid, made without the bit reservoir so every
 * frame decodes on its own. The first file's ID3 tag and LAME "Info" frame are kept and patched
 * (frame and byte counts, TOC, end padding from the second, CRCs) so players trim the encoder
 * delay and padding and the joined file decodes to exactly the programme's samples.
 */

const BITRATES_KBPS = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const SAMPLE_RATES = [44_100, 48_000, 32_000];
const CHUNK_BYTES = 4 << 20;
/** Offsets inside an MPEG-1 stereo Info frame as libmp3lame through libavformat writes it. */
const INFO = { tag: 36, flags: 40, frames: 44, bytes: 48, toc: 52, lame: 156, delayPad: 177, musicLength: 184, musicCrc: 188, tagCrc: 190 };

// A typed table and an indexed loop: the join checksums the whole file (about 86 MB an hour at 192k).
const CRC_TABLE = Uint16Array.from({ length: 256 }, (_, byte) => {
  let crc = byte;
  for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1;
  return crc;
});

/** CRC-16/ARC, the checksum the LAME tag uses for the music data and for the tag itself. */
export function crc16(data: Uint8Array, crc = 0): number {
  let value = crc;
  for (let i = 0; i < data.length; i++) value = (CRC_TABLE[(value ^ (data[i] as number)) & 0xff] as number) ^ (value >>> 8);
  return value;
}

/** Length in bytes of the MPEG-1 Layer III frame whose header starts at buffer[at], or null. */
export function frameLength(buffer: Uint8Array, at: number): number | null {
  const [b0, b1, b2] = [buffer[at], buffer[at + 1], buffer[at + 2]];
  if (b0 !== 0xff || b1 === undefined || b2 === undefined || (b1 & 0xfe) !== 0xfa) return null;
  const kbps = BITRATES_KBPS[b2 >> 4];
  const rate = SAMPLE_RATES[(b2 >> 2) & 3];
  if (!kbps || rate === undefined) return null;
  return Math.floor((144_000 * kbps) / rate) + ((b2 >> 1) & 1);
}

async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

async function id3Length(handle: FileHandle): Promise<number> {
  const head = await readAt(handle, 0, 10);
  if (head.toString('latin1', 0, 3) !== 'ID3') return 0;
  const size = ((head[6] ?? 0) << 21) | ((head[7] ?? 0) << 14) | ((head[8] ?? 0) << 7) | (head[9] ?? 0);
  return 10 + size + ((head[5] ?? 0) & 0x10 ? 10 : 0);
}

/** Byte offset of the frame `count` frames after the one at `from`, reading in 1 MB chunks. */
async function skipFrames(handle: FileHandle, from: number, count: number): Promise<number> {
  let offset = from;
  let remaining = count;
  while (remaining > 0) {
    const chunk = await readAt(handle, offset, CHUNK_BYTES);
    let at = 0;
    while (remaining > 0 && at + 4 <= chunk.length) {
      const length = frameLength(chunk, at);
      if (length === null) throw new Error(`No MP3 frame at byte ${offset + at}`);
      if (at + length > chunk.length && at > 0) break;
      at += length;
      remaining--;
    }
    if (at === 0) throw new Error(`MP3 ended before frame ${count}`);
    offset += at;
  }
  return offset;
}

interface EncodedPart {
  handle: FileHandle;
  id3: number;
  info: Buffer;
  frames: number;
  delay: number;
  padding: number;
}

async function openPart(path: string): Promise<EncodedPart> {
  const handle = await open(path, 'r');
  const id3 = await id3Length(handle);
  const head = await readAt(handle, id3, 4);
  const length = frameLength(head, 0);
  const info = length === null ? Buffer.alloc(0) : await readAt(handle, id3, length);
  const tag = info.toString('latin1', INFO.tag, INFO.tag + 4);
  if ((tag !== 'Info' && tag !== 'Xing') || info.readUInt32BE(INFO.flags) !== 0x0f) {
    await handle.close();
    throw new Error(`${path} has no LAME Info frame with counts, TOC and delays`);
  }
  const delayPad = info.readUIntBE(INFO.delayPad, 3);
  return { handle, id3, info, frames: info.readUInt32BE(INFO.frames), delay: delayPad >> 12, padding: delayPad & 0xfff };
}

async function copyRange(path: string, start: number, end: number, out: FileHandle, crc: { value: number }): Promise<number> {
  if (end <= start) return 0;
  let written = 0;
  for await (const chunk of createReadStream(path, { start, end: end - 1, highWaterMark: CHUNK_BYTES })) {
    const bytes = chunk as Buffer;
    crc.value = crc16(bytes, crc.value);
    await out.write(bytes);
    written += bytes.length;
  }
  return written;
}

function patchInfo(info: Buffer, frames: number, dataBytes: number, delay: number, padding: number, musicCrc: number): Buffer {
  const patched = Buffer.from(info);
  const total = patched.length + dataBytes;
  patched.writeUInt32BE(frames, INFO.frames);
  patched.writeUInt32BE(total, INFO.bytes);
  for (let i = 0; i < 100; i++) patched[INFO.toc + i] = Math.min(255, Math.floor((256 * (patched.length + (i * dataBytes) / 100)) / total));
  patched.writeUIntBE((delay << 12) | padding, INFO.delayPad, 3);
  patched.writeUInt32BE(total, INFO.musicLength);
  patched.writeUInt16BE(musicCrc, INFO.musicCrc);
  patched.writeUInt16BE(crc16(patched.subarray(0, INFO.tagCrc)), INFO.tagCrc);
  return patched;
}

export interface JoinParts {
  first: string;
  /** Audio frames of the first part to keep (its Info frame not counted). */
  firstFrames: number;
  second: string;
  /** Audio frames at the start of the second part to drop (its pre-roll). */
  secondSkip: number;
  /** Whose ID3 tag (title, chapters) the result carries: the first's (default), or the second's when it was encoded for a newer EDL. */
  tagFrom?: 'first' | 'second';
}

/** Writes the joined MP3 to dest (streamed, a few MB of memory whatever the length). */
export async function joinMp3(parts: JoinParts, dest: string): Promise<void> {
  const first = await openPart(parts.first);
  const second = await openPart(parts.second).catch(async (error: unknown) => {
    await first.handle.close();
    throw error;
  });
  const out = await open(dest, 'w');
  try {
    const firstStart = first.id3 + first.info.length;
    const firstEnd = await skipFrames(first.handle, firstStart, parts.firstFrames);
    const secondStart = await skipFrames(second.handle, second.id3 + second.info.length, parts.secondSkip);
    const tagged = parts.tagFrom === 'second' ? second : first;
    const header = await readAt(tagged.handle, 0, tagged.id3);
    await out.write(header);
    await out.write(first.info);
    const crc = { value: 0 };
    const data =
      (await copyRange(parts.first, firstStart, firstEnd, out, crc)) +
      (await copyRange(parts.second, secondStart, Number.MAX_SAFE_INTEGER, out, crc));
    const frames = parts.firstFrames + second.frames - parts.secondSkip;
    await out.write(patchInfo(first.info, frames, data, first.delay, second.padding, crc.value), 0, first.info.length, header.length);
  } finally {
    await Promise.all([out.close(), first.handle.close(), second.handle.close()]);
  }
}

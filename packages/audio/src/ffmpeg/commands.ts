import { untrustedInputArgs } from './safe-input.ts';

/** The working copy every engine reads: 16 kHz mono 16-bit PCM, what speech models expect. */
export const WORKING_SAMPLE_RATE = 16000;

export function workingCopyArgs(src: string, dest: string, formatName?: string | null): string[] {
  return [
    '-y',
    ...untrustedInputArgs(src, formatName),
    '-map',
    '0:a:0',
    '-vn',
    '-ac',
    '1',
    '-ar',
    String(WORKING_SAMPLE_RATE),
    '-c:a',
    'pcm_s16le',
    '-f',
    'wav',
    dest,
  ];
}

/**
 * A cut from start to end seconds. -ss before -i seeks by decoding for audio, which is exact to the
 * sample; -t after it bounds the output length. The format follows dest's extension.
 */
export function segmentArgs(src: string, dest: string, startSeconds: number, endSeconds: number, formatName?: string | null): string[] {
  if (!(endSeconds > startSeconds) || startSeconds < 0) throw new RangeError('A segment needs 0 <= start < end');
  return [
    '-y',
    '-ss',
    startSeconds.toFixed(3),
    ...untrustedInputArgs(src, formatName),
    '-t',
    (endSeconds - startSeconds).toFixed(3),
    '-map',
    '0:a:0',
    '-vn',
    dest,
  ];
}

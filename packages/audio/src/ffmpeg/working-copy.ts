import { randomBytes } from 'node:crypto';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { segmentArgs, workingCopyArgs } from './commands.ts';
import { runFfmpeg, type FfmpegRunOptions } from './run.ts';

type WriteOptions = Omit<FfmpegRunOptions, 'durationSeconds'> & {
  durationSeconds?: number;
  /** The container ffprobe found (AudioProbe.formatName): src is then decoded with that demuxer only. */
  formatName?: string | null;
};

/**
 * Writes through a temporary name beside dest and renames at the end, so a crash or abort never
 * leaves a half-written file under the final name (a job may then run again safely).
 */
async function writeAtomically(dest: string, write: (tmp: string) => Promise<void>): Promise<void> {
  const ext = path.extname(dest);
  const tmp = path.join(path.dirname(dest), `.${path.basename(dest, ext)}.${randomBytes(4).toString('hex')}.partial${ext}`);
  try {
    await write(tmp);
    await rename(tmp, dest);
  } catch (error) {
    await rm(tmp, { force: true });
    throw error;
  }
}

/** The 16 kHz mono 16-bit WAV copy of src that the transcription engines read. */
export async function makeWorkingCopy(src: string, dest: string, options: WriteOptions = {}): Promise<void> {
  await writeAtomically(dest, (tmp) => runFfmpeg(workingCopyArgs(src, tmp, options.formatName), options));
}

/** The audio from start to end seconds (snippets for review, chunks for transcription). */
export async function extractSegment(
  src: string,
  dest: string,
  startSeconds: number,
  endSeconds: number,
  options: WriteOptions = {},
): Promise<void> {
  const durationSeconds = options.durationSeconds ?? endSeconds - startSeconds;
  await writeAtomically(dest, (tmp) =>
    runFfmpeg(segmentArgs(src, tmp, startSeconds, endSeconds, options.formatName), { ...options, durationSeconds }),
  );
}

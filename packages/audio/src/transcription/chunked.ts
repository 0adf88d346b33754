import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TTranscript } from '@ppp/contracts';
import { splitForChunks, type ChunkRange } from '../ffmpeg/chunks.ts';
import { extractSegment } from '../ffmpeg/working-copy.ts';
import { wavDurationSeconds } from '../wav.ts';
import type { TranscribeOptions, TranscriptionEngine } from './engine.ts';
import { mergeChunkWords, type ChunkWords } from './merge-chunks.ts';

export interface ChunkedOptions extends TranscribeOptions {
  /** Chunks transcribed at once; defaults to the number of cores. */
  concurrency?: number;
  chunkSeconds?: number;
  overlapSeconds?: number;
  /** Where chunk files go; a temp dir by default, removed afterwards. */
  workDir?: string;
}

export const DEFAULT_CHUNK_SECONDS = 120;
export const DEFAULT_OVERLAP_SECONDS = 2;

/** Overall progress: each chunk weighs by its length, so a short last chunk moves the bar a little. */
function progressTracker(ranges: readonly ChunkRange[], onProgress?: (percent: number) => void) {
  const done = ranges.map(() => 0);
  const total = ranges.reduce((sum, r) => sum + (r.end - r.start), 0);
  let last = -1;
  return (index: number, percent: number) => {
    done[index] = Math.max(done[index] ?? 0, percent);
    const overall = ranges.reduce((sum, r, i) => sum + ((done[i] ?? 0) * (r.end - r.start)) / total, 0);
    const rounded = Math.floor(overall * 10) / 10;
    if (rounded > last) onProgress?.((last = rounded));
  };
}

/** Runs `work` over items with at most `limit` at once; the first failure aborts the rest. */
async function pool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const runner = async () => {
    while (next < items.length) {
      const item = items[next++];
      if (item !== undefined) await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, runner));
}

/**
 * Transcribes a long 16 kHz WAV in chunks cut with ffmpeg, several at once across cores, and joins
 * the words in file time. A file no longer than one chunk goes through in one pass.
 */
export async function transcribeInChunks(engine: TranscriptionEngine, wavPath: string, options: ChunkedOptions = {}): Promise<TTranscript> {
  const { signal, onProgress } = options;
  const duration = await wavDurationSeconds(wavPath);
  const ranges = duration
    ? splitForChunks(duration, options.chunkSeconds ?? DEFAULT_CHUNK_SECONDS, options.overlapSeconds ?? DEFAULT_OVERLAP_SECONDS)
    : [];
  if (ranges.length <= 1) return engine.transcribe(wavPath, { signal, onProgress });
  const dir = options.workDir ?? (await mkdtemp(path.join(tmpdir(), 'ppp-chunks-')));
  const failed = new AbortController();
  const chunkSignal = signal ? AbortSignal.any([signal, failed.signal]) : failed.signal;
  const report = progressTracker(ranges, onProgress);
  const results: ChunkWords[] = [];
  try {
    await pool(ranges, options.concurrency ?? availableParallelism(), async (range) => {
      try {
        const file = path.join(dir, `chunk-${String(range.index).padStart(4, '0')}.wav`);
        await extractSegment(wavPath, file, range.start, range.end, { signal: chunkSignal });
        const transcript = await engine.transcribe(file, { signal: chunkSignal, onProgress: (p) => report(range.index, p) });
        report(range.index, 100);
        results.push({ range, words: transcript.words });
      } catch (error) {
        failed.abort(error);
        throw error;
      }
    });
    return { words: mergeChunkWords(results), language: null, duration_s: duration };
  } finally {
    if (!options.workDir) await rm(dir, { recursive: true, force: true });
  }
}

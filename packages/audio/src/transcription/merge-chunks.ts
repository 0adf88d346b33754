import type { TTranscriptWord } from '@ppp/contracts';
import type { ChunkRange } from '../ffmpeg/chunks.ts';
import { wordTime } from './engine.ts';

export interface ChunkWords {
  range: ChunkRange;
  /** Times relative to the chunk's own start, as its engine returned them. */
  words: readonly TTranscriptWord[];
}

/** Engines place the same word a few frames apart in two chunks; closer than this is the same word. */
const SAME_WORD_TOLERANCE_S = 0.05;

/**
 * Shifts each chunk's words to file time and joins them. A chunk is trusted for words that start
 * in its core; in the overlap after the core, the next chunk takes over, and its words that begin
 * before the last kept word ends (the tail of a word cut at its start) are dropped as duplicates.
 */
export function mergeChunkWords(chunks: readonly ChunkWords[]): TTranscriptWord[] {
  const merged: TTranscriptWord[] = [];
  const ordered = [...chunks].sort((a, b) => a.range.start - b.range.start);
  ordered.forEach((chunk, i) => {
    const isLast = i === ordered.length - 1;
    for (const word of chunk.words) {
      const shifted = { ...word, start: wordTime(word.start + chunk.range.start), end: wordTime(word.end + chunk.range.start) };
      if (!isLast && shifted.start >= chunk.range.coreEnd) break;
      const lastEnd = merged.at(-1)?.end ?? -Infinity;
      if (shifted.start < lastEnd - SAME_WORD_TOLERANCE_S) continue;
      merged.push(shifted);
    }
  });
  return merged;
}

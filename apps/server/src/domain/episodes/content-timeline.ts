import { contentToTimelineMs as contentTimeline } from '@ppp/audio';
import type { TEdl } from '@ppp/contracts';

/**
 * Where a moment of the content upload ends up in the finished episode, read from its EDL (the one
 * map the published words use too): the content segment's start, plus the kept audio and spliced
 * inserts that play before it. A moment inside a cut maps to where the cut closed.
 */
export function contentToTimelineMs(edl: TEdl, contentMs: number): number {
  return contentTimeline(edl, contentMs);
}

/** A stretch of content time as the stretch of the finished episode it became (empty when it was cut already). */
export function contentRangeToTimeline(edl: TEdl, range: { start_ms: number; end_ms: number }): { start_ms: number; end_ms: number } {
  return { start_ms: contentToTimelineMs(edl, range.start_ms), end_ms: contentToTimelineMs(edl, range.end_ms) };
}

/** Sorted cuts with overlapping or touching ones joined. */
export function joinCuts<T extends { start_ms: number; end_ms: number }>(cuts: readonly T[]): { start_ms: number; end_ms: number }[] {
  const sorted = [...cuts].sort((a, b) => a.start_ms - b.start_ms || a.end_ms - b.end_ms);
  const joined: { start_ms: number; end_ms: number }[] = [];
  for (const cut of sorted) {
    const last = joined.at(-1);
    if (last && cut.start_ms <= last.end_ms) last.end_ms = Math.max(last.end_ms, cut.end_ms);
    else joined.push({ start_ms: cut.start_ms, end_ms: cut.end_ms });
  }
  return joined;
}

/**
 * Placement on the episode timeline, in samples, and its restriction to a window: the renderer can
 * build the graph for any stretch [start, end) of the episode, so two processes can each render
 * one stretch and give, sample for sample, what one process rendering the whole would give.
 */

/** A stretch of the episode timeline in samples, end exclusive. */
export interface SampleWindow {
  start: number;
  end: number;
}

/** A stream label placed in the window's own time: where it starts and how long it is, in samples. */
export interface Placed {
  label: string;
  start: number;
  length: number;
}

/**
 * Something on the timeline that can render any part of itself: make(offset, length) returns a
 * stream of exactly `length` samples holding the item from `offset` samples after its start.
 */
export interface TimelineItem {
  start: number;
  length: number;
  make: (offset: number, length: number) => string;
}

/** The part of each item inside the window, placed in window time; items outside build nothing. */
export function placeInWindow(items: readonly TimelineItem[], window: SampleWindow): Placed[] {
  return items.flatMap((item) => {
    const from = Math.max(item.start, window.start);
    const to = Math.min(item.start + item.length, window.end);
    if (to <= from) return [];
    return [{ label: item.make(from - item.start, to - from), start: from - window.start, length: to - from }];
  });
}

/** A run of content samples to play, or silence in its place (a muted word). */
export type ContentRun =
  { type: 'source'; from: number; to: number } | { type: 'silence'; length: number } | { type: 'insert'; id: string; length: number };

export function runLength(run: ContentRun): number {
  return run.type === 'source' ? run.to - run.from : run.length;
}

/**
 * Splits a kept stretch of source [from, to) around muted stretches: muting by replacing samples
 * with silence is exact to the sample, where a timeline-enabled volume filter is only exact to the
 * frame (and frames fall differently when a window starts mid-stream).
 */
export function splitAroundMutes(from: number, to: number, mutes: readonly { start: number; end: number }[]): ContentRun[] {
  const runs: ContentRun[] = [];
  let at = from;
  for (const mute of [...mutes].sort((a, b) => a.start - b.start)) {
    const start = Math.max(at, mute.start);
    const end = Math.min(to, mute.end);
    if (end <= start) continue;
    if (start > at) runs.push({ type: 'source', from: at, to: start });
    runs.push({ type: 'silence', length: end - start });
    at = end;
  }
  if (at < to) runs.push({ type: 'source', from: at, to });
  return runs;
}

/** The runs, or parts of runs, that fall inside [offset, offset + length) of the concatenated runs. */
export function runsInRange(
  runs: readonly ContentRun[],
  offset: number,
  length: number,
): { run: ContentRun; skip: number; take: number }[] {
  const result: { run: ContentRun; skip: number; take: number }[] = [];
  let position = 0;
  for (const run of runs) {
    const size = runLength(run);
    const from = Math.max(position, offset);
    const to = Math.min(position + size, offset + length);
    if (to > from) result.push({ run, skip: from - position, take: to - from });
    position += size;
    if (position >= offset + length) break;
  }
  return result;
}

import { EDL, type TEdlCut, type TEdlInsert, type TEdlRange, type TTranscriptWord } from '@ppp/contracts';
import { keptRanges, type ContentInsert } from './content.ts';
import { removedBefore } from './cuts.ts';
import type { LaidOutSegment } from './timeline.ts';
import { toMs } from './types.ts';

/** Merges ranges that overlap or lie closer than bridgeMs, after sorting; drops empty ones. */
export function mergeRanges(ranges: readonly TEdlRange[], bridgeMs: number): TEdlRange[] {
  const sorted = ranges.filter((r) => r.end_ms > r.start_ms).sort((a, b) => a.start_ms - b.start_ms);
  const merged: TEdlRange[] = [];
  for (const range of sorted) {
    const last = merged.at(-1);
    if (last !== undefined && range.start_ms - last.end_ms <= bridgeMs) last.end_ms = Math.max(last.end_ms, range.end_ms);
    else merged.push({ ...range });
  }
  return merged;
}

/** The kept parts of each spoken word, mapped from content time to the content's output time. */
function contentWordRanges(
  words: readonly TTranscriptWord[],
  cuts: readonly TEdlCut[],
  splices: readonly ContentInsert[],
  durationMs: number,
): TEdlRange[] {
  const kept = keptRanges(cuts, durationMs);
  const spliced = (t: number) => splices.filter((s) => s.content_ms <= t).reduce((sum, s) => sum + s.duration_ms, 0);
  return words.flatMap((word) => {
    const start = toMs(word.start);
    const end = toMs(word.end);
    return kept.flatMap((range) => {
      const from = Math.max(start, range.start_ms);
      const to = Math.min(end, range.end_ms);
      if (to <= from) return [];
      const at = from - removedBefore(from, cuts) + spliced(from);
      return [{ start_ms: at, end_ms: at + (to - from) }];
    });
  });
}

/**
 * Where someone speaks on the timeline: the content's words, every other segment (there is no
 * transcript of an intro, so its whole length counts as voice) and the Intern answers.
 */
export function planSpeech(
  segments: readonly LaidOutSegment[],
  words: readonly TTranscriptWord[],
  cuts: readonly TEdlCut[],
  contentInserts: readonly ContentInsert[],
  placed: readonly TEdlInsert[],
  totalMs: number,
): TEdlRange[] {
  const content = segments.find((segment) => segment.source === 'content');
  const splices = contentInserts.filter((insert) => insert.mode === 'splice');
  const inContent = content === undefined ? [] : contentWordRanges(words, cuts, splices, content.file.duration_ms);
  const ranges = [
    ...segments.filter((s) => s.source !== 'content').map((s) => ({ start_ms: s.start_ms, end_ms: s.end_ms })),
    ...inContent.map((r) => ({ start_ms: r.start_ms + (content?.start_ms ?? 0), end_ms: r.end_ms + (content?.start_ms ?? 0) })),
    ...placed.filter((i) => i.kind === 'intern').map((i) => ({ start_ms: i.at_ms, end_ms: i.at_ms + i.duration_ms })),
  ];
  return mergeRanges(ranges, EDL.speechBridgeMs).map((r) => ({ start_ms: r.start_ms, end_ms: Math.min(totalMs, r.end_ms) }));
}

import { describe, expect, it } from 'vitest';
import type { TEdl } from '@ppp/contracts';
import { contentRangeToTimeline, contentToTimelineMs, joinCuts } from '../../src/domain/episodes/content-timeline.ts';

/** A 5 s intro, then 60 s of content with cuts at 10-12 s and 30-31 s and a 4 s Intern answer spliced at 40 s. */
const edl = {
  segments: [
    { id: 'intro', start_ms: 0, duration_ms: 5000 },
    { id: 'content', start_ms: 5000, duration_ms: 61_000 },
  ],
  inserts: [{ id: 'intern-0', duration_ms: 4000 }],
  content: {
    segment_id: 'content',
    pieces: [
      { type: 'source', start_ms: 0, end_ms: 10_000 },
      { type: 'source', start_ms: 12_000, end_ms: 30_000 },
      { type: 'source', start_ms: 31_000, end_ms: 40_000 },
      { type: 'insert', insert_id: 'intern-0' },
      { type: 'source', start_ms: 40_000, end_ms: 60_000 },
    ],
  },
} as unknown as TEdl;

describe('content time to finished-episode time', () => {
  it('adds the intro, removes earlier cuts and counts spliced inserts', () => {
    expect(contentToTimelineMs(edl, 0)).toBe(5000);
    expect(contentToTimelineMs(edl, 9000)).toBe(14_000);
    expect(contentToTimelineMs(edl, 11_000)).toBe(15_000); // inside a cut: where the cut closed
    expect(contentToTimelineMs(edl, 20_000)).toBe(5000 + 10_000 + 8000);
    expect(contentToTimelineMs(edl, 45_000)).toBe(5000 + 10_000 + 18_000 + 9000 + 4000 + 5000);
    expect(contentToTimelineMs(edl, 60_000)).toBe(5000 + 57_000 + 4000);
  });

  it('maps a retake range, and an already-cut range to nothing', () => {
    expect(contentRangeToTimeline(edl, { start_ms: 20_000, end_ms: 21_000 })).toEqual({ start_ms: 23_000, end_ms: 24_000 });
    const gone = contentRangeToTimeline(edl, { start_ms: 10_200, end_ms: 11_800 });
    expect(gone.end_ms - gone.start_ms).toBe(0);
  });

  it('joins overlapping cuts', () => {
    expect(
      joinCuts([
        { start_ms: 500, end_ms: 900 },
        { start_ms: 0, end_ms: 100 },
        { start_ms: 800, end_ms: 1200 },
      ]),
    ).toEqual([
      { start_ms: 0, end_ms: 100 },
      { start_ms: 500, end_ms: 1200 },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { cutAtPlayhead, cutFromRegion, cutsToCommit, peaksForWaveform, pxPerSecond, withTypedEdge, withoutLast } from './cut-list.ts';

describe('the cut list of the manual editor', () => {
  it('adds a 2 s cut from the playhead, inside the audio', () => {
    expect(cutAtPlayhead(5_000, 60_000, 'a')).toEqual({ id: 'a', start_ms: 5_000, end_ms: 7_000 });
    expect(cutAtPlayhead(59_500, 60_000, 'b')).toEqual({ id: 'b', start_ms: 58_000, end_ms: 60_000 });
    expect(cutAtPlayhead(0, 1_500, 'c')).toEqual({ id: 'c', start_ms: 0, end_ms: 1_500 });
  });

  it('orders and bounds region edges', () => {
    expect(cutFromRegion('r', 3.2, 1.1, 3_000)).toEqual({ id: 'r', start_ms: 1_100, end_ms: 3_000 });
  });

  it('takes typed edges in mm:ss.ss, hh:mm:ss, mm:ss or seconds, and refuses ones that do not fit', () => {
    const cut = { id: 'x', start_ms: 1_000, end_ms: 3_000 };
    expect(withTypedEdge(cut, 'start', '00:01.50', 10_000)).toEqual({ id: 'x', start_ms: 1_500, end_ms: 3_000 });
    expect(withTypedEdge(cut, 'end', '0:00:05', 10_000)).toEqual({ id: 'x', start_ms: 1_000, end_ms: 5_000 });
    expect(withTypedEdge(cut, 'end', '4.25', 10_000)?.end_ms).toBe(4_250);
    expect(withTypedEdge(cut, 'start', '00:04.00', 10_000)).toBeNull();
    expect(withTypedEdge(cut, 'end', '00:20.00', 10_000)).toBeNull();
    expect(withTypedEdge(cut, 'end', 'soon', 10_000)).toBeNull();
  });

  it('Delete drops the most recently added cut; Commit sends cuts of 20 ms or more by start', () => {
    const cuts = [
      { id: '1', start_ms: 9_000, end_ms: 9_500 },
      { id: '2', start_ms: 1_000, end_ms: 1_010 },
      { id: '3', start_ms: 2_000, end_ms: 4_000 },
    ];
    expect(withoutLast(cuts).map((c) => c.id)).toEqual(['1', '2']);
    expect(cutsToCommit(cuts)).toEqual([
      { start_ms: 2_000, end_ms: 4_000 },
      { start_ms: 9_000, end_ms: 9_500 },
    ]);
  });

  it('fits the zoom window to the width and reads the worker’s peaks', () => {
    expect(pxPerSecond(1200, 30)).toBe(40);
    expect(peaksForWaveform({ data: [-16384, 16384] })).toEqual([[-0.5, 0.5]]);
    expect(peaksForWaveform({ peaks: [0.1, 0.2] })).toEqual([[0.1, 0.2]]);
    expect(peaksForWaveform({ nothing: true })).toBeNull();
  });
});

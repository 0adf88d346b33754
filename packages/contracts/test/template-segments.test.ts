import { describe, expect, it } from 'vitest';
import {
  canAddSegment,
  insertSegment,
  isLockedSegment,
  moveSegment,
  removeSegment,
  segmentOrderProblem,
  type TSegmentType,
} from '../src/index.ts';

const seg = (segment_type: TSegmentType, id: string = segment_type) => ({ id, segment_type });
const ids = (list: readonly { id: string }[] | null) => list?.map((s) => s.id) ?? null;

describe('Episode Structure: adding segments', () => {
  const base = [seg('intro', 'i1'), seg('content', 'c'), seg('outro', 'o1')];

  it('inserts an intro right before the content and appends an outro', () => {
    expect(ids(insertSegment(base, seg('intro', 'i2')))).toEqual(['i1', 'i2', 'c', 'o1']);
    expect(ids(insertSegment(base, seg('outro', 'o2')))).toEqual(['i1', 'c', 'o1', 'o2']);
  });

  it('puts other types after the content, before the outros', () => {
    // Commercial is 'Coming soon' in the editor; the placement rule still holds for the type.
    expect(canAddSegment(base, 'commercial')).toBe(false);
    expect(ids(insertSegment(base, seg('commercial', 'x')))).toEqual(['i1', 'c', 'o1']);
  });

  it('keeps exactly one content segment: a second is refused, a missing one goes after the intros', () => {
    expect(canAddSegment(base, 'content')).toBe(false);
    expect(ids(insertSegment(base, seg('content', 'c2')))).toEqual(['i1', 'c', 'o1']);
    const noContent = [seg('intro', 'i1'), seg('outro', 'o1')];
    expect(canAddSegment(noContent, 'content')).toBe(true);
    expect(ids(insertSegment(noContent, seg('content', 'c')))).toEqual(['i1', 'c', 'o1']);
  });

  it('never deletes the content segment', () => {
    expect(isLockedSegment(seg('content'))).toBe(true);
    expect(ids(removeSegment(base, 1))).toEqual(['i1', 'c', 'o1']);
    expect(ids(removeSegment(base, 0))).toEqual(['c', 'o1']);
  });
});

describe('Episode Structure: dragging', () => {
  const list = [seg('intro', 'i1'), seg('intro', 'i2'), seg('content', 'c'), seg('outro', 'o1'), seg('outro', 'o2')];

  it('reorders intros among themselves and outros among themselves', () => {
    expect(ids(moveSegment(list, 0, 1))).toEqual(['i2', 'i1', 'c', 'o1', 'o2']);
    expect(ids(moveSegment(list, 4, 3))).toEqual(['i1', 'i2', 'c', 'o2', 'o1']);
  });

  it('rejects an intro after the content, an outro before it, and any drag of the content', () => {
    expect(moveSegment(list, 1, 2)).toBeNull();
    expect(moveSegment(list, 0, 4)).toBeNull();
    expect(moveSegment(list, 3, 2)).toBeNull();
    expect(moveSegment(list, 3, 0)).toBeNull();
    expect(moveSegment(list, 2, 0)).toBeNull();
    expect(moveSegment(list, 2, 4)).toBeNull();
  });

  it('rejects indexes outside the list and keeps every accepted result valid', () => {
    expect(moveSegment(list, 0, 9)).toBeNull();
    for (let from = 0; from < list.length; from++) {
      for (let to = 0; to < list.length; to++) {
        const moved = moveSegment(list, from, to);
        if (moved) expect(segmentOrderProblem(moved)).toBeNull();
      }
    }
  });
});

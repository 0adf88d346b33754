import { describe, expect, it } from 'vitest';
import { detectFlubberMarkers, flubberCut } from '../../src/detection/flubber.ts';
import { matchWords } from './fixtures.ts';

const retake = matchWords([
  ['So', 0, 0.3],
  ['today', 0.4, 0.8],
  ['we', 0.9, 1.0],
  ['Flubber!', 2.0, 2.5],
  ['So', 3.0, 3.2],
  ['today', 3.3, 3.7],
]);

/** A marker after which nothing said before it is said again. */
const noRetake = matchWords([
  ['So', 0, 0.3],
  ['today', 0.4, 0.8],
  ['we', 0.9, 1.0],
  ['Flubber!', 2.0, 2.5],
  ['Moving', 3.0, 3.2],
  ['on', 3.3, 3.7],
]);

describe('detectFlubberMarkers', () => {
  it('finds the marker with its times and, when no retake follows, the spec cut (-0.75 s, +0.25 s)', () => {
    expect(detectFlubberMarkers(noRetake, 'flubber')).toEqual([
      {
        flubber_index: 0,
        word_index: 3,
        word_count: 1,
        text: 'Flubber!',
        start_s: 2,
        end_s: 2.5,
        score: 1,
        confidence: 1,
        flubber_time_s: 2,
        flubber_end_s: 2.5,
        cut_start_s: 1.25,
        cut_end_s: 2.25,
        retake_found: false,
        retake_text: '',
      },
    ]);
  });

  it('cuts from the start of the flubbed take to just before the retake', () => {
    expect(detectFlubberMarkers(retake, 'flubber')).toMatchObject([
      { flubber_time_s: 2, cut_start_s: 0, cut_end_s: 2.9, retake_found: true, retake_text: 'So today we' },
    ]);
  });

  it('numbers several markers in time order', () => {
    const words = matchWords([
      ['flubber', 1, 1.4],
      ['again', 2, 2.4],
      ['FLUBBER.', 5.1, 5.6],
    ]);
    const markers = detectFlubberMarkers(words, 'flubber');
    expect(markers.map((marker) => [marker.flubber_index, marker.flubber_time_s, marker.cut_start_s, marker.cut_end_s])).toEqual([
      [0, 1, 0.25, 1.25],
      [1, 5.1, 4.35, 5.35],
    ]);
  });

  it.each([
    ['stubborn', 0.5, 1],
    ['stubborn', 0.55, 0],
    ['flubba', 0.7, 1],
    ['flubba', 0.8, 0],
    ['blubber', 0.8, 1],
    ['blubber', 0.9, 0],
  ])('%s at threshold %d gives %d marker(s)', (said, threshold, count) => {
    const words = matchWords([
      ['well', 0, 0.3],
      [said, 1, 1.5],
    ]);
    expect(detectFlubberMarkers(words, 'flubber', threshold)).toHaveLength(count);
  });

  it('matches at exactly 0.8 and 0.95 with configured trigger keywords', () => {
    const at08 = matchWords([['doublebike', 1, 1.5]]);
    expect(detectFlubberMarkers(at08, 'doubletake', 0.8)).toHaveLength(1);
    expect(detectFlubberMarkers(at08, 'doubletake', 0.85)).toHaveLength(0);
    const at095 = matchWords([['supercalifragilistik', 1, 1.5]]);
    expect(detectFlubberMarkers(at095, 'supercalifragilistic', 0.95)).toHaveLength(1);
    const at09 = matchWords([['supercalifragalistik', 1, 1.5]]);
    expect(detectFlubberMarkers(at09, 'supercalifragilistic', 0.95)).toHaveLength(0);
    expect(detectFlubberMarkers(at09, 'supercalifragilistic', 0.9)).toHaveLength(1);
  });

  it('matches a two-word trigger keyword with its first word time', () => {
    const words = matchWords([
      ['oops', 0, 0.3],
      ['Take', 1.2, 1.4],
      ['two.', 1.5, 1.8],
    ]);
    expect(detectFlubberMarkers(words, 'take two')).toMatchObject([
      { word_index: 1, word_count: 2, text: 'Take two.', flubber_time_s: 1.2, flubber_end_s: 1.8 },
    ]);
  });

  it('clamps the cut at the start of the audio and at its end when the duration is known', () => {
    expect(flubberCut(0.3)).toEqual({ cut_start_s: 0, cut_end_s: 0.55 });
    expect(flubberCut(10, 10.1)).toEqual({ cut_start_s: 9.25, cut_end_s: 10.1 });
  });

  it('handles a zero-duration marker word', () => {
    const words = matchWords([['flubber', 3, 3]]);
    expect(detectFlubberMarkers(words, 'flubber')).toMatchObject([
      { flubber_time_s: 3, flubber_end_s: 3, cut_start_s: 2.25, cut_end_s: 3.25 },
    ]);
  });

  it('finds nothing in an empty transcript', () => {
    expect(detectFlubberMarkers([], 'flubber')).toEqual([]);
  });
});

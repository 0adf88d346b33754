import { describe, expect, it } from 'vitest';
import { detectFlubberMarkers } from '../../src/detection/flubber.ts';
import { spoken, matchWords, type WordTuple } from './fixtures.ts';

/** A transcript built from phrases said one after another, each from its own start time. */
function said(...parts: readonly (readonly [string, number])[]): WordTuple[] {
  return parts.flatMap(([sentence, from]) => spoken(sentence, from));
}

function cutOf(words: WordTuple[], index = 0) {
  const marker = detectFlubberMarkers(matchWords(words), 'flubber')[index];
  if (marker === undefined) throw new Error('no marker found');
  return marker;
}

describe('where a retake began', () => {
  it('cuts from the start of a flubbed sentence to the retake, not a second around the marker', () => {
    // 'welcome back' 0-0.9, pause, 'today we are going to tolk' 2-4.9, 'flubber' 5.5, retake at 6.5.
    const words = said(
      ['welcome back everyone', 0],
      ['today we are going to tolk', 2],
      ['flubber', 5.5],
      ['today we are going to talk about tea', 6.5],
    );
    const marker = cutOf(words);
    expect(marker.retake_found).toBe(true);
    expect(marker.retake_text).toBe('today we are going to tolk');
    // 'everyone' ends at 1.4, 'today' starts at 2: at most 0.15 s into that silence.
    expect(marker.cut_start_s).toBe(1.85);
    // 'flubber' ends at 5.9, the retake starts at 6.5: stops 0.1 s before it.
    expect(marker.cut_end_s).toBe(6.4);
  });

  it('reaches back past trailing hesitation and a stumble inside the take', () => {
    const words = said(
      ['so', 0],
      ['the new release has uh the most um sorry', 1],
      ['flubber', 6],
      ['the new release has the most features yet', 7],
    );
    const marker = cutOf(words);
    expect(marker.retake_text).toBe('the new release has uh the most um sorry');
    expect(marker.cut_start_s).toBe(0.85);
  });

  it('picks the take whose words match, not an earlier sentence sharing one word', () => {
    const words = said(
      ['the weather was lovely', 0],
      ['and the dog ran to the prak', 3],
      ['flubber', 7],
      ['and the dog ran to the park', 8],
    );
    expect(cutOf(words).retake_text).toBe('and the dog ran to the prak');
  });

  it('never takes different numbers for a retake: the marker alone is cut', () => {
    const words = said(['tone26 tone27 tone28', 0], ['flubber', 2.5], ['tone29 tone30 tone31', 3.5]);
    const marker = cutOf(words);
    expect(marker.retake_found).toBe(false);
    expect(marker.cut_end_s - marker.cut_start_s).toBeCloseTo(1, 5);
  });

  it('tolerates a recogniser that heard the words slightly differently', () => {
    const words = said(['their latest album sounds', 0], ['flubber', 2.5], ['there latest albums sound great', 3.5]);
    expect(cutOf(words)).toMatchObject({ retake_found: true, retake_text: 'their latest album sounds', cut_start_s: 0 });
  });

  it('falls back to the marker minus 0.75 s to plus 0.25 s when nothing is said again', () => {
    const words = said(['this part went fine', 0], ['flubber', 3], ['moving on to the news', 4]);
    expect(cutOf(words)).toMatchObject({ retake_found: false, retake_text: '', cut_start_s: 2.25, cut_end_s: 3.25 });
  });

  it('needs two shared words: one repeated word is not a retake', () => {
    const words = said(['we met the mayor', 0], ['flubber', 3], ['the council voted', 4]);
    expect(cutOf(words).retake_found).toBe(false);
  });

  it('looks back at most 30 s', () => {
    const words = said(['the quick brown fox', 0], ['silence follows', 10], ['flubber', 40], ['the quick brown fox jumps', 41]);
    expect(cutOf(words).retake_found).toBe(false);
  });

  it('does not reach back past the previous marker, nor count the next retake', () => {
    const words = said(['one two three', 0], ['flubber', 2], ['one two four', 3], ['flubber', 5], ['one two three four five', 6]);
    const markers = detectFlubberMarkers(matchWords(words), 'flubber');
    expect(markers.map((marker) => marker.retake_text)).toEqual(['one two three', 'one two four']);
    expect(markers[1]?.cut_start_s).toBe(2.85);
    // The first retake's cut ends before the first retake, which the second marker cuts in turn.
    expect(markers[0]?.cut_end_s).toBe(2.9);
  });

  it('keeps the fallback inside the audio when the marker is its last word', () => {
    const words = said(['goodbye for now', 0]);
    words.push(['flubber', 2.4, 2.45]);
    expect(detectFlubberMarkers(matchWords(words), 'flubber', 0.8, 2.5)[0]).toMatchObject({ retake_found: false, cut_end_s: 2.5 });
  });
});

describe('the sentence bound and choices (issue 33)', () => {
  it('never takes an earlier sentence that opened with the same words (the cut 3.88 s too early)', () => {
    // 'so the best way is slow' 0-2.9 s, a 0.98 s pause, the flubbed 'so the best' from 3.88 s.
    const words = said(['so the best way is slow', 0], ['so the best', 3.88], ['flubber', 5.8], ['so the best way is to start slow', 6.8]);
    const marker = cutOf(words);
    expect(marker.retake_text).toBe('so the best');
    expect(marker.cut_start_s).toBeGreaterThanOrEqual(3.88 - 0.3);
    expect(marker.preselected).toBe(true);
  });

  it('takes a sentence end from its full stop when the pause is short', () => {
    const words = said(['so the best way is slow.', 0], ['so the best', 3.2], ['flubber', 5], ['so the best way is to start slow', 6]);
    expect(cutOf(words).retake_text).toBe('so the best');
  });

  it('offers a cut starting more than 1 s before the take it repeats unchecked', () => {
    // A 0.5 s pause inside the take: the last phrase before the marker begins at 'market'.
    const words = said(['we went to the', 0], ['market and bot', 2.4], ['flubber', 4.2], ['we went to the market and bought fish', 5.2]);
    const marker = cutOf(words);
    expect(marker.retake_text).toBe('we went to the market and bot');
    expect(marker.preselected).toBe(false);
    const plain = cutOf(said(['today we are going to tolk', 2], ['flubber', 5.5], ['today we are going to talk about tea', 6.5]));
    expect(plain.preselected).toBe(true);
  });
});

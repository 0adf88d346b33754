import { describe, expect, it } from 'vitest';
import { detectIntents } from '@ppp/audio';
import { DEFAULT_AUDIO_CLEANUP_SETTINGS, type TEdl, type TTranscriptWord } from '@ppp/contracts';
import {
  contentRangeToTimeline,
  contentToTimelineMs,
  episodeWords,
  joinCuts,
  proposedEpisodeWords,
} from '../../src/domain/episodes/content-timeline.ts';

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

const word = (text: string, start: number, end = start + 0.4): TTranscriptWord => ({ text, start, end, confidence: null });

describe('upload words on the finished episode (one map for transcripts, chapters and AI text)', () => {
  it('moves words by the intro, the cuts and the spliced answers before them, and drops cut words', () => {
    const words = [word('hello', 1), word('gone', 10.5), word('after', 13), word('late', 45)];
    expect(episodeWords(words, edl)).toEqual([
      word('hello', 6, 6.4),
      // 13 s: 5 s intro + 10 s kept before the 10-12 s cut + 1 s
      word('after', 16, 16.4),
      // 45 s: intro, 10 + 18 + 9 s kept, the 4 s answer, then 5 s
      word('late', 5 + 10 + 18 + 9 + 4 + 5, 5 + 10 + 18 + 9 + 4 + 5.4),
    ]);
    expect(episodeWords(words, null)).toEqual(words);
    // The same map as a single moment's.
    for (const w of episodeWords(words, edl)) expect([6000, 16_000, 51_000]).toContain(Math.round(w.start * 1000));
    expect(contentToTimelineMs(edl, 45_000)).toBe(51_000);
  });

  it('before assembly, maps through the cuts proposed now: the retake and the fillers the settings remove', () => {
    const spoken = ['we', 'bake', 'bread', 'flubber', 'we', 'bake', 'sourdough', 'bread', 'um', 'every', 'week'];
    const words = spoken.map((text, i) => word(text, i * 0.5, i * 0.5 + 0.4));
    const transcript = { words, language: 'en', duration_s: 6 };
    const cleanup = { ...DEFAULT_AUDIO_CLEANUP_SETTINGS, removeFillers: true, fillerWords: ['um'] };
    const detection = detectIntents(transcript, cleanup);
    const retake = detection.flubber.matches[0]!;
    expect(retake.retake_found).toBe(true);
    const kept = words.filter((w) => w.start >= retake.cut_end_s && w.text !== 'um');
    const placed = proposedEpisodeWords(kept, { transcript, detection, durationMs: 6000 }, cleanup);
    // The retake's first word now opens the episode; 'every' moves back by the cut take and the filler too.
    // The filler's cut reaches back fillerLeadTrimMs before it, never into the word before ('bread', ending at 3.9 s).
    const filler = detection.fillers.matches[0]!;
    const fillerCut = filler.end_s - Math.max(filler.start_s - cleanup.fillerLeadTrimMs / 1000, words[7]!.end);
    const retakeCut = retake.cut_end_s - retake.cut_start_s;
    expect(placed.words[0]?.start).toBeCloseTo(words[4]!.start - retakeCut, 3);
    expect(placed.words.find((w) => w.text === 'every')?.start).toBeCloseTo(words[9]!.start - retakeCut - fillerCut, 3);
    expect(placed.durationMs).toBeLessThan(6000);
  });
});

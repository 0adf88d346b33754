import { describe, expect, it } from 'vitest';
import { detectIntents } from '@ppp/audio';
import { DEFAULT_AUDIO_CLEANUP_SETTINGS, ZAiReviewChoices, type TTranscriptWord } from '@ppp/contracts';
import { reviewedWords } from '../../src/domain/ai-text/reviewed-words.ts';

const word = (text: string, start: number, end = start + 0.4): TTranscriptWord => ({ text, start, end, confidence: null });

const SPOKEN = 'we bake bread flubber we bake sourdough bread um every week intern what is rye stop thanks for listening'.split(' ');
const words = SPOKEN.map((text, i) => word(text, i * 0.5, i * 0.5 + 0.4));
const transcript = { words, language: 'en', duration_s: 10 };
const cleanup = { ...DEFAULT_AUDIO_CLEANUP_SETTINGS, removeFillers: true, fillerWords: ['um'] };
const detection = detectIntents(transcript, cleanup);
const upload = { words, detection, durationMs: 10_000 };
const said = (out: { words: TTranscriptWord[] }) => out.words.map((w) => w.text).join(' ');

describe('the words before assembly (what the AI title, notes and tags read in the Episode Creator)', () => {
  it('follows the review: a retake the creator kept stays (without the marker), an accepted answer replaces its command', () => {
    expect(detection.flubber.count).toBe(1);
    expect(detection.intern.count).toBe(1);
    const review = ZAiReviewChoices.parse({
      intents: { flubber: 'no', intern: 'yes' },
      intern_answers: [{ intern_index: 0, text: 'Rye is a hardy grain.' }],
    });
    const out = reviewedWords(upload, cleanup, review);
    expect(said(out)).toBe('we bake bread we bake sourdough bread every week Rye is a hardy grain. thanks for listening');
    // The answer's voice is estimated (2.5 words a second): the episode grows by it and loses the filler and 'stop'.
    expect(out.durationMs).toBeGreaterThan(10_000);
    const starts = out.words.map((w) => w.start);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
  });

  it('without review choices yet: the detected retake is cut as proposed and the command left out', () => {
    const out = reviewedWords(upload, cleanup, null);
    expect(said(out)).toBe('we bake sourdough bread every week thanks for listening');
    const retake = detection.flubber.matches[0]!;
    // The retake's first word opens the episode.
    expect(out.words[0]?.start).toBeCloseTo(words[4]!.start - (retake.cut_end_s - retake.cut_start_s), 3);
  });

  it('cuts a reviewed retake given as a range, as the wizard sends it; a command declined stays as said, without its cue words', () => {
    const review = ZAiReviewChoices.parse({ intents: { flubber: 'yes', intern: 'no' }, flubber_cuts_ms: [{ start_ms: 0, end_ms: 1950 }] });
    expect(said(reviewedWords(upload, cleanup, review))).toBe('we bake sourdough bread every week what is rye thanks for listening');
  });
});

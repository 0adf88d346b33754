import { z } from 'zod';

/** One recognised word; times are seconds from the start of the upload. */
export const ZTranscriptWord = z
  .object({
    text: z.string(),
    start: z.number().min(0),
    end: z.number().min(0),
    /** 0-1; null when the engine gives none (a transcript supplied as SRT or WebVTT). */
    confidence: z.number().min(0).max(1).nullable().default(null),
  })
  .refine((word) => word.end >= word.start, { message: 'A word cannot end before it starts', path: ['end'] });
export type TTranscriptWord = z.infer<typeof ZTranscriptWord>;

/** A word-level transcript, as every transcription engine returns it. */
export const ZTranscript = z.object({
  words: z.array(ZTranscriptWord),
  language: z.string().nullable().default(null),
  /** Length of the audio in seconds when known; bounds cuts that would run past the end. */
  duration_s: z.number().min(0).nullable().default(null),
});
export type TTranscript = z.infer<typeof ZTranscript>;
export type TTranscriptInput = z.input<typeof ZTranscript>;

/** A sound-effect media item's spoken trigger keyword (items whose keyword is null are left out). */
export const ZSfxKeyword = z.object({ media_id: z.string().min(1), keyword: z.string() });
export type TSfxKeyword = z.infer<typeof ZSfxKeyword>;

/*
 * What detection finds in a transcript. Times are seconds, rounded to the millisecond; word_index is
 * the position in transcript.words of the first matched word and word_count how many words matched.
 */
const seconds = z.number().min(0);
const wordSpan = {
  word_index: z.number().int().min(0),
  word_count: z.number().int().min(1),
  /** The words as spoken, joined by spaces. */
  text: z.string(),
  start_s: seconds,
  end_s: seconds,
};
const similarity = z.number().min(0).max(1);
/** Issue 33: how sure detection is, 0-1 (the words, the keyword search's hit and the timing combined); absent on older detections. */
const confidence = similarity.optional();

/**
 * A retake marker with its proposed cut: from where the flubbed take began (found by matching the
 * words said after the marker against those before it) to the retake's first word. When no repeated
 * words are found, retake_found is false and the cut is the marker time minus 0.75 s to plus
 * 0.25 s (spec 001 §7).
 */
export const ZFlubberMarker = z.object({
  flubber_index: z.number().int().min(0),
  ...wordSpan,
  score: similarity,
  confidence,
  flubber_time_s: seconds,
  flubber_end_s: seconds,
  cut_start_s: seconds,
  cut_end_s: seconds,
  /** Absent on detections stored before retakes were matched: read as false. */
  retake_found: z.boolean().optional(),
  /** The flubbed take's words as spoken ('' when none was found). */
  retake_text: z.string().optional(),
  /**
   * Issue 33: false when the cut would start more than RETAKES.choiceBeyondSeconds before the take it
   * repeats: the review offers it unchecked. Absent (older detections) reads as true.
   */
  preselected: z.boolean().optional(),
});
export type TFlubberMarker = z.infer<typeof ZFlubberMarker>;

/** A spoken Intern command: trigger keyword, the prompt, and the end marker when one was said. */
export const ZInternCommandMatch = z.object({
  intern_index: z.number().int().min(0),
  /** start_s is the trigger's start; end_s the end marker's end, or the word bound when none was said. */
  ...wordSpan,
  score: similarity,
  confidence,
  trigger_end_s: seconds,
  prompt_text: z.string(),
  end_marker: z.object({ ...wordSpan, score: similarity }).nullable(),
  /** Spec 000 §9: default end 6 s after the start, at most 30 s. */
  default_end_s: seconds,
  max_duration_s: seconds,
});
export type TInternCommandMatch = z.infer<typeof ZInternCommandMatch>;

export const ZSfxKeywordHit = z.object({
  media_id: z.string(),
  keyword: z.string(),
  ...wordSpan,
  score: similarity,
  confidence,
});
export type TSfxKeywordHit = z.infer<typeof ZSfxKeywordHit>;

/**
 * A filler word; the cut reaches back fillerLeadTrimMs but never into the previous word. A hesitation
 * heard by its sound where the recogniser wrote no word has word_count 0 at the next word's index
 * and by_sound true (issue 33).
 */
export const ZFillerMatch = z.object({
  filler: z.string(),
  ...wordSpan,
  word_count: z.number().int().min(0),
  cut_start_s: seconds,
  cut_end_s: seconds,
  by_sound: z.boolean().optional(),
});
export type TFillerMatch = z.infer<typeof ZFillerMatch>;

/** A silence between two words longer than maxPauseSeconds; the cut keeps its first targetPauseSeconds. */
export const ZLongPause = z.object({
  after_word_index: z.number().int().min(0),
  start_s: seconds,
  end_s: seconds,
  duration_s: seconds,
  cut_start_s: seconds,
  cut_end_s: seconds,
});
export type TLongPause = z.infer<typeof ZLongPause>;

export const ZCensoredWord = z.object({ censor_word: z.string(), ...wordSpan, score: similarity });
export type TCensoredWord = z.infer<typeof ZCensoredWord>;

/**
 * Issue 33: a take said twice with no marker between (a phrase begun, dropped, and said again). It is
 * offered for review unchecked and cut only when the creator says yes: the cut removes the first take.
 */
export const ZRetakeSuggestion = z.object({
  suggestion_index: z.number().int().min(0),
  /** The dropped take and the take said again. */
  first: z.object(wordSpan),
  second: z.object(wordSpan),
  cut_start_s: seconds,
  cut_end_s: seconds,
  /** 0-1: how sure detection is that the first take was dropped and said again. */
  confidence: similarity,
});
export type TRetakeSuggestion = z.infer<typeof ZRetakeSuggestion>;

function zFound<T extends z.ZodType>(match: T) {
  return z.object({ count: z.number().int().min(0), matches: z.array(match) });
}

/** Everything found in one upload's transcript; each kind with its count, as the intents of spec 001 §3. */
export const ZDetectionResult = z.object({
  flubber: zFound(ZFlubberMarker),
  intern: zFound(ZInternCommandMatch),
  sfx: zFound(ZSfxKeywordHit),
  fillers: zFound(ZFillerMatch),
  pauses: zFound(ZLongPause),
  censored: zFound(ZCensoredWord),
  /** Issue 33: unmarked repeated takes; absent on detections stored before them (read as none). */
  suggestions: zFound(ZRetakeSuggestion).optional(),
});
export type TDetectionResult = z.infer<typeof ZDetectionResult>;

/** The Podcasting 2.0 JSON transcript an episode serves (`podcast:transcript` type application/json): one segment per word. */
export const ZTranscriptFileJson = z.object({
  version: z.literal('1.0.0'),
  segments: z.array(z.object({ speaker: z.string().optional(), startTime: z.number(), endTime: z.number(), body: z.string() })),
});
export type TTranscriptFileJson = z.infer<typeof ZTranscriptFileJson>;

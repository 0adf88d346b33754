import { z } from 'zod';
import { ZFuzzyThreshold } from './audio-cleanup.ts';
import { TRANSCRIPT_REVIEW } from './limits.ts';
import { hasControlCharacters, ZMediaStatus } from './media.ts';
import { ZDetectionResult, ZTranscriptWord } from './transcript.ts';

/*
 * Issue 18: a creator reads and corrects the words of an upload's transcript (text only, the times
 * are kept), and re-runs detection on the stored words when the cleanup or magic-word settings
 * change (no new transcription).
 */

export const TRANSCRIPT_REVIEW_MESSAGES = {
  wordOutOfRange: 'That word is not in this transcript. Reload the transcript and try again.',
  emptyWord: 'A corrected word cannot be empty.',
  wordTooLong: `A corrected word can be at most ${TRANSCRIPT_REVIEW.maxWordLength} characters.`,
  controlCharacters: 'A corrected word cannot contain control characters.',
  tooManyCorrections: `Send at most ${TRANSCRIPT_REVIEW.maxCorrectionsPerRequest} corrections at once.`,
  noCorrections: 'Nothing to correct.',
} as const;

const uploadId = z.uuid();

/** An upload's transcript as the transcript view reads it: every word with its times. */
export const ZTranscriptView = z.object({
  media_id: z.string(),
  friendly_name: z.string(),
  engine: z.string(),
  /** Issue 32: the engine's model; null for older transcripts and engines without one. */
  model: z.string().nullable(),
  /** Issue 32: made by the offline fallback (pocketsphinx): detection on it may miss or invent markers. */
  fallback: z.boolean(),
  language: z.string().nullable(),
  duration_s: z.number().nullable(),
  words: z.array(ZTranscriptWord),
  /** Positions in words the creator corrected (their text differs from what the engine heard). */
  corrected: z.array(z.number().int().min(0)),
});
export type TTranscriptView = z.infer<typeof ZTranscriptView>;

/** One corrected word: its position in the transcript's words and the text it should read. */
export const ZTranscriptCorrection = z.object({
  index: z.number().int().min(0),
  text: z
    .string()
    .trim()
    .min(1, TRANSCRIPT_REVIEW_MESSAGES.emptyWord)
    .max(TRANSCRIPT_REVIEW.maxWordLength, TRANSCRIPT_REVIEW_MESSAGES.wordTooLong)
    .refine((text) => !hasControlCharacters(text), TRANSCRIPT_REVIEW_MESSAGES.controlCharacters),
});
export type TTranscriptCorrection = z.infer<typeof ZTranscriptCorrection>;

export const ZTranscriptCorrectionsRequest = z.object({
  media_id: uploadId,
  corrections: z
    .array(ZTranscriptCorrection)
    .min(1, TRANSCRIPT_REVIEW_MESSAGES.noCorrections)
    .max(TRANSCRIPT_REVIEW.maxCorrectionsPerRequest, TRANSCRIPT_REVIEW_MESSAGES.tooManyCorrections),
});
export type TTranscriptCorrectionsRequest = z.input<typeof ZTranscriptCorrectionsRequest>;

/** An upload's transcript by the upload, or by an episode made from it (the same words, corrected in one place). */
export const ZTranscriptQuery = z.union([z.object({ media_id: uploadId }), z.object({ episode_id: z.uuid() })]);
export type TTranscriptQuery = z.infer<typeof ZTranscriptQuery>;

/** Re-scan: detection again on the stored words, under the creator's current settings. */
export const ZRescanRequest = z.object({
  media_id: uploadId,
  /** The Flubber review's fuzzy threshold slider; the default threshold when absent. */
  fuzzy_threshold: ZFuzzyThreshold.optional(),
});
export type TRescanRequest = z.input<typeof ZRescanRequest>;

/** What one detection run found, as counts. */
export const ZDetectionCounts = z.object({
  flubber: z.number().int().min(0),
  intern: z.number().int().min(0),
  sfx: z.number().int().min(0),
  fillers: z.number().int().min(0),
  pauses: z.number().int().min(0),
  censored: z.number().int().min(0),
});
export type TDetectionCounts = z.infer<typeof ZDetectionCounts>;

/** A re-scan's result: the counts before and after, and the new detection. */
export const ZRescanResult = z.object({
  media_id: z.string(),
  status: ZMediaStatus,
  before: ZDetectionCounts.nullable(),
  after: ZDetectionCounts,
  detection: ZDetectionResult,
});
export type TRescanResult = z.infer<typeof ZRescanResult>;

/** The corrections' result: the transcript as it now reads, and the re-scan they caused. */
export const ZTranscriptCorrectionsResult = z.object({ transcript: ZTranscriptView, rescan: ZRescanResult });
export type TTranscriptCorrectionsResult = z.infer<typeof ZTranscriptCorrectionsResult>;

/** Counts of each kind of detection, in the order a creator reads them. */
export function detectionCounts(detection: z.infer<typeof ZDetectionResult>): TDetectionCounts {
  return {
    flubber: detection.flubber.count,
    intern: detection.intern.count,
    sfx: detection.sfx.count,
    fillers: detection.fillers.count,
    pauses: detection.pauses.count,
    censored: detection.censored.count,
  };
}

const COUNT_LABELS: Record<keyof TDetectionCounts, string> = {
  flubber: 'Flubber',
  intern: 'Intern',
  sfx: 'Sound Effects',
  fillers: 'fillers',
  pauses: 'long pauses',
  censored: 'censored words',
};

/** 'Flubber 1 → 2, fillers 3 → 0' for what changed; 'Nothing changed' when nothing did. */
export function describeRescan(before: TDetectionCounts | null, after: TDetectionCounts): string {
  const keys = Object.keys(COUNT_LABELS) as (keyof TDetectionCounts)[];
  const changed = keys.filter((key) => before === null || before[key] !== after[key]);
  if (changed.length === 0) return 'Nothing changed: the same commands and cleanup were found.';
  return changed.map((key) => `${COUNT_LABELS[key]} ${before === null ? '' : `${before[key]} → `}${after[key]}`).join(', ');
}

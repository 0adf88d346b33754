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
  mergeTooFew: 'A merge joins at least 2 words.',
  mergeTooMany: `A merge joins at most ${TRANSCRIPT_REVIEW.maxMergeWords} words.`,
  overlappingEdits: 'Each word can be corrected, split or merged only once per save.',
  splitOutsideWord: 'A word can only be split at a time inside it.',
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

/** A word as the creator typed it: trimmed, not empty, not too long, no control characters. */
const ZWordText = z
  .string()
  .trim()
  .min(1, TRANSCRIPT_REVIEW_MESSAGES.emptyWord)
  .max(TRANSCRIPT_REVIEW.maxWordLength, TRANSCRIPT_REVIEW_MESSAGES.wordTooLong)
  .refine((text) => !hasControlCharacters(text), TRANSCRIPT_REVIEW_MESSAGES.controlCharacters);

const wordIndex = z.number().int().min(0);

/** One corrected word: its position in the transcript's words and the text it should read. */
export const ZTranscriptCorrection = z.object({ index: wordIndex, text: ZWordText });
export type TTranscriptCorrection = z.infer<typeof ZTranscriptCorrection>;

/**
 * Issue 32: one word heard as two (or two words heard as one): the word at index becomes the two
 * texts; the time between them is at_s (strictly inside the word), else shared in proportion to their letters.
 */
export const ZTranscriptSplit = z.object({ index: wordIndex, texts: z.tuple([ZWordText, ZWordText]), at_s: z.number().min(0).optional() });
export type TTranscriptSplit = z.infer<typeof ZTranscriptSplit>;

/** Issue 32: count adjacent words from index become one word from the first's start to the last's end, reading text (else their texts run together). */
export const ZTranscriptMerge = z.object({
  index: wordIndex,
  count: z
    .number()
    .int()
    .min(2, TRANSCRIPT_REVIEW_MESSAGES.mergeTooFew)
    .max(TRANSCRIPT_REVIEW.maxMergeWords, TRANSCRIPT_REVIEW_MESSAGES.mergeTooMany)
    .default(2),
  text: ZWordText.optional(),
});
export type TTranscriptMerge = z.infer<typeof ZTranscriptMerge>;

/** Positions each edit touches (a merge every word it joins), in the saved transcript's words. */
export function touchedIndexes(edits: {
  corrections: readonly { index: number }[];
  splits: readonly { index: number }[];
  merges: readonly { index: number; count?: number }[];
}): number[] {
  return [
    ...edits.corrections.map((c) => c.index),
    ...edits.splits.map((s) => s.index),
    ...edits.merges.flatMap((m) => Array.from({ length: m.count ?? 2 }, (_, k) => m.index + k)),
  ];
}

const editFields = {
  corrections: z.array(ZTranscriptCorrection).default([]),
  splits: z.array(ZTranscriptSplit).default([]),
  merges: z.array(ZTranscriptMerge).default([]),
};

/** At least one edit, not too many, and no word touched twice (every index is a position in the words as saved). */
function checkEdits(body: z.output<z.ZodObject<typeof editFields>>, ctx: z.RefinementCtx): void {
  const total = body.corrections.length + body.splits.length + body.merges.length;
  if (total === 0) ctx.addIssue({ code: 'custom', path: ['corrections'], message: TRANSCRIPT_REVIEW_MESSAGES.noCorrections });
  if (total > TRANSCRIPT_REVIEW.maxCorrectionsPerRequest) {
    ctx.addIssue({ code: 'custom', path: ['corrections'], message: TRANSCRIPT_REVIEW_MESSAGES.tooManyCorrections });
  }
  const touched = touchedIndexes(body);
  if (new Set(touched).size !== touched.length) {
    ctx.addIssue({ code: 'custom', path: ['corrections'], message: TRANSCRIPT_REVIEW_MESSAGES.overlappingEdits });
  }
}

/**
 * PATCH /api/media/{id}/transcript's body: corrected words (text only, times kept) and, since issue 32,
 * words split in two and adjacent words merged; all at positions in the words as saved, applied at once.
 */
export const ZTranscriptCorrectionsBody = z.object(editFields).superRefine(checkEdits);
export const ZTranscriptCorrectionsRequest = z.object({ media_id: uploadId, ...editFields }).superRefine(checkEdits);
export type TTranscriptCorrectionsRequest = z.input<typeof ZTranscriptCorrectionsRequest>;
export type TTranscriptEdits = Pick<z.output<typeof ZTranscriptCorrectionsRequest>, 'corrections' | 'splits' | 'merges'>;

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

import { z } from 'zod';

/*
 * What the Episode Creator's retake review shows beside the Flubber retakes (issue 33): takes said
 * twice with no marker (suggestions, offered unchecked: cut only when the creator checks them) and
 * every filler cut, each with a snippet of the upload to listen to. Times are the upload's seconds.
 */
const seconds = z.number().min(0);
const snippet = {
  snippet_start_s: seconds,
  snippet_end_s: seconds,
  /** Signed URL of the snippet audio; null when it could not be cut. */
  url: z.string().nullable(),
};

/** A repeated take with no marker: the dropped take's words, the take said again, the proposed cut. */
export const ZRetakeSuggestionContext = z.object({
  suggestion_index: z.number().int().min(0),
  first_text: z.string(),
  second_text: z.string(),
  first_start_s: seconds,
  second_start_s: seconds,
  cut_start_s: seconds,
  cut_end_s: seconds,
  confidence: z.number().min(0).max(1),
  ...snippet,
});
export type TRetakeSuggestionContext = z.infer<typeof ZRetakeSuggestionContext>;

/** A filler the assembly cuts when fillers are removed: its words ('' when heard by its sound only). */
export const ZFillerContext = z.object({
  filler_index: z.number().int().min(0),
  filler: z.string(),
  text: z.string(),
  by_sound: z.boolean(),
  cut_start_s: seconds,
  cut_end_s: seconds,
  ...snippet,
});
export type TFillerContext = z.infer<typeof ZFillerContext>;

export const RETAKE_REVIEW = {
  /** Not in the spec: seconds of audio either side of a suggestion's or a filler's cut in its snippet. */
  suggestionPaddingS: 1.5,
  fillerPaddingS: 1,
  /** Not in the spec: at most this many fillers are listed (and kept by index) in one review. */
  maxFillers: 500,
} as const;

import { z } from 'zod';
import { AI_TEXT } from './limits.ts';
import { ASSEMBLY, ZCleanupOverrides, ZIntentAnswer, ZInternAnswer, ZSfxChoice, ZTimeRangeMs } from './assembly.ts';

/*
 * The rules every AI-written title, description and tag list passes through, whichever engine wrote
 * it (spec 000 sections 5 and 9): tags trimmed to 30 characters, de-duplicated ignoring case, at most
 * 20, the template's always-include tags first; text with a run of 16+ hex characters discarded.
 */

const HEX_RUN = new RegExp(`[0-9a-f]{${AI_TEXT.hexRunLength},}`, 'i');

/** True when the text holds a run of 16 or more hex characters (an id, hash or key the model leaked). */
export function hasHexRun(text: string): boolean {
  return HEX_RUN.test(text);
}

/** A comma-separated tag field (or an already split list) as trimmed, non-empty entries. */
export function splitTagList(input: string | readonly string[]): string[] {
  const parts = typeof input === 'string' ? input.split(',') : input.flatMap((tag) => tag.split(','));
  return parts.map((tag) => tag.replace(/\s+/g, ' ').trim()).filter((tag) => tag.length > 0);
}

/** Trims to the length limit without leaving a dangling space or hyphen at the cut. */
export function trimTag(tag: string, maxLength: number = AI_TEXT.maxTagLength): string {
  const clean = tag.replace(/\s+/g, ' ').trim();
  if (clean.length <= maxLength) return clean;
  return clean.slice(0, maxLength).replace(/[\s\-_,.;:]+$/, '');
}

/** De-duplicates ignoring case; the first spelling seen wins. */
export function dedupeIgnoringCase(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const value of values) {
    const key = value.toLocaleLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(value);
  }
  return out;
}

export interface MergeTagsOptions {
  /** The template's always-include tags; they come first and are never pushed out by generated ones. */
  alwaysInclude?: string | readonly string[];
  maxTags?: number;
  maxTagLength?: number;
}

/** Final tag list: always-include first, then generated; trimmed, de-duplicated ignoring case, capped; tags with a hex run dropped. */
export function mergeTags(generated: string | readonly string[], options: MergeTagsOptions = {}): string[] {
  const maxTags = Math.min(options.maxTags ?? AI_TEXT.maxTags, AI_TEXT.maxTags);
  const maxLength = options.maxTagLength ?? AI_TEXT.maxTagLength;
  const always = splitTagList(options.alwaysInclude ?? []);
  const all = [...always, ...splitTagList(generated)]
    .map((tag) => trimTag(tag, maxLength))
    .filter((tag) => tag.length > 0 && !hasHexRun(tag));
  return dedupeIgnoringCase(all).slice(0, Math.max(0, maxTags));
}

/** A title or description as the user may see it, or null when the hex rule discards it or nothing is left. */
export function acceptAiText(text: string | null | undefined): string | null {
  if (text === null || text === undefined) return null;
  const trimmed = text.trim();
  if (!trimmed || hasHexRun(trimmed)) return null;
  return trimmed;
}

/**
 * A title under the length limit: quotes and a trailing full stop models like to add removed, cut at a
 * word boundary when too long; '?' and '!' kept. Null when the hex rule discards it.
 */
export function acceptAiTitle(text: string | null | undefined): string | null {
  const accepted = acceptAiText(text);
  if (accepted === null) return null;
  let title = accepted
    .split('\n')[0]!
    .replace(/^\s*(title\s*:\s*)/i, '')
    .replace(/^["'“”‘’`*#\s]+|["'“”‘’`*\s]+$/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  // A question or exclamation mark is part of a title's voice; a full stop or dangling comma is not.
  title = title.replace(/[\s.,;:–—-]+$/u, '');
  if (title.length >= AI_TEXT.titleLengthLimit) {
    const cut = title.slice(0, AI_TEXT.titleLengthLimit - 1);
    const space = cut.lastIndexOf(' ');
    title = (space > 20 ? cut.slice(0, space) : cut).replace(/[\s,.;:&-]+$/, '');
  }
  return title || null;
}

/** The template's always-include tags field: comma-separated, de-duplicated ignoring case, at most 20 of at most 30 characters. */
export const ZAlwaysIncludeTags = z
  .union([z.string(), z.array(z.string())])
  .transform((value) => dedupeIgnoringCase(splitTagList(value)))
  .pipe(
    z
      .array(z.string().max(AI_TEXT.maxTagLength, { message: `Each tag can be at most ${AI_TEXT.maxTagLength} characters.` }))
      .max(AI_TEXT.maxTags, { message: `At most ${AI_TEXT.maxTags} tags.` }),
  );
export type TAlwaysIncludeTags = z.output<typeof ZAlwaysIncludeTags>;

/* ---------------------------------------------------------------- requests (spec 000 section 7) */

const optionalId = z.string().trim().max(300).nullish();
const optionalText = z.string().max(8_000).nullish();

/**
 * POST /api/ai/title and /api/ai/notes: {episode_id, podcast_id, transcript_path, hint, base_prompt,
 * extra_instructions}. The transcript is found from hint (the upload's id or filename),
 * transcript_path, or episode_id; template_id adds the template's instructions.
 */
/**
 * The Episode Creator's review choices before assembly, as the assemble call will send them: the
 * AI text is written from the words the episode will play under them (the retakes the creator cut,
 * the Intern answers accepted, the cleanup chosen), not the detector's default cuts.
 */
export const ZAiReviewChoices = z.object({
  flubber_cuts_ms: z.array(ZTimeRangeMs).max(ASSEMBLY.maxCuts).default([]),
  flubber_indices: z.array(z.number().int().min(0)).max(ASSEMBLY.maxCuts).optional(),
  intents: z
    .object({ flubber: ZIntentAnswer.default('unknown'), intern: ZIntentAnswer.default('unknown'), sfx: ZIntentAnswer.default('unknown') })
    .prefault({}),
  intern_answers: z.array(ZInternAnswer).max(ASSEMBLY.maxInternAnswers).default([]),
  sfx_choices: z.array(ZSfxChoice).max(ASSEMBLY.maxSfxChoices).optional(),
  cleanup: ZCleanupOverrides.default({}),
  manual_cuts: z.array(ZTimeRangeMs).max(ASSEMBLY.maxCuts).default([]),
});
export type TAiReviewChoices = z.infer<typeof ZAiReviewChoices>;
export type TAiReviewChoicesInput = z.input<typeof ZAiReviewChoices>;

export const ZAiTextRequest = z.object({
  episode_id: optionalId,
  podcast_id: optionalId,
  template_id: optionalId,
  transcript_path: optionalId,
  hint: optionalId,
  base_prompt: optionalText,
  extra_instructions: optionalText,
  current_title: optionalText,
  current_description: optionalText,
  /** Before assembly (with hint): the creator's review choices so far. */
  review: ZAiReviewChoices.nullish(),
});
export type TAiTextRequest = z.input<typeof ZAiTextRequest>;

/** POST /api/ai/tags: the same, with tags_always_include in place of extra_instructions. */
export const ZAiTagsRequest = ZAiTextRequest.extend({
  tags_always_include: z.union([z.string(), z.array(z.string())]).nullish(),
  max_tags: z.number().int().min(0).max(AI_TEXT.maxTags).nullish(),
});
export type TAiTagsRequest = z.input<typeof ZAiTagsRequest>;

export const ZAiTitleResponse = z.object({ title: z.string().nullable() });
export const ZAiNotesResponse = z.object({ description: z.string().nullable() });
export const ZAiTagsResponse = z.object({ tags: z.array(z.string()) });

/** POST /api/episodes/ai/metadata: prompt may be 'expand', 'shorten' or 'tags', or free text. */
export const ZAiMetadataRequest = z.object({
  audio_filename: optionalId,
  filename: optionalId,
  hint: optionalId,
  template_id: optionalId,
  current_title: optionalText,
  current_description: optionalText,
  prompt: optionalText,
  max_tags: z.number().int().min(0).max(AI_TEXT.maxTags).nullish(),
});
export type TAiMetadataRequest = z.input<typeof ZAiMetadataRequest>;

export const ZAiMetadataResponse = z.object({
  title: z.string().nullable(),
  description: z.string().nullable(),
  tags: z.array(z.string()),
});
export type TAiMetadataResponse = z.infer<typeof ZAiMetadataResponse>;

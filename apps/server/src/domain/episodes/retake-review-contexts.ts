import { RETAKE_REVIEW, type TDetectionResult, type TFillerContext, type TRetakeSuggestionContext } from '@ppp/contracts';
import type { MediaItem } from '../media/media-item.entity.ts';
import { msPart, type UploadSnippets } from './upload-snippets.ts';

const round3 = (s: number) => Math.round(s * 1000) / 1000;

/** A stretch of the upload with `padding` seconds either side, inside the audio, named for its snippet. */
function padded(kind: string, index: number, start: number, end: number, padding: number, duration: number | null) {
  const from = round3(Math.max(0, start - padding));
  const to = round3(Math.max(Math.min(duration ?? Infinity, end + padding), from + 0.1));
  return { name: `${kind}-${index}-${msPart(from)}-${msPart(to)}.mp3`, start: from, end: to };
}

type Snippet = { snippet_start_s: number; snippet_end_s: number; url: string | null };
type TSuggestion = NonNullable<TDetectionResult['suggestions']>['matches'][number];
type TFiller = TDetectionResult['fillers']['matches'][number];

function suggestionContext(s: TSuggestion, snippet: Snippet): TRetakeSuggestionContext {
  return {
    suggestion_index: s.suggestion_index,
    first_text: s.first.text,
    second_text: s.second.text,
    first_start_s: s.first.start_s,
    second_start_s: s.second.start_s,
    cut_start_s: s.cut_start_s,
    cut_end_s: s.cut_end_s,
    confidence: s.confidence,
    ...snippet,
  };
}

function fillerContext(f: TFiller, index: number, snippet: Snippet): TFillerContext {
  return {
    filler_index: index,
    filler: f.filler,
    text: f.text,
    by_sound: f.by_sound ?? false,
    cut_start_s: f.cut_start_s,
    cut_end_s: f.cut_end_s,
    ...snippet,
  };
}

/**
 * The unmarked repeats and the fillers of an upload's stored detection (issue 33), each with a real
 * snippet of the upload to play: repeats are offered unchecked in the retake review, fillers listed
 * with a checkbox when the creator removes fillers. Indices are the stored detection's, which is
 * what the assembly reads.
 */
export async function retakeReviewContexts(
  snippets: UploadSnippets,
  item: MediaItem,
  detection: TDetectionResult,
  options: { duration: number | null; fillers: boolean },
): Promise<{ suggestions: TRetakeSuggestionContext[]; fillers: TFillerContext[] }> {
  const { duration } = options;
  const suggestions = (detection.suggestions?.matches ?? []).map((s) => ({
    s,
    range: padded('repeat', s.suggestion_index, s.first.start_s, s.second.end_s, RETAKE_REVIEW.suggestionPaddingS, duration),
  }));
  const fillers = (options.fillers ? detection.fillers.matches.slice(0, RETAKE_REVIEW.maxFillers) : []).map((f, index) => ({
    f,
    index,
    range: padded('filler', index, f.cut_start_s, f.cut_end_s, RETAKE_REVIEW.fillerPaddingS, duration),
  }));
  const ready = await snippets.ensure(
    item,
    [...suggestions, ...fillers].map(({ range }) => range),
  );
  const snippetOf = async (range: { name: string; start: number; end: number }): Promise<Snippet> => ({
    snippet_start_s: range.start,
    snippet_end_s: range.end,
    url: ready.has(range.name) ? await snippets.url(item, range.name) : null,
  });
  return {
    suggestions: await Promise.all(suggestions.map(async ({ s, range }) => suggestionContext(s, await snippetOf(range)))),
    fillers: await Promise.all(fillers.map(async ({ f, index, range }) => fillerContext(f, index, await snippetOf(range)))),
  };
}

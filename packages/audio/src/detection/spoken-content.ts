import type { TDetectionResult, TTranscript, TTranscriptWord } from '@ppp/contracts';
import { normalisePhrases, normaliseText } from './normalise.ts';

/** A stretch of the upload, in seconds. */
interface Span {
  start: number;
  end: number;
}

export interface SpokenContentOptions {
  /**
   * The cuts actually made, in content milliseconds (an assembled episode's EDL). Without them the
   * proposed cut of every detected retake is taken out, as the creator would cut it.
   */
  cuts?: readonly { start_ms: number; end_ms: number }[];
  /** The creator's trigger keywords (Flubber, Intern): never content, even where detection missed them. */
  triggerWords?: readonly string[];
}

function spansOf(detection: TDetectionResult | null, options: SpokenContentOptions): Span[] {
  const spans: Span[] = (options.cuts ?? []).map((cut) => ({ start: cut.start_ms / 1000, end: cut.end_ms / 1000 }));
  if (!detection) return spans;
  for (const marker of detection.flubber.matches) {
    spans.push({ start: marker.start_s, end: marker.end_s });
    if (options.cuts === undefined) spans.push({ start: marker.cut_start_s, end: marker.cut_end_s });
  }
  for (const command of detection.intern.matches) spans.push({ start: command.start_s, end: command.end_s });
  for (const hit of detection.sfx.matches) spans.push({ start: hit.start_s, end: hit.end_s });
  for (const filler of detection.fillers.matches) spans.push({ start: filler.start_s, end: filler.end_s });
  return spans;
}

/** A word belongs to a span when its middle falls inside it (edges shared with a neighbour do not count). */
function inside(word: TTranscriptWord, spans: readonly Span[]): boolean {
  const middle = (word.start + word.end) / 2;
  return spans.some((span) => middle >= span.start && middle <= span.end);
}

/**
 * What the episode says, for titles, notes, tags and chapter names: the transcript without the
 * spoken commands (Flubber markers, Intern commands with their end markers, sound-effect keywords),
 * the fillers, and everything inside a cut (the EDL's when the episode is assembled, else each
 * retake's proposed cut). Times are kept, so the result still reads in upload time.
 */
export function spokenContent(
  transcript: TTranscript,
  detection: TDetectionResult | null,
  options: SpokenContentOptions = {},
): TTranscript {
  const spans = spansOf(detection, options);
  const triggers = new Set(normalisePhrases(options.triggerWords ?? []));
  const words = transcript.words.filter((word) => !inside(word, spans) && !triggers.has(normaliseText(word.text)));
  return { ...transcript, words };
}

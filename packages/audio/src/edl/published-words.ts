import type { TDetectionResult, TEdl, TEdlRange, TTranscriptWord } from '@ppp/contracts';
import { normaliseText } from '../detection/normalise.ts';

/*
 * The words as heard in the rendered episode: what the published transcript (podcast:transcript),
 * the chapters and the AI text are written from. Content words go through the final EDL (cut words
 * gone, times moved onto the timeline), the spoken cues go (the Flubber trigger, an Intern command
 * that was answered, a stop phrase), and the words the renderer voiced itself come in: each Intern
 * answer at its insert, each AI-voice segment's script over its segment.
 */

/** What the renderer voiced, when its text is known: by insert id ('intern-<index>') and by segment id. */
export interface SpokenTexts {
  inserts?: Readonly<Record<string, string>>;
  segments?: Readonly<Record<string, string>>;
}

export interface PublishedWordsInput {
  edl: TEdl;
  /** The content upload's words, in upload seconds. */
  words: readonly TTranscriptWord[];
  detections: TDetectionResult;
  spoken?: SpokenTexts;
  /** The creator's trigger keywords (Flubber, Intern): never published, even where detection missed one. */
  triggerWords?: readonly string[];
  /** Every detected Intern command is taken out whole, answered or not (before the creator has reviewed them). */
  dropAllCommands?: boolean;
}

/** A censored word (muted under its beep) is published as this. */
export const CENSORED_WORD = '[bleep]';

/** A stretch of the upload in seconds. */
interface Span {
  start: number;
  end: number;
}

/** A kept stretch of the upload [start, end) in content ms, and where it starts on the timeline. */
interface Placed {
  start: number;
  end: number;
  at: number;
}

const round3 = (seconds: number) => Math.round(seconds * 1000) / 1000;

/**
 * The kept source pieces in play order, placed on the timeline after the segments and splices
 * before them, and where the content track ends.
 */
function placedPieces(edl: TEdl): { pieces: Placed[]; end: number } {
  const segment = edl.segments.find((s) => s.id === edl.content.segment_id);
  const durations = new Map(edl.inserts.map((insert) => [insert.id, insert.duration_ms]));
  const pieces: Placed[] = [];
  let position = segment?.start_ms ?? 0;
  for (const piece of edl.content.pieces) {
    if (piece.type === 'insert') {
      position += durations.get(piece.insert_id) ?? 0;
      continue;
    }
    pieces.push({ start: piece.start_ms, end: piece.end_ms, at: position });
    position += piece.end_ms - piece.start_ms;
  }
  return { pieces, end: position };
}

function toTimeline(placed: { pieces: readonly Placed[]; end: number }, ms: number, side: 'start' | 'end'): number {
  for (const piece of placed.pieces) {
    const inside = side === 'start' ? ms < piece.end : ms <= piece.end;
    if (ms <= piece.start) return piece.at;
    if (inside) return piece.at + (ms - piece.start);
  }
  return placed.end;
}

/**
 * Where a moment of the content upload plays in the finished episode (timeline ms): the content
 * segment's start plus the kept audio and spliced inserts before it; a moment inside a cut maps to
 * where the cut closed. A start maps into the piece that begins at it (after a splice placed there),
 * an end into the piece that ends at it (before the splice).
 */
export function contentToTimelineMs(edl: TEdl, contentMs: number, side: 'start' | 'end' = 'start'): number {
  return toTimeline(placedPieces(edl), contentMs, side);
}

/** How much of [start, end) ms the ranges cover. */
function covered(start: number, end: number, ranges: readonly TEdlRange[]): number {
  return ranges.reduce((sum, r) => sum + Math.max(0, Math.min(end, r.end_ms) - Math.max(start, r.start_ms)), 0);
}

/** Mostly inside the ranges; a word without length, when its instant is inside one. */
function mostlyInside(word: TTranscriptWord, ranges: readonly TEdlRange[]): boolean {
  const start = word.start * 1000;
  const end = word.end * 1000;
  if (end <= start) return ranges.some((r) => start > r.start_ms && start < r.end_ms);
  return covered(start, end, ranges) * 2 > end - start;
}

/** The intern_index of each answered command (its insert is in the EDL). */
function answeredCommands(edl: TEdl): Set<number> {
  return new Set(edl.inserts.filter((insert) => insert.kind === 'intern').map((insert) => Number(insert.id.slice('intern-'.length))));
}

/**
 * Spoken cues: every Flubber marker; an answered Intern command whole (trigger, prompt, stop
 * phrase: the answer stands in its place); an unanswered one's trigger and stop phrase.
 */
function cueSpans(edl: TEdl, detections: TDetectionResult, dropAllCommands: boolean): Span[] {
  const answered = answeredCommands(edl);
  const spans: Span[] = detections.flubber.matches.map((marker) => ({ start: marker.start_s, end: marker.end_s }));
  for (const command of detections.intern.matches) {
    if (dropAllCommands || answered.has(command.intern_index)) {
      spans.push({ start: command.start_s, end: command.end_s });
      continue;
    }
    spans.push({ start: command.start_s, end: command.trigger_end_s });
    if (command.end_marker) spans.push({ start: command.end_marker.start_s, end: command.end_marker.end_s });
  }
  return spans;
}

function inSpan(word: TTranscriptWord, spans: readonly Span[]): boolean {
  const middle = (word.start + word.end) / 2;
  return spans.some((span) => middle >= span.start && middle <= span.end);
}

/** Indexes of words that spell one of the phrases (each phrase a run of normalised words). */
function phraseHits(words: readonly TTranscriptWord[], phrases: readonly string[]): Set<number> {
  const hits = new Set<number>();
  const norms = words.map((word) => normaliseText(word.text));
  const runs = phrases.map((phrase) => normaliseText(phrase).split(' ').filter(Boolean)).filter((run) => run.length > 0);
  for (let i = 0; i < norms.length; i += 1) {
    for (const run of runs) {
      if (run.every((token, k) => norms[i + k] === token)) run.forEach((_, k) => hits.add(i + k));
    }
  }
  return hits;
}

/** The upload's words that play, on the timeline; censored ones masked. */
function contentWords(input: PublishedWordsInput): TTranscriptWord[] {
  const { edl, words, detections } = input;
  const pieces = placedPieces(edl);
  const spans = cueSpans(edl, detections, input.dropAllCommands ?? false);
  const triggers = phraseHits(words, input.triggerWords ?? []);
  return words.flatMap((word, index) => {
    if (word.text.trim() === '' || triggers.has(index) || inSpan(word, spans) || mostlyInside(word, edl.content.cuts)) return [];
    const start = toTimeline(pieces, word.start * 1000, 'start');
    const end = Math.max(start, toTimeline(pieces, word.end * 1000, 'end'));
    const text = mostlyInside(word, edl.content.mutes) ? CENSORED_WORD : word.text.trim();
    return [{ text, start: start / 1000, end: end / 1000, confidence: word.confidence }];
  });
}

/** A voiced text's words spread over [startMs, endMs) by their length (a voice spends its time on letters). */
export function spreadWords(text: string, startMs: number, endMs: number): TTranscriptWord[] {
  const tokens = text.split(/\s+/).filter(Boolean);
  const weights = tokens.map((token) => token.length + 1);
  const total = weights.reduce((a, b) => a + b, 0);
  const span = Math.max(0, endMs - startMs);
  let used = 0;
  return tokens.map((token, i) => {
    const from = startMs + (span * used) / total;
    used += weights[i] ?? 0;
    const to = startMs + (span * used) / total;
    return { text: token, start: from / 1000, end: to / 1000, confidence: null };
  });
}

/** The Intern answers and AI-voice scripts whose text is known, at the times they play. */
function voicedWords(edl: TEdl, spoken: SpokenTexts): TTranscriptWord[] {
  const answers = edl.inserts.flatMap((insert) => {
    const text = insert.kind === 'intern' ? spoken.inserts?.[insert.id] : undefined;
    return text ? spreadWords(text, insert.at_ms, insert.at_ms + insert.duration_ms) : [];
  });
  const scripts = edl.segments.flatMap((segment) => {
    const text = segment.source === 'tts' ? spoken.segments?.[segment.id] : undefined;
    return text ? spreadWords(text, segment.start_ms, segment.start_ms + segment.duration_ms) : [];
  });
  return [...answers, ...scripts];
}

/**
 * The words as the rendered episode plays them, in timeline seconds, sorted, each inside the
 * episode: what is published as its transcript and what its chapters and AI text are written from.
 * A word mostly inside a cut is gone; so are the spoken cues; the voiced answers and scripts whose
 * text is known are in.
 */
export function publishedWords(input: PublishedWordsInput): TTranscriptWord[] {
  const { edl } = input;
  const totalS = edl.duration_ms / 1000;
  const all = [...contentWords(input), ...voicedWords(edl, input.spoken ?? {})];
  all.sort((a, b) => a.start - b.start || a.end - b.end);
  return all.map((word) => {
    const start = round3(Math.min(totalS, Math.max(0, word.start)));
    return { ...word, start, end: round3(Math.min(totalS, Math.max(start, word.end))) };
  });
}

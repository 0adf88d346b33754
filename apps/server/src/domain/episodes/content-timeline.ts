import { keptRanges, planCuts } from '@ppp/audio';
import type { TAudioCleanupSettings, TDetectionResult, TEdl, TTranscript, TTranscriptWord } from '@ppp/contracts';

/** A kept stretch of the upload [start, end) in content ms, and where it starts in the finished episode. */
interface PlacedPiece {
  start: number;
  end: number;
  at: number;
}

/**
 * The one map from upload time to episode time, read from the EDL: the content segment's start
 * (intro and other segments before it), then the kept source pieces in play order with the spliced
 * inserts (Intern answers) between them. Cut material (retakes, fillers, pauses, manual cuts) has
 * no piece. Also returns where the content track ends.
 */
function placedPieces(edl: TEdl): { pieces: PlacedPiece[]; end: number } {
  const segment = edl.segments.find((s) => s.id === edl.content.segment_id);
  const inserts = new Map(edl.inserts.map((insert) => [insert.id, insert.duration_ms]));
  const pieces: PlacedPiece[] = [];
  let position = segment?.start_ms ?? 0;
  for (const piece of edl.content.pieces) {
    if (piece.type === 'insert') {
      position += inserts.get(piece.insert_id) ?? 0;
      continue;
    }
    pieces.push({ start: piece.start_ms, end: piece.end_ms, at: position });
    position += piece.end_ms - piece.start_ms;
  }
  return { pieces, end: position };
}

/** Words moved onto the placed pieces: a word that starts inside no piece (it was cut) is dropped. */
function placeWords(words: readonly TTranscriptWord[], pieces: readonly PlacedPiece[]): TTranscriptWord[] {
  return words.flatMap((word) => {
    const startMs = word.start * 1000;
    const piece = pieces.find((p) => startMs >= p.start && startMs < p.end);
    if (!piece) return [];
    const endMs = Math.min(word.end * 1000, piece.end);
    return [{ ...word, start: (piece.at + startMs - piece.start) / 1000, end: (piece.at + endMs - piece.start) / 1000 }];
  });
}

/**
 * Where a moment of the content upload ends up in the finished episode, read from its EDL: the
 * content segment's start, plus the kept audio and spliced inserts that play before it. A moment
 * inside a cut maps to where the cut closed.
 */
export function contentToTimelineMs(edl: TEdl, contentMs: number): number {
  const { pieces, end } = placedPieces(edl);
  for (const piece of pieces) {
    if (contentMs <= piece.start) return piece.at;
    if (contentMs < piece.end) return piece.at + (contentMs - piece.start);
  }
  return end;
}

/**
 * The upload's words on the finished episode's timeline (seconds), for the published transcript,
 * chapters and AI text: a word that starts inside a cut is dropped, the others move by the
 * segments, cuts and inserts before them. Without an EDL the audio is the upload itself.
 */
export function episodeWords(words: readonly TTranscriptWord[], edl: TEdl | null): TTranscriptWord[] {
  return edl ? placeWords(words, placedPieces(edl).pieces) : [...words];
}

/**
 * Before assembly: the words as the episode will play them if the creator makes the cuts proposed
 * now (every retake's proposed cut, and the fillers and long pauses the cleanup settings remove).
 * Segments and Intern answers are not known yet, so times are content times after the cuts.
 * words are placed (the spoken content, say); the upload's transcript and detection plan the cuts.
 */
export function proposedEpisodeWords(
  words: readonly TTranscriptWord[],
  upload: { transcript: TTranscript; detection: TDetectionResult; durationMs: number },
  cleanup: TAudioCleanupSettings,
): { words: TTranscriptWord[]; durationMs: number } {
  const { transcript, detection, durationMs } = upload;
  const content = { file: { path: 'upload', format: 'upload', duration_ms: durationMs }, words: transcript.words, detections: detection };
  const flubber = detection.flubber.matches.map((marker) => marker.flubber_index);
  const { cuts } = planCuts(content, { flubber, intern: [], sfx: [], cleanup });
  const pieces: PlacedPiece[] = [];
  let position = 0;
  for (const range of keptRanges(cuts, durationMs)) {
    pieces.push({ start: range.start_ms, end: range.end_ms, at: position });
    position += range.end_ms - range.start_ms;
  }
  return { words: placeWords(words, pieces), durationMs: position };
}

/** A stretch of content time as the stretch of the finished episode it became (empty when it was cut already). */
export function contentRangeToTimeline(edl: TEdl, range: { start_ms: number; end_ms: number }): { start_ms: number; end_ms: number } {
  return { start_ms: contentToTimelineMs(edl, range.start_ms), end_ms: contentToTimelineMs(edl, range.end_ms) };
}

/** Sorted cuts with overlapping or touching ones joined. */
export function joinCuts<T extends { start_ms: number; end_ms: number }>(cuts: readonly T[]): { start_ms: number; end_ms: number }[] {
  const sorted = [...cuts].sort((a, b) => a.start_ms - b.start_ms || a.end_ms - b.end_ms);
  const joined: { start_ms: number; end_ms: number }[] = [];
  for (const cut of sorted) {
    const last = joined.at(-1);
    if (last && cut.start_ms <= last.end_ms) last.end_ms = Math.max(last.end_ms, cut.end_ms);
    else joined.push({ start_ms: cut.start_ms, end_ms: cut.end_ms });
  }
  return joined;
}

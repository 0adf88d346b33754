import type { TChapterInput, TEdl, TTranscriptWord } from '@ppp/contracts';

/**
 * Maps the words of the content upload (content time) onto the finished episode (timeline time)
 * through its EDL: the content segment's start, plus the kept source pieces and spliced inserts
 * before the word. Words inside a cut are dropped. Without an EDL the audio is the upload itself.
 */
export function episodeWords(words: readonly TTranscriptWord[], edl: TEdl | null): TTranscriptWord[] {
  if (!edl) return [...words];
  const segment = edl.segments.find((s) => s.id === edl.content.segment_id);
  const offset = segment?.start_ms ?? 0;
  const insertLength = new Map(edl.inserts.map((insert) => [insert.id, insert.duration_ms]));
  // Each kept piece: [sourceStart, sourceEnd) lands at timelineStart.
  const pieces: { start: number; end: number; at: number }[] = [];
  let cursor = offset;
  for (const piece of edl.content.pieces) {
    if (piece.type === 'insert') {
      cursor += insertLength.get(piece.insert_id) ?? 0;
      continue;
    }
    pieces.push({ start: piece.start_ms, end: piece.end_ms, at: cursor });
    cursor += piece.end_ms - piece.start_ms;
  }
  const mapped: TTranscriptWord[] = [];
  for (const word of words) {
    const startMs = word.start * 1000;
    const piece = pieces.find((p) => startMs >= p.start && startMs < p.end);
    if (!piece) continue;
    const endMs = Math.min(word.end * 1000, piece.end);
    mapped.push({ ...word, start: (piece.at + startMs - piece.start) / 1000, end: (piece.at + endMs - piece.start) / 1000 });
  }
  return mapped;
}

/** The episode's chapters: its own list when set, else the segments the EDL planned. */
export function episodeChapters(
  chapters: readonly { title: string; start_s: number }[] | null | undefined,
  edl: TEdl | null,
): TChapterInput[] {
  if (chapters && chapters.length > 0) return chapters.map((c) => ({ title: c.title, start_s: c.start_s }));
  return (edl?.chapters ?? [])
    .filter((c) => c.title.trim() !== '')
    .map((c) => ({ title: c.title, start_s: c.start_ms / 1000, end_s: c.end_ms / 1000 }));
}

import { createHash } from 'node:crypto';
import type { TEdl, TEdlFile, TPlacedInsert, TTimeRangeMs } from '@ppp/contracts';

/** Every file an EDL reads, rewritten by fn (storage keys to local paths, and back). */
export function mapEdlFiles(edl: TEdl, fn: (file: TEdlFile) => TEdlFile): TEdl {
  return {
    ...edl,
    segments: edl.segments.map((segment) => ({ ...segment, file: fn(segment.file) })),
    content: { ...edl.content, file: fn(edl.content.file) },
    inserts: edl.inserts.map((insert) =>
      insert.source.type === 'file' ? { ...insert, source: { ...insert.source, file: fn(insert.source.file) } } : insert,
    ),
    music: edl.music.map((bed) => ({ ...bed, file: fn(bed.file) })),
  };
}

/** The EDL with its storage keys swapped for paths on this machine, for the renderer. */
export function localizeEdl(edl: TEdl, localPaths: ReadonlyMap<string, string>): TEdl {
  return mapEdlFiles(edl, (file) => {
    const local = localPaths.get(file.path);
    if (local === undefined) throw new Error(`No local copy of ${file.path}`);
    return { ...file, path: local };
  });
}

/**
 * A short fingerprint of what the EDL renders (stored with keys, so it does not depend on where the
 * files are on this machine): the rendered file is named by it, so a rerun of the same plan writes
 * the same key and a changed plan never overwrites the file a listener may be downloading.
 */
export function edlFingerprint(edl: TEdl): string {
  return createHash('sha256').update(JSON.stringify(edl)).digest('hex').slice(0, 16);
}

/**
 * Cuts drawn on the finished episode's waveform, moved into content time through the stored EDL:
 * each kept stretch of the upload sits at a known place on the timeline, so the part of a cut that
 * covers it maps back to the upload. Parts over intros, outros or spliced Intern answers are not
 * content and are left out.
 */
export function episodeCutsToContent(edl: TEdl, cuts: readonly TTimeRangeMs[]): TTimeRangeMs[] {
  const segment = edl.segments.find((s) => s.id === edl.content.segment_id);
  if (!segment) return [];
  const spans: { timelineStart: number; sourceStart: number; length: number }[] = [];
  let at = segment.start_ms;
  for (const piece of edl.content.pieces) {
    if (piece.type === 'source') {
      spans.push({ timelineStart: at, sourceStart: piece.start_ms, length: piece.end_ms - piece.start_ms });
      at += piece.end_ms - piece.start_ms;
    } else {
      at += edl.inserts.find((insert) => insert.id === piece.insert_id)?.duration_ms ?? 0;
    }
  }
  return cuts.flatMap((cut) =>
    spans.flatMap((span) => {
      const start = Math.max(cut.start_ms, span.timelineStart);
      const end = Math.min(cut.end_ms, span.timelineStart + span.length);
      return end > start
        ? [{ start_ms: span.sourceStart + (start - span.timelineStart), end_ms: span.sourceStart + (end - span.timelineStart) }]
        : [];
    }),
  );
}

/** Content milliseconds the new cuts remove that the planned cuts did not already. */
export function newlyRemovedMs(
  planned: readonly { start_ms: number; end_ms: number }[],
  added: readonly { start_ms: number; end_ms: number }[],
  durationMs: number,
): number {
  const measure = (ranges: readonly { start_ms: number; end_ms: number }[]) => {
    const sorted = ranges
      .map((r) => ({ start: Math.max(0, r.start_ms), end: Math.min(durationMs, r.end_ms) }))
      .filter((r) => r.end > r.start)
      .sort((a, b) => a.start - b.start);
    let total = 0;
    let reach = 0;
    for (const range of sorted) {
      const from = Math.max(range.start, reach);
      if (range.end > from) total += range.end - from;
      reach = Math.max(reach, range.end);
    }
    return total;
  };
  return measure([...planned, ...added]) - measure(planned);
}

/** The creator's inserts (Intern answers, sound effects) where they play in the finished episode. */
export function placedInserts(edl: TEdl): TPlacedInsert[] {
  // An EDL stored as JSON is read as written: one saved without inserts has none.
  const inserts: readonly TEdl['inserts'][number][] | undefined = edl.inserts;
  return (inserts ?? []).flatMap((insert) =>
    insert.kind === 'beep'
      ? []
      : [{ id: insert.id, kind: insert.kind, title: insert.title, start_ms: insert.at_ms, end_ms: insert.at_ms + insert.duration_ms }],
  );
}

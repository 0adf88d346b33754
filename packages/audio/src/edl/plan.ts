import { EDL, ZEdlLoudness, ZEdlMetadata, ZEdlOutput, type TEdl, type TEdlInsert } from '@ppp/contracts';
import { contentOffsets, contentPieces, piecesDuration, planContentInserts } from './content.ts';
import { planCuts } from './cuts.ts';
import { planSpeech } from './speech.ts';
import { layOutSegments, planChapters, planMusicBeds } from './timeline.ts';
import type { PlanInput } from './types.ts';

/** An overlay that would run past the end of the episode is shortened to end with it. */
function placeInserts(
  inserts: ReturnType<typeof planContentInserts>['inserts'],
  offsets: ReadonlyMap<string, number>,
  contentStartMs: number,
  totalMs: number,
): TEdlInsert[] {
  return inserts.flatMap((insert) => {
    const at = contentStartMs + (offsets.get(insert.id) ?? 0);
    const duration = insert.mode === 'overlay' ? Math.min(insert.duration_ms, totalMs - at) : insert.duration_ms;
    return duration > 0 ? [{ ...insert, at_ms: at, duration_ms: duration }] : [];
  });
}

/**
 * The edit-decision list for one episode: pure, no I/O. Cuts are planned in content time, the
 * content track is built from the kept audio and spliced inserts, segments are laid out with the
 * template's offsets, then overlays, music beds and chapters are placed on the timeline.
 */
export function planEpisode(input: PlanInput): TEdl {
  const { template, content, choices, options = {} } = input;
  const { cuts, fillersRemoved, pausesCompressed } = planCuts(content, choices);
  const { inserts, mutes } = planContentInserts(content, choices, cuts);
  const pieces = contentPieces(cuts, content.file.duration_ms, inserts);
  const contentDurationMs = piecesDuration(pieces, inserts);

  const segments = layOutSegments(template, content.file, contentDurationMs);
  const contentSegment = segments.find((segment) => segment.source === 'content');
  if (contentSegment === undefined) throw new Error('The template has no content segment');
  const totalMs = Math.max(0, ...segments.map((segment) => segment.end_ms));

  const placed = placeInserts(inserts, contentOffsets(inserts, cuts), contentSegment.start_ms, totalMs);
  return {
    version: EDL.version,
    segments: segments.map(({ end_ms: _end, ...segment }) => segment),
    content: { segment_id: contentSegment.id, file: content.file, cuts, mutes, pieces, duration_ms: contentDurationMs },
    inserts: placed,
    music: planMusicBeds(template, segments, totalMs, options.duckDb ?? EDL.defaultDuckDb),
    speech: planSpeech(segments, content.words, cuts, inserts, placed, totalMs),
    loudness: ZEdlLoudness.parse(options.loudness ?? {}),
    output: ZEdlOutput.parse(options.output ?? {}),
    chapters: planChapters(segments, placed, totalMs),
    metadata: ZEdlMetadata.parse(options.metadata ?? {}),
    cleanup_stats: { fillers_removed: fillersRemoved, pauses_compressed: pausesCompressed },
    duration_ms: totalMs,
  };
}

import {
  EDL,
  type TEdlChapter,
  type TEdlFile,
  type TEdlInsert,
  type TEdlMusicBed,
  type TEdlSegment,
  type TSegmentType,
} from '@ppp/contracts';
import type { PlanTemplate, ResolvedMusicRule } from './types.ts';
import { toMs } from './types.ts';

const TYPE_TITLES: Record<TSegmentType, string> = { intro: 'Intro', content: 'Content', outro: 'Outro', commercial: 'Commercial' };

export interface LaidOutSegment extends TEdlSegment {
  end_ms: number;
}

/**
 * Segments placed one after another in template order. The content starts content_start_offset_s
 * after the segment before it ends and the first outro outro_start_offset_s after the segment
 * before it; a negative offset overlaps, but no segment starts before 0 or before the previous one.
 */
export function layOutSegments(template: PlanTemplate, contentFile: TEdlFile, contentDurationMs: number): LaidOutSegment[] {
  const laid: LaidOutSegment[] = [];
  let seenOutro = false;
  for (const { segment, file } of template.segments) {
    const isContent = segment.segment_type === 'content';
    const firstOutro = segment.segment_type === 'outro' && !seenOutro;
    seenOutro ||= segment.segment_type === 'outro';
    const previous = laid.at(-1);
    const offsetS = isContent ? template.timing.content_start_offset_s : firstOutro ? template.timing.outro_start_offset_s : 0;
    const start = Math.max(previous?.start_ms ?? 0, (previous?.end_ms ?? 0) + toMs(offsetS));
    const resolved = isContent ? contentFile : file;
    if (resolved === null) throw new Error(`Segment ${segment.id} has no audio file`);
    const duration = isContent ? contentDurationMs : resolved.duration_ms;
    laid.push({
      id: segment.id,
      segment_type: segment.segment_type,
      source: isContent ? 'content' : segment.source.source_type,
      title: segment.name?.trim() || TYPE_TITLES[segment.segment_type],
      file: resolved,
      start_ms: start,
      duration_ms: duration,
      end_ms: start + duration,
    });
  }
  return laid;
}

/** Runs of consecutive segments (in template order) whose type a music rule applies to. */
function runsFor(rule: ResolvedMusicRule, segments: readonly LaidOutSegment[]): LaidOutSegment[][] {
  const runs: LaidOutSegment[][] = [];
  let current: LaidOutSegment[] = [];
  for (const segment of segments) {
    if (rule.rule.apply_to_segments.includes(segment.segment_type)) {
      current.push(segment);
    } else if (current.length > 0) {
      runs.push(current);
      current = [];
    }
  }
  if (current.length > 0) runs.push(current);
  return runs;
}

/** Fades that together exceed the bed shrink in proportion, so the bed still reaches full level. */
function fitFades(lengthMs: number, fadeInMs: number, fadeOutMs: number): [number, number] {
  const total = fadeInMs + fadeOutMs;
  if (total <= lengthMs) return [fadeInMs, fadeOutMs];
  const fadeIn = Math.floor((lengthMs * fadeInMs) / total);
  return [fadeIn, lengthMs - fadeIn];
}

/**
 * One bed per run of covered segments: from the run's start plus start_offset_s to its end minus
 * end_offset_s (as the template editor's offsets read), kept inside the episode.
 */
export function planMusicBeds(
  template: PlanTemplate,
  segments: readonly LaidOutSegment[],
  totalMs: number,
  duckDb: number,
): TEdlMusicBed[] {
  return template.music.flatMap((music, ruleIndex) =>
    runsFor(music, segments).flatMap((run): TEdlMusicBed[] => {
      const first = run[0];
      const last = run.at(-1);
      if (first === undefined || last === undefined) return [];
      const start = Math.max(0, first.start_ms + toMs(music.rule.start_offset_s));
      const end = Math.min(totalMs, Math.max(...run.map((s) => s.end_ms)) - toMs(music.rule.end_offset_s));
      if (end <= start) return [];
      const [fadeIn, fadeOut] = fitFades(end - start, toMs(music.rule.fade_in_s), toMs(music.rule.fade_out_s));
      return [
        {
          rule_id: music.rule.id ?? `rule-${ruleIndex}`,
          file: music.file,
          start_ms: start,
          end_ms: end,
          fade_in_ms: fadeIn,
          fade_out_ms: fadeOut,
          gain_db: music.rule.volume_db,
          loop: end - start > music.file.duration_ms,
          duck: duckDb > 0 ? { amount_db: duckDb, attack_ms: EDL.duckAttackMs, release_ms: EDL.duckReleaseMs } : null,
          segment_ids: run.map((segment) => segment.id),
        },
      ];
    }),
  );
}

function chapterTitle(title: string): string {
  return title.length <= EDL.maxChapterTitleLength ? title : `${title.slice(0, EDL.maxChapterTitleLength - 1)}…`;
}

/**
 * One chapter per segment and one per Intern answer. Chapters never overlap: each ends where the
 * next begins (an overlapping segment's chapter starts where it starts), and an answer splits the
 * content's chapter, which resumes after it under the same title.
 */
export function planChapters(segments: readonly LaidOutSegment[], inserts: readonly TEdlInsert[], totalMs: number): TEdlChapter[] {
  const marks: { title: string; start_ms: number }[] = segments.map((s) => ({ title: s.title, start_ms: s.start_ms }));
  const content = segments.find((segment) => segment.source === 'content');
  for (const answer of inserts.filter((insert) => insert.kind === 'intern')) {
    marks.push({ title: answer.title, start_ms: answer.at_ms });
    const resumeAt = answer.at_ms + answer.duration_ms;
    if (content !== undefined && resumeAt < content.end_ms) marks.push({ title: content.title, start_ms: resumeAt });
  }
  marks.sort((a, b) => a.start_ms - b.start_ms);
  const chapters = marks.map((mark, index) => ({
    title: chapterTitle(mark.title),
    start_ms: mark.start_ms,
    end_ms: Math.min(totalMs, marks[index + 1]?.start_ms ?? totalMs),
  }));
  return chapters.filter((chapter) => chapter.end_ms > chapter.start_ms);
}

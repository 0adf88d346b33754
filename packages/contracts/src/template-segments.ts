import { TEMPLATE, segmentOrderProblem, type TSegment, type TSegmentType } from './template.ts';

/*
 * The Episode Structure rules of the Template Editor (spec 000 section 4), as pure functions the
 * editor and the tests share: exactly one content segment that cannot be deleted or dragged; an
 * intro is inserted before the content, an outro appended, other types go after the content; a drag
 * is rejected when an intro would end up after the content, an outro before it, or the content past
 * an outro.
 */

export interface SegmentLike {
  segment_type: TSegmentType;
}

/** Whether the Add button of a type is offered: commercial is 'Coming soon', a second content is refused. */
export function canAddSegment(segments: readonly SegmentLike[], type: TSegmentType): boolean {
  if ((TEMPLATE.disabledSegmentTypes as readonly string[]).includes(type)) return false;
  if (type === 'content') return !segments.some((s) => s.segment_type === 'content');
  return true;
}

/** The content segment is neither deleted nor dragged. */
export function isLockedSegment(segment: SegmentLike): boolean {
  return segment.segment_type === 'content';
}

/** Where a new segment of a type goes: intro right before the content, outro at the end, others after the content. */
export function insertionIndex(segments: readonly SegmentLike[], type: TSegmentType): number {
  const content = segments.findIndex((s) => s.segment_type === 'content');
  if (type === 'content') {
    // A missing content segment goes after the intros and before anything else.
    const firstNonIntro = segments.findIndex((s) => s.segment_type !== 'intro');
    return firstNonIntro < 0 ? segments.length : firstNonIntro;
  }
  if (type === 'outro' || content < 0) return segments.length;
  if (type === 'intro') return content;
  // Other types (commercial) follow the content and whatever already follows it, before the outros.
  let at = content + 1;
  while (at < segments.length && segments[at]?.segment_type !== 'outro') at += 1;
  return at;
}

/** The list with the segment inserted where its type belongs; the same list when the type cannot be added. */
export function insertSegment<T extends SegmentLike>(segments: readonly T[], segment: T): T[] {
  if (!canAddSegment(segments, segment.segment_type)) return [...segments];
  const at = insertionIndex(segments, segment.segment_type);
  return [...segments.slice(0, at), segment, ...segments.slice(at)];
}

/** The list without the segment at index; the content segment stays. */
export function removeSegment<T extends SegmentLike>(segments: readonly T[], index: number): T[] {
  const segment = segments[index];
  if (!segment || isLockedSegment(segment)) return [...segments];
  return segments.filter((_, i) => i !== index);
}

/**
 * The list after dragging the segment at `from` to `to`, or null when the move is rejected: the
 * content is locked, and the result must keep intros before and outros after the content.
 */
export function moveSegment<T extends SegmentLike>(segments: readonly T[], from: number, to: number): T[] | null {
  const moving = segments[from];
  if (!moving || to < 0 || to >= segments.length) return null;
  if (isLockedSegment(moving)) return null;
  if (from === to) return [...segments];
  const next = [...segments];
  next.splice(from, 1);
  next.splice(to, 0, moving);
  return segmentOrderProblem(next) === null ? next : null;
}

/* ---------------------------------------------------------------- AI-voice scripts (Episode Creator step 3) */

/** A tts segment's script for one episode: the creator's text for it, else the template's. */
export function scriptOf(segment: TSegment, ttsValues: Readonly<Record<string, string>>): string {
  if (segment.source.source_type !== 'tts') return '';
  return ttsValues[segment.id] ?? segment.source.text_prompt;
}

/**
 * The tts segments whose script is blank, in template order: step 3 blocks Continue on them (and
 * focuses the first), and assemble refuses them before any charge.
 */
export function missingScripts(segments: readonly TSegment[], ttsValues: Readonly<Record<string, string>>): string[] {
  return segments.filter((s) => s.source.source_type === 'tts' && scriptOf(s, ttsValues).trim() === '').map((s) => s.id);
}

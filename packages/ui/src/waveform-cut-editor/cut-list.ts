import { MANUAL_EDIT, normalizeManualCuts, parseTimeInput } from '@ppp/contracts';

/** One cut region in the editor, in milliseconds of the audio shown. */
export interface EditorCut {
  id: string;
  start_ms: number;
  end_ms: number;
}

let counter = 0;
export function newCutId(): string {
  counter += 1;
  return `cut-${Date.now().toString(36)}-${counter}`;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** 'Add cut': a new cut of 2 s from the playhead, kept inside the audio (it starts earlier near the end). */
export function cutAtPlayhead(playheadMs: number, durationMs: number, id = newCutId()): EditorCut {
  const length = Math.min(MANUAL_EDIT.newCutMs, durationMs);
  const start = clamp(Math.round(playheadMs), 0, Math.max(0, durationMs - length));
  return { id, start_ms: start, end_ms: start + length };
}

/** A cut from two region edges in seconds (as wavesurfer reports them), ordered and inside the audio. */
export function cutFromRegion(id: string, startS: number, endS: number, durationMs: number): EditorCut {
  const a = clamp(Math.round(startS * 1000), 0, durationMs);
  const b = clamp(Math.round(endS * 1000), 0, durationMs);
  return { id, start_ms: Math.min(a, b), end_ms: Math.max(a, b) };
}

/** The Delete key: the most recently added cut goes. */
export function withoutLast(cuts: readonly EditorCut[]): EditorCut[] {
  return cuts.slice(0, -1);
}

/**
 * A typed start or end (mm:ss.ss, hh:mm:ss, mm:ss or seconds) applied to a cut; null when the text
 * is not a time or would put the edge outside the audio or past the other edge.
 */
export function withTypedEdge(cut: EditorCut, edge: 'start' | 'end', text: string, durationMs: number): EditorCut | null {
  const seconds = parseTimeInput(text);
  if (seconds === null) return null;
  const ms = Math.round(seconds * 1000);
  if (ms < 0 || ms > durationMs) return null;
  const next = edge === 'start' ? { ...cut, start_ms: ms } : { ...cut, end_ms: ms };
  return next.end_ms > next.start_ms ? next : null;
}

/** What Commit sends: cuts of 20 ms or more, sorted by start. */
export function cutsToCommit(cuts: readonly EditorCut[]): { start_ms: number; end_ms: number }[] {
  return normalizeManualCuts(cuts).map((cut) => ({ start_ms: cut.start_ms, end_ms: cut.end_ms }));
}

/** Cuts in the order the table shows them: by start. */
export function sortedCuts(cuts: readonly EditorCut[]): EditorCut[] {
  return [...cuts].sort((a, b) => a.start_ms - b.start_ms || a.end_ms - b.end_ms);
}

/** Seconds as shown for a length: '2.00 s'. */
export function formatLength(ms: number): string {
  return `${(ms / 1000).toFixed(2)} s`;
}

/** Pixels per second so that the chosen window (15/30/60/120 s) fills the width. */
export function pxPerSecond(widthPx: number, windowSeconds: number): number {
  return Math.max(1, widthPx / windowSeconds);
}

/**
 * Peaks from the worker as wavesurfer draws them (values in -1..1). Accepts interleaved 16-bit
 * min/max pairs ({data}), or ready-made values ({peaks}) as one channel or several.
 */
export function peaksForWaveform(body: unknown): number[][] | null {
  if (typeof body !== 'object' || body === null) return null;
  const record = body as { data?: unknown; peaks?: unknown };
  if (Array.isArray(record.data) && record.data.every((v) => typeof v === 'number')) {
    return [(record.data as number[]).map((v) => v / 32768)];
  }
  if (Array.isArray(record.peaks)) {
    const peaks = record.peaks as unknown[];
    if (peaks.every((v) => typeof v === 'number')) return [peaks as number[]];
    if (peaks.every((c) => Array.isArray(c))) return peaks as number[][];
  }
  return null;
}

import { type TEdlCut, type TEdlCutReason } from '@ppp/contracts';
import { toMs, type PlanChoices, type PlanContent } from './types.ts';

/** Spec 001 §5: manual cuts shorter than 20 ms are discarded. */
export const MIN_MANUAL_CUT_MS = 20;

export interface RawCut {
  start_ms: number;
  end_ms: number;
  reason: TEdlCutReason;
}

/**
 * Sorted, merged, never-overlapping cuts inside [0, durationMs]. Cuts that overlap or touch become
 * one cut carrying every reason; empty cuts vanish.
 */
export function mergeCuts(raw: readonly RawCut[], durationMs: number): TEdlCut[] {
  const clamped = raw
    .map((cut) => ({ ...cut, start_ms: Math.max(0, cut.start_ms), end_ms: Math.min(durationMs, cut.end_ms) }))
    .filter((cut) => cut.end_ms > cut.start_ms)
    .sort((a, b) => a.start_ms - b.start_ms || a.end_ms - b.end_ms);
  const merged: TEdlCut[] = [];
  for (const cut of clamped) {
    const last = merged.at(-1);
    if (last !== undefined && cut.start_ms <= last.end_ms) {
      last.end_ms = Math.max(last.end_ms, cut.end_ms);
      if (!last.reasons.includes(cut.reason)) last.reasons.push(cut.reason);
    } else {
      merged.push({ start_ms: cut.start_ms, end_ms: cut.end_ms, reasons: [cut.reason] });
    }
  }
  return merged;
}

/** Filler cuts reach back fillerLeadTrimMs before the word, never into the previous word nor before 0. */
function fillerCuts(content: PlanContent, choices: PlanChoices): RawCut[] {
  if (!choices.cleanup.removeFillers) return [];
  const leadS = choices.cleanup.fillerLeadTrimMs / 1000;
  return content.detections.fillers.matches.map((filler) => {
    const previousEnd = content.words[filler.word_index - 1]?.end ?? 0;
    const start = Math.min(filler.start_s, Math.max(filler.start_s - leadS, previousEnd, 0));
    return { start_ms: toMs(start), end_ms: toMs(filler.end_s), reason: 'filler' };
  });
}

/** A pause longer than maxPauseSeconds keeps its first targetPauseSeconds; the rest is cut. */
function pauseCuts(content: PlanContent, choices: PlanChoices): RawCut[] {
  const { removePauses, maxPauseSeconds, targetPauseSeconds } = choices.cleanup;
  if (!removePauses) return [];
  const keepMs = toMs(Math.min(targetPauseSeconds, maxPauseSeconds));
  return content.detections.pauses.matches
    .filter((pause) => toMs(pause.end_s) - toMs(pause.start_s) > toMs(maxPauseSeconds))
    .map((pause) => ({ start_ms: toMs(pause.start_s) + keepMs, end_ms: toMs(pause.end_s), reason: 'pause' }));
}

function flubberCuts(content: PlanContent, choices: PlanChoices): RawCut[] {
  const chosen = new Set(choices.flubber);
  return content.detections.flubber.matches
    .filter((marker) => chosen.has(marker.flubber_index))
    .map((marker) => ({ start_ms: toMs(marker.cut_start_s), end_ms: toMs(marker.cut_end_s), reason: 'flubber' }));
}

/** The spoken 'stop' after an Intern command, when remove_end_marker is on and the command is answered. */
function internMarkerCuts(content: PlanContent, choices: PlanChoices): RawCut[] {
  if (!choices.cleanup.commands.intern.remove_end_marker) return [];
  const answered = new Set(choices.intern.map((answer) => answer.intern_index));
  return content.detections.intern.matches.flatMap((command) =>
    command.end_marker !== null && answered.has(command.intern_index)
      ? [{ start_ms: toMs(command.end_marker.start_s), end_ms: toMs(command.end_marker.end_s), reason: 'intern_end_marker' as const }]
      : [],
  );
}

function sfxKeywordCuts(content: PlanContent, choices: PlanChoices): RawCut[] {
  return choices.sfx.flatMap((choice) => {
    const hit = content.detections.sfx.matches[choice.hit_index];
    if (hit === undefined || choice.keep_keyword === true) return [];
    return [{ start_ms: toMs(hit.start_s), end_ms: toMs(hit.end_s), reason: 'sfx_keyword' as const }];
  });
}

function manualCuts(choices: PlanChoices): RawCut[] {
  return (choices.manualCuts ?? [])
    .filter((cut) => cut.end_ms - cut.start_ms >= MIN_MANUAL_CUT_MS)
    .map((cut) => ({ start_ms: Math.round(cut.start_ms), end_ms: Math.round(cut.end_ms), reason: 'manual' }));
}

export interface PlannedCuts {
  cuts: TEdlCut[];
  fillersRemoved: number;
  pausesCompressed: number;
}

/** Every cut the creator's choices and cleanup settings ask for, in content milliseconds. */
export function planCuts(content: PlanContent, choices: PlanChoices): PlannedCuts {
  const fillers = fillerCuts(content, choices);
  const pauses = pauseCuts(content, choices);
  const raw = [
    ...flubberCuts(content, choices),
    ...fillers,
    ...pauses,
    ...internMarkerCuts(content, choices),
    ...sfxKeywordCuts(content, choices),
    ...manualCuts(choices),
  ];
  return {
    cuts: mergeCuts(raw, content.file.duration_ms),
    fillersRemoved: fillers.filter((cut) => cut.end_ms > cut.start_ms).length,
    pausesCompressed: pauses.filter((cut) => cut.end_ms > cut.start_ms).length,
  };
}

/**
 * Where content time t lands once the cuts are made. Rule: a time inside a cut moves to the cut's
 * edge, where the audio before and after the cut now meet (both edges are the same instant).
 */
export function snapOutOfCuts(t: number, cuts: readonly TEdlCut[]): number {
  const inside = cuts.find((cut) => t > cut.start_ms && t < cut.end_ms);
  return inside === undefined ? t : inside.start_ms;
}

/** Content milliseconds removed before content time t (t already snapped out of the cuts). */
export function removedBefore(t: number, cuts: readonly TEdlCut[]): number {
  let removed = 0;
  for (const cut of cuts) {
    if (cut.start_ms >= t) break;
    removed += Math.min(cut.end_ms, t) - cut.start_ms;
  }
  return removed;
}

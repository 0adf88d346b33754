import type { TFillerContext, TRetakeSuggestionContext, TTimeRangeMs } from '@ppp/contracts';
import { clampFlubberRange, type FlubberCut } from './creator-rules.ts';

/**
 * What the retake review offers beside the Flubber retakes (issue 33): takes said twice with no
 * marker, unchecked until the creator checks them, and every filler the assembly would cut, checked
 * until the creator unchecks one. Kept for one upload; the assembly request carries the choices.
 */
export interface RetakeExtras {
  uploadId: string;
  suggestions: TRetakeSuggestionContext[];
  suggestionCuts: Record<number, FlubberCut>;
  fillers: TFillerContext[];
  /** filler_index to whether it is cut. */
  fillerCuts: Record<number, boolean>;
}

export type RetakeExtrasAction =
  | { type: 'extrasLoaded'; uploadId: string; suggestions: TRetakeSuggestionContext[]; fillers: TFillerContext[] }
  | { type: 'toggleSuggestion'; index: number; cut: boolean }
  | { type: 'setSuggestionRange'; index: number; start_s: number; end_s: number }
  | { type: 'toggleFiller'; index: number; cut: boolean };

/** The extras of the upload on hand (null for another upload's or none). */
export function extrasOf(state: { upload: { id: string } | null; retakeExtras?: RetakeExtras | null }): RetakeExtras | null {
  const extras = state.retakeExtras ?? null;
  return extras && state.upload?.id === extras.uploadId ? extras : null;
}

function loaded(action: Extract<RetakeExtrasAction, { type: 'extrasLoaded' }>): RetakeExtras {
  return {
    uploadId: action.uploadId,
    suggestions: action.suggestions,
    // Never cut without the creator's yes: every suggestion starts unchecked.
    suggestionCuts: Object.fromEntries(
      action.suggestions.map((s) => [s.suggestion_index, { ...clampFlubberRange(s.cut_start_s, s.cut_end_s), cut: false }]),
    ),
    fillers: action.fillers,
    fillerCuts: Object.fromEntries(action.fillers.map((f) => [f.filler_index, true])),
  };
}

/** The extras' part of the creator's reducer; null for any other action. */
export function retakeExtrasReducer<S extends { retakeExtras?: RetakeExtras | null }>(state: S, action: { type: string }): S | null {
  const extras = state.retakeExtras;
  const act = action as RetakeExtrasAction;
  switch (act.type) {
    case 'extrasLoaded':
      return { ...state, retakeExtras: loaded(act) };
    case 'toggleSuggestion': {
      const current = extras?.suggestionCuts[act.index];
      if (!extras || !current) return state;
      return {
        ...state,
        retakeExtras: { ...extras, suggestionCuts: { ...extras.suggestionCuts, [act.index]: { ...current, cut: act.cut } } },
      };
    }
    case 'setSuggestionRange': {
      const current = extras?.suggestionCuts[act.index];
      if (!extras || !current) return state;
      const range = clampFlubberRange(act.start_s, act.end_s);
      return { ...state, retakeExtras: { ...extras, suggestionCuts: { ...extras.suggestionCuts, [act.index]: { ...current, ...range } } } };
    }
    case 'toggleFiller':
      if (!extras || !(act.index in extras.fillerCuts)) return state;
      return { ...state, retakeExtras: { ...extras, fillerCuts: { ...extras.fillerCuts, [act.index]: act.cut } } };
    default:
      return null;
  }
}

const toMs = (start_s: number, end_s: number): TTimeRangeMs => ({ start_ms: Math.round(start_s * 1000), end_ms: Math.round(end_s * 1000) });

/**
 * The assembly's share of the extras: the checked suggestions' cuts (beside the retakes' in
 * flubber_cuts_ms) and, when fillers were listed, exactly the checked ones as cuts with the automatic
 * filler removal off for this episode, so an unchecked filler stays.
 */
export function extrasRequest(extras: RetakeExtras | null): {
  suggestionCutsMs: TTimeRangeMs[];
  fillerCutsMs: TTimeRangeMs[] | null;
} {
  if (!extras) return { suggestionCutsMs: [], fillerCutsMs: null };
  const suggestionCutsMs = Object.values(extras.suggestionCuts)
    .filter((c) => c.cut)
    .map((c) => toMs(c.start_s, c.end_s));
  const fillerCutsMs =
    extras.fillers.length === 0
      ? null
      : extras.fillers.filter((f) => extras.fillerCuts[f.filler_index] === true).map((f) => toMs(f.cut_start_s, f.cut_end_s));
  return { suggestionCutsMs, fillerCutsMs };
}

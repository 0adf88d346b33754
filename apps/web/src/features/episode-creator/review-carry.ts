import type { TFlubberContext, TInternContext } from '@ppp/contracts';
import { defaultFlubberCut, type FlubberCut } from './creator-rules.ts';
import type { InternReviewItem } from './creator-state.ts';

/*
 * Issue 32: after the creator corrects the transcript in the review, the retakes and Intern commands
 * are looked for again in the corrected words. What the creator chose for one that is still proposed
 * the same way is kept; a new or changed one starts from its default.
 */

/** The Flubber and Intern reviews as they were when the transcript was corrected. */
export interface CarriedReviews {
  flubber: { contexts: TFlubberContext[]; cuts: Record<number, FlubberCut> } | null;
  intern: { contexts: TInternContext[]; items: Record<string, InternReviewItem> } | null;
}

const same = (a: number, b: number) => Math.abs(a - b) < 0.0005;

/** Each retake's cut: the creator's choice when the same retake was proposed before (same marker, same proposed cut), else the default. */
export function carriedFlubberCuts(before: CarriedReviews['flubber'], contexts: readonly TFlubberContext[]): Record<number, FlubberCut> {
  return Object.fromEntries(
    contexts.map((context) => {
      const old = before?.contexts.find(
        (o) =>
          same(o.flubber_time_s, context.flubber_time_s) &&
          same(o.cut_start_s, context.cut_start_s) &&
          same(o.cut_end_s, context.cut_end_s),
      );
      const cut = old ? before?.cuts[old.flubber_index] : undefined;
      return [context.flubber_index, cut ?? defaultFlubberCut(context)];
    }),
  );
}

/** Each command's review: the creator's answer when the same command was found before (same start, end and words), else a fresh one. */
export function carriedInternItems(
  before: CarriedReviews['intern'],
  contexts: readonly TInternContext[],
  fresh: (context: TInternContext) => InternReviewItem,
): Record<string, InternReviewItem> {
  return Object.fromEntries(
    contexts.map((context) => {
      const old = before?.contexts.find(
        (o) => same(o.start_s, context.start_s) && same(o.default_end_s, context.default_end_s) && o.prompt_text === context.prompt_text,
      );
      const item = old ? before?.items[old.command_id] : undefined;
      return [context.command_id, item ?? fresh(context)];
    }),
  );
}

/** The reviews as they stand, kept to carry over; a review not loaded since the last correction keeps what was carried then. */
export function carryReviews(state: {
  carried: CarriedReviews | null;
  flubberContexts: TFlubberContext[] | null;
  flubberCuts: Record<number, FlubberCut>;
  internContexts: TInternContext[] | null;
  intern: Record<string, InternReviewItem>;
}): CarriedReviews {
  return {
    flubber: state.flubberContexts ? { contexts: state.flubberContexts, cuts: state.flubberCuts } : (state.carried?.flubber ?? null),
    intern: state.internContexts ? { contexts: state.internContexts, items: state.intern } : (state.carried?.intern ?? null),
  };
}

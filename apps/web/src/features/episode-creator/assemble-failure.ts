import { MESSAGES } from '@ppp/contracts';
import { messageOf, toApiFailure } from '../../lib/api-error.ts';

/** How the wizard answers a refused assemble (spec 000 §7 'What the product does with answers'). */
export type AssembleFailure =
  | { kind: 'insufficient-minutes'; info: InsufficientInfo }
  | { kind: 'feature-locked'; message: string }
  | { kind: 'quota' }
  | { kind: 'other'; message: string };

export interface InsufficientInfo {
  minutes_required: number | null;
  minutes_remaining: number | null;
  renewal_date: string | null;
  message: string | null;
}

/** What the 'Not enough processing minutes' dialog shows, from a 402 INSUFFICIENT_MINUTES answer's details. */
export function insufficientInfo(details: Record<string, unknown>, message: string | null = null): InsufficientInfo {
  const num = (v: unknown) => (typeof v === 'number' ? v : null);
  return {
    minutes_required: num(details.minutes_required),
    minutes_remaining: num(details.minutes_remaining),
    renewal_date: typeof details.renewal_date === 'string' ? details.renewal_date : null,
    message: typeof details.message === 'string' ? details.message : message,
  };
}

/**
 * A 402 INSUFFICIENT_MINUTES opens the minutes dialog, a 402 FEATURE_LOCKED names the plan feature
 * the request asked for, another 402 is the episode quota; anything else
 * shows the server's own words, else the generic 'An unexpected error occurred. Please try again.'
 * (a network failure included: the browser's words are not the product's).
 */
export function assembleFailure(err: unknown): AssembleFailure {
  const failure = toApiFailure(err);
  if (failure.status === 402 && failure.code === 'INSUFFICIENT_MINUTES')
    return { kind: 'insufficient-minutes', info: insufficientInfo(failure.details ?? {}, failure.message) };
  if (failure.code === 'FEATURE_LOCKED') return { kind: 'feature-locked', message: messageOf(err, MESSAGES.unexpected) };
  if (failure.status === 402) return { kind: 'quota' };
  return { kind: 'other', message: messageOf(err, MESSAGES.unexpected) };
}

import { PAYMENTS, type TCheckoutResult, type TSubscription } from '@ppp/contracts';

/** The calls finalizing a checkout makes (the tRPC twins of checkout_result, force_sync_session and subscription). */
export interface FinalizeApi {
  checkoutResult(sessionId: string): Promise<TCheckoutResult>;
  forceSync(sessionId: string): Promise<TCheckoutResult>;
  subscription(): Promise<TSubscription>;
}

export type FinalizeOutcome = { state: 'applied'; result: TCheckoutResult } | { state: 'pending' };

/** Where finalizing stands: the calls made so far, the last result read, and the outcome once there is one. */
export interface FinalizeProgress {
  calls: number;
  last: TCheckoutResult | null;
  outcome: FinalizeOutcome | null;
}

export const FINALIZE_START: FinalizeProgress = { calls: 0, last: null, outcome: null };

const READS = PAYMENTS.checkoutResultAttempts;
const SYNCS = PAYMENTS.forceSyncAttempts;
const ALL_CALLS = READS + SYNCS + PAYMENTS.subscriptionPolls;

async function attempt<T>(call: () => Promise<T>): Promise<T | null> {
  try {
    return await call();
  } catch {
    return null;
  }
}

/** The call numbered `n` of the sequence, and what it answers about the purchase. */
async function call(api: FinalizeApi, sessionId: string, n: number, last: TCheckoutResult | null): Promise<FinalizeProgress> {
  const next = (result: TCheckoutResult | null): FinalizeProgress => {
    const read = result ?? last;
    return { calls: n + 1, last: read, outcome: read?.applied ? { state: 'applied', result: read } : null };
  };
  if (n < READS) return next(await attempt(() => api.checkoutResult(sessionId)));
  if (n < READS + SYNCS) return next(await attempt(() => api.forceSync(sessionId)));
  // Minutes have no plan to show: their result is read again instead.
  if (!last || last.plan_key === 'minutes') return next(await attempt(() => api.checkoutResult(sessionId)));
  const subscription = await attempt(() => api.subscription());
  const shows = subscription?.plan_key === last.plan_key;
  return { calls: n + 1, last, outcome: shows ? { state: 'applied', result: { ...last, applied: true } } : null };
}

/**
 * One step of spec 002 §4 'Checkout return': up to 5 reads of the result, then up to 6 forced syncs
 * (the webhook may be late), then 15 subscription polls until the plan bought shows; else pending
 * ('Upgrade Pending'). The page runs one step per PAYMENTS.subscriptionPollMs (react-query's
 * refetchInterval) until the outcome is known.
 */
export async function finalizeStep(api: FinalizeApi, sessionId: string, progress: FinalizeProgress): Promise<FinalizeProgress> {
  if (progress.outcome) return progress;
  const next = await call(api, sessionId, progress.calls, progress.last);
  return next.outcome || next.calls < ALL_CALLS ? next : { ...next, outcome: { state: 'pending' } };
}

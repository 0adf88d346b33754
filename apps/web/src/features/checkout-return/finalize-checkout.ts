import { PAYMENTS, type TCheckoutResult, type TSubscription } from '@ppp/contracts';

/** The calls finalizing a checkout makes (the tRPC twins of checkout_result, force_sync_session and subscription). */
export interface FinalizeApi {
  checkoutResult(sessionId: string): Promise<TCheckoutResult>;
  forceSync(sessionId: string): Promise<TCheckoutResult>;
  subscription(): Promise<TSubscription>;
}

export type FinalizeOutcome = { state: 'applied'; result: TCheckoutResult } | { state: 'pending' };

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function attempt<T>(call: () => Promise<T>): Promise<T | null> {
  try {
    return await call();
  } catch {
    return null;
  }
}

/**
 * Spec 002 §4 'Checkout return': up to 5 reads of the result, then up to 6 forced syncs (the webhook
 * may be late), then 15 subscription polls 1 s apart until the plan bought shows; else pending
 * ('Upgrade Pending'). Minutes have no plan to show: their result is read again instead.
 */
export async function finalizeCheckout(
  api: FinalizeApi,
  sessionId: string,
  options: { sleep?: (ms: number) => Promise<void>; stopped?: () => boolean } = {},
): Promise<FinalizeOutcome> {
  const sleep = options.sleep ?? wait;
  const stopped = options.stopped ?? (() => false);
  let last: TCheckoutResult | null = null;
  for (let i = 0; i < PAYMENTS.checkoutResultAttempts && !stopped(); i += 1) {
    last = (await attempt(() => api.checkoutResult(sessionId))) ?? last;
    if (last?.applied) return { state: 'applied', result: last };
    await sleep(PAYMENTS.subscriptionPollMs);
  }
  for (let i = 0; i < PAYMENTS.forceSyncAttempts && !stopped(); i += 1) {
    last = (await attempt(() => api.forceSync(sessionId))) ?? last;
    if (last?.applied) return { state: 'applied', result: last };
    await sleep(PAYMENTS.subscriptionPollMs);
  }
  for (let i = 0; i < PAYMENTS.subscriptionPolls && !stopped(); i += 1) {
    if (last && last.plan_key !== 'minutes') {
      const subscription = await attempt(() => api.subscription());
      if (subscription?.plan_key === last.plan_key) return { state: 'applied', result: { ...last, applied: true } };
    } else {
      last = (await attempt(() => api.checkoutResult(sessionId))) ?? last;
      if (last?.applied) return { state: 'applied', result: last };
    }
    await sleep(PAYMENTS.subscriptionPollMs);
  }
  return { state: 'pending' };
}

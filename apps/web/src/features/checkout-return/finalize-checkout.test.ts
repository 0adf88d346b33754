import { describe, expect, it } from 'vitest';
import { PAYMENTS, type TCheckoutResult, type TSubscription } from '@ppp/contracts';
import { FINALIZE_START, finalizeStep, type FinalizeApi, type FinalizeOutcome } from './finalize-checkout.ts';

const open: TCheckoutResult = {
  status: 'complete',
  applied: false,
  plan_key: 'creator',
  billing_cycle: 'monthly',
  renewal_date: null,
  applied_credit: 0,
};

/** A counting stand-in for the three calls: each answers from a script by call number. */
function api(script: { result?: (n: number) => TCheckoutResult; sync?: (n: number) => TCheckoutResult; plan?: (n: number) => string }) {
  const calls = { result: 0, sync: 0, subscription: 0 };
  const calling: FinalizeApi = {
    checkoutResult: async () => (script.result ?? (() => open))(++calls.result),
    forceSync: async () => {
      const n = ++calls.sync;
      if (!script.sync) throw new Error('not yet');
      return script.sync(n);
    },
    subscription: async () => ({ plan_key: (script.plan ?? (() => 'free'))(++calls.subscription) }) as TSubscription,
  };
  return { calling, calls };
}
/** The steps the page's query runs one per interval, run back to back. */
async function finalizeCheckout(calling: FinalizeApi, sessionId: string): Promise<FinalizeOutcome> {
  let progress = FINALIZE_START;
  while (!progress.outcome) progress = await finalizeStep(calling, sessionId, progress);
  return progress.outcome;
}

describe('finalizing a checkout', () => {
  it('makes one call per step and none once the outcome is known', async () => {
    const { calling, calls } = api({ result: (n) => ({ ...open, applied: n === 2 }) });
    const first = await finalizeStep(calling, 'cs_0', FINALIZE_START);
    expect(first).toMatchObject({ calls: 1, outcome: null, last: { applied: false } });
    expect(calls).toEqual({ result: 1, sync: 0, subscription: 0 });
    const second = await finalizeStep(calling, 'cs_0', first);
    expect(second.outcome).toMatchObject({ state: 'applied', result: { plan_key: 'creator' } });
    expect(await finalizeStep(calling, 'cs_0', second)).toBe(second);
    expect(calls).toEqual({ result: 2, sync: 0, subscription: 0 });
  });

  it('stops at the first result that is applied', async () => {
    const { calling, calls } = api({ result: (n) => ({ ...open, applied: n === 2 }) });
    expect(await finalizeCheckout(calling, 'cs_1')).toMatchObject({ state: 'applied', result: { plan_key: 'creator' } });
    expect(calls).toEqual({ result: 2, sync: 0, subscription: 0 });
  });

  it('forces a sync after 5 reads, then polls the subscription until the plan shows', async () => {
    const { calling, calls } = api({ sync: () => open, plan: (n) => (n === 4 ? 'creator' : 'free') });
    expect(await finalizeCheckout(calling, 'cs_2')).toMatchObject({ state: 'applied', result: { applied: true } });
    expect(calls).toEqual({ result: PAYMENTS.checkoutResultAttempts, sync: PAYMENTS.forceSyncAttempts, subscription: 4 });
  });

  it("is 'Upgrade Pending' after 5 reads, 6 syncs and 15 polls, failing calls included", async () => {
    const { calling, calls } = api({ sync: () => open });
    expect(await finalizeCheckout(calling, 'cs_3')).toEqual({ state: 'pending' });
    expect(calls).toEqual({ result: 5, sync: 6, subscription: 15 });
    const failing = api({});
    expect(await finalizeCheckout(failing.calling, 'cs_4')).toEqual({ state: 'pending' });
    expect(failing.calls.sync).toBe(6);
  });

  it('reads the result again for minutes, which change no plan', async () => {
    const minutes = { ...open, plan_key: 'minutes' as const, billing_cycle: 'once' as const };
    const { calling, calls } = api({ result: (n) => ({ ...minutes, applied: n === 8, applied_credit: 120 }), sync: () => minutes });
    expect(await finalizeCheckout(calling, 'cs_5')).toMatchObject({ state: 'applied', result: { applied_credit: 120 } });
    expect(calls).toEqual({ result: 8, sync: 6, subscription: 0 });
  });
});

import { describe, expect, it } from 'vitest';
import { BILLING_INTENT_STORAGE_KEY, NAVIGATE_BILLING_EVENT } from '@ppp/contracts';
import { requestBillingNavigation } from './billing-navigation.ts';

describe('billing navigation', () => {
  it('sets the intent marker, then fires the event', () => {
    const stored = new Map<string, string>();
    const target = Object.assign(new EventTarget(), { localStorage: { setItem: (k: string, v: string) => void stored.set(k, v) } });
    const seen: string[] = [];
    target.addEventListener(NAVIGATE_BILLING_EVENT, (event) => {
      // The marker is already there when the listener navigates.
      seen.push(`${(event as CustomEvent<{ intent: string }>).detail.intent}:${stored.get(BILLING_INTENT_STORAGE_KEY) ?? ''}`);
    });
    requestBillingNavigation('buy_minutes', target as unknown as Window);
    requestBillingNavigation('upgrade', target as unknown as Window);
    expect(seen).toEqual(['buy_minutes:buy_minutes', 'upgrade:upgrade']);
  });

  it('still navigates when storage refuses the marker', () => {
    const target = Object.assign(new EventTarget(), {
      localStorage: {
        setItem: () => {
          throw new Error('quota');
        },
      },
    });
    let fired = 0;
    target.addEventListener(NAVIGATE_BILLING_EVENT, () => (fired += 1));
    requestBillingNavigation('upgrade', target as unknown as Window);
    expect(fired).toBe(1);
  });
});

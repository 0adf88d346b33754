import { describe, expect, it } from 'vitest';
import {
  BILLING_INTENT_STORAGE_KEY,
  BILLING_SHORTFALL_STORAGE_KEY,
  CHECKOUT_RETURN_STORAGE_KEY,
  NAVIGATE_BILLING_EVENT,
  minutesShortfall,
} from '@ppp/contracts';
import { requestBillingNavigation } from './billing-navigation.ts';

/** A window on the Episode Creator: its local storage in `stored`, its tab's storage in `tab`. */
function creatorWindow(stored: Map<string, string>, tab = new Map<string, string>()) {
  return Object.assign(new EventTarget(), {
    location: { pathname: '/dashboard/new-episode' },
    localStorage: { setItem: (k: string, v: string) => void stored.set(k, v), removeItem: (k: string) => void stored.delete(k) },
    sessionStorage: { setItem: (k: string, v: string) => void tab.set(k, v) },
  });
}

describe('billing navigation', () => {
  it('sets the intent marker and the page a checkout returns to, then fires the event', () => {
    const stored = new Map<string, string>();
    const tab = new Map<string, string>();
    const target = creatorWindow(stored, tab);
    const seen: string[] = [];
    target.addEventListener(NAVIGATE_BILLING_EVENT, (event) => {
      // The marker is already there when the listener navigates.
      seen.push(`${(event as CustomEvent<{ intent: string }>).detail.intent}:${stored.get(BILLING_INTENT_STORAGE_KEY) ?? ''}`);
    });
    requestBillingNavigation('buy_minutes', target as unknown as Window);
    requestBillingNavigation('upgrade', target as unknown as Window);
    expect(seen).toEqual(['buy_minutes:buy_minutes', 'upgrade:upgrade']);
    expect(tab.get(CHECKOUT_RETURN_STORAGE_KEY)).toBe('/dashboard/new-episode');
  });

  it('keeps the minutes short for Buy Minutes, and forgets an older shortfall', () => {
    const stored = new Map<string, string>();
    const target = creatorWindow(stored);
    requestBillingNavigation('buy_minutes', target as unknown as Window, minutesShortfall(75, 10));
    expect(stored.get(BILLING_SHORTFALL_STORAGE_KEY)).toBe('65');
    requestBillingNavigation('upgrade', target as unknown as Window, minutesShortfall(null, 10));
    expect(stored.has(BILLING_SHORTFALL_STORAGE_KEY)).toBe(false);
  });

  it('still navigates when storage refuses the marker', () => {
    const refuse = () => {
      throw new Error('quota');
    };
    const target = Object.assign(new EventTarget(), {
      location: { pathname: '/dashboard/new-episode' },
      localStorage: { setItem: refuse },
      sessionStorage: { setItem: refuse },
    });
    let fired = 0;
    target.addEventListener(NAVIGATE_BILLING_EVENT, () => (fired += 1));
    requestBillingNavigation('upgrade', target as unknown as Window);
    expect(fired).toBe(1);
  });
});

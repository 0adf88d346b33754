import { useEffect, useRef } from 'react';
import {
  BILLING_INTENT_STORAGE_KEY,
  BILLING_SHORTFALL_STORAGE_KEY,
  NAVIGATE_BILLING_EVENT,
  PAYMENTS,
  type TBillingIntent,
} from '@ppp/contracts';
import { markCheckoutReturn } from '../../billing/billing-intent.ts';

/** Where billing opens: the workspace's Subscription view. */
export const BILLING_PATH = PAYMENTS.subscriptionPath;

/**
 * 'Upgrade Plan' / 'Buy Minutes': sets the billing-intent marker (and the minutes short, when known,
 * for Buy Minutes to buy exactly that), remembers this page for the checkout's return, and fires the
 * navigate-to-billing event.
 */
export function requestBillingNavigation(intent: TBillingIntent, target: Window = window, shortfallMinutes: number | null = null): void {
  try {
    target.localStorage.setItem(BILLING_INTENT_STORAGE_KEY, intent);
    if (shortfallMinutes === null) target.localStorage.removeItem(BILLING_SHORTFALL_STORAGE_KEY);
    else target.localStorage.setItem(BILLING_SHORTFALL_STORAGE_KEY, String(shortfallMinutes));
  } catch {
    // The marker is a hint for the billing screen; navigation happens without it.
  }
  // A checkout started from the Subscription view comes back here, with what it bought.
  markCheckoutReturn(target.location.pathname, target);
  target.dispatchEvent(new CustomEvent(NAVIGATE_BILLING_EVENT, { detail: { intent } }));
}

/** Events already acted on: when the workspace and a screen both listen, only one navigates. */
const handled = new WeakSet<Event>();

/** On the event, go to billing (the workspace layout listens; a screen may too, without a double navigation). */
export function useBillingNavigationListener(navigate: (path: string) => void): void {
  const latest = useRef(navigate);
  useEffect(() => {
    latest.current = navigate;
  }, [navigate]);
  useEffect(() => {
    const onNavigate = (event: Event) => {
      if (handled.has(event)) return;
      handled.add(event);
      latest.current(BILLING_PATH);
    };
    window.addEventListener(NAVIGATE_BILLING_EVENT, onNavigate);
    return () => window.removeEventListener(NAVIGATE_BILLING_EVENT, onNavigate);
  }, []);
}

import { useEffect, useRef } from 'react';
import { BILLING_INTENT_STORAGE_KEY, NAVIGATE_BILLING_EVENT, type TBillingIntent } from '@ppp/contracts';

/** Where billing opens: the workspace has no subscription view yet, so the plans page. */
export const BILLING_PATH = '/pricing';

/** 'Upgrade Plan' / 'Buy Minutes': sets the billing-intent marker and fires the navigate-to-billing event. */
export function requestBillingNavigation(intent: TBillingIntent, target: Window = window): void {
  try {
    target.localStorage.setItem(BILLING_INTENT_STORAGE_KEY, intent);
  } catch {
    // The marker is a hint for the billing screen; navigation happens without it.
  }
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

import {
  BILLING_INTENT_STORAGE_KEY,
  BILLING_INTENTS,
  BILLING_SHORTFALL_STORAGE_KEY,
  CHECKOUT_RETURN_STORAGE_KEY,
  PENDING_CHECKOUT_STORAGE_KEY,
  ZPendingCheckout,
  type TBillingIntent,
  type TPendingCheckout,
} from '@ppp/contracts';

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function forget(...keys: string[]): void {
  try {
    for (const key of keys) window.localStorage.removeItem(key);
  } catch {
    // Storage refused: the marker stays a hint for next time, nothing more.
  }
}

/**
 * What the Episode Creator last asked billing for (Upgrade Plan or Buy Minutes) and the minutes it was
 * short. The marker stays (spec 000 §2: a local billing-intent marker); the next request replaces it.
 */
export function readBillingIntent(): { intent: TBillingIntent | null; shortfallMinutes: number | null } {
  const intent = read(BILLING_INTENT_STORAGE_KEY);
  const shortfall = Number(read(BILLING_SHORTFALL_STORAGE_KEY));
  return {
    intent: (BILLING_INTENTS as readonly string[]).includes(intent ?? '') ? (intent as TBillingIntent) : null,
    shortfallMinutes: Number.isInteger(shortfall) && shortfall > 0 ? shortfall : null,
  };
}

/** The plan chosen on the pricing page while signed out: kept across sign-in or register. */
export function keepPendingCheckout(choice: TPendingCheckout): void {
  try {
    window.localStorage.setItem(PENDING_CHECKOUT_STORAGE_KEY, JSON.stringify(choice));
  } catch {
    // Without storage the plan is chosen again after signing in.
  }
}

export function hasPendingCheckout(): boolean {
  return read(PENDING_CHECKOUT_STORAGE_KEY) !== null;
}

/** The kept choice, once (a bad or old value is dropped). */
export function takePendingCheckout(): TPendingCheckout | null {
  const raw = read(PENDING_CHECKOUT_STORAGE_KEY);
  forget(PENDING_CHECKOUT_STORAGE_KEY);
  if (!raw) return null;
  try {
    const parsed = ZPendingCheckout.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Only a page of the workspace: the marker never sends anyone off the app. */
function workspacePath(value: string | null): string | null {
  return value && /^\/dashboard(\/[\w-]+)*$/.test(value) ? value : null;
}

function tabStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Where a checkout started now comes back to (set when a workspace page asks for billing). */
export function markCheckoutReturn(path: string, target: Window = window): void {
  try {
    const safe = workspacePath(path);
    if (safe) target.sessionStorage.setItem(CHECKOUT_RETURN_STORAGE_KEY, safe);
  } catch {
    // Without storage the checkout returns to the Subscription view.
  }
}

export function readCheckoutReturn(): string | null {
  return workspacePath(tabStorage()?.getItem(CHECKOUT_RETURN_STORAGE_KEY) ?? null);
}

export function clearCheckoutReturn(): void {
  tabStorage()?.removeItem(CHECKOUT_RETURN_STORAGE_KEY);
}

/** The page to come back to after a checkout, once. */
export function takeCheckoutReturn(): string | null {
  const path = readCheckoutReturn();
  clearCheckoutReturn();
  return path;
}

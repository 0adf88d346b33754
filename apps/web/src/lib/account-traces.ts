/**
 * What this browser keeps of an account beyond its token (issue 37): /ab's local drafts and upload
 * records, tus-js-client's resume fingerprints (they hold file names), the Episode Creator's kept
 * choices and a pending checkout. Signing out forgets them, so the next person at a shared computer
 * sees none of it. The landing page's layout and the colour scheme are the browser's, not the account's.
 */
const ACCOUNT_KEY_PREFIXES = ['ab_drafts', 'ab_state_', 'tus::', 'ppp.episodeCreator.', 'ppp.billing.', 'ppp.checkout.'];

export const isAccountTrace = (key: string): boolean => ACCOUNT_KEY_PREFIXES.some((prefix) => key.startsWith(prefix));

/** Removes every account trace from `storage` (this browser's localStorage by default). */
export function forgetAccountTraces(storage?: Pick<Storage, 'length' | 'key' | 'removeItem'>): void {
  try {
    const store = storage ?? window.localStorage;
    const keys = Array.from({ length: store.length }, (_, i) => store.key(i)).filter((k): k is string => k !== null && isAccountTrace(k));
    for (const key of keys) store.removeItem(key);
  } catch {
    // No local storage: nothing was kept.
  }
}

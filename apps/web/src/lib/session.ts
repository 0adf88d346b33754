/**
 * The browser side of a session (spec 002 section 2.1): the bearer token in localStorage under
 * authToken, an access_token arriving in the URL hash, and a per-tab id in sessionStorage.
 */
export const TOKEN_KEY = 'authToken';
export const TAB_ID_KEY = 'ppp.tabId';
export const TOKEN_CAPTURED_EVENT = 'token-captured';
/** Fired in this tab whenever the token is set or cleared (the storage event only reaches other tabs). */
export const TOKEN_CHANGED_EVENT = 'ppp:auth-token-changed';

export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** This browser's localStorage, or null where there is none or it refuses access. */
export function local(): StorageLike | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readToken(storage: StorageLike | null = local()): string | null {
  try {
    return storage?.getItem(TOKEN_KEY) || null;
  } catch {
    return null;
  }
}

export function setToken(token: string | null): void {
  const storage = local();
  try {
    if (token) storage?.setItem(TOKEN_KEY, token);
    else storage?.removeItem(TOKEN_KEY);
  } catch {
    // Storage refused (private mode): the session lasts as long as this page.
  }
  window.dispatchEvent(new Event(TOKEN_CHANGED_EVENT));
}

/** Lets React follow the token with useSyncExternalStore. */
export function subscribeToken(onChange: () => void): () => void {
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === TOKEN_KEY) onChange();
  };
  window.addEventListener(TOKEN_CHANGED_EVENT, onChange);
  window.addEventListener(TOKEN_CAPTURED_EVENT, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(TOKEN_CHANGED_EVENT, onChange);
    window.removeEventListener(TOKEN_CAPTURED_EVENT, onChange);
    window.removeEventListener('storage', onStorage);
  };
}

/** Pulls access_token out of a URL hash; returns the token and the hash that should remain. */
export function parseTokenFromHash(hash: string): { token: string | null; rest: string } {
  const body = hash.startsWith('#') ? hash.slice(1) : hash;
  if (!body) return { token: null, rest: '' };
  const params = new URLSearchParams(body);
  const token = params.get('access_token');
  if (!token) return { token: null, rest: hash };
  params.delete('access_token');
  params.delete('token_type');
  const remaining = params.toString();
  return { token, rest: remaining ? `#${remaining}` : '' };
}

export interface CaptureEnv {
  location: { pathname: string; search: string; hash: string };
  storage: StorageLike;
  replaceUrl: (url: string) => void;
  announce: (token: string) => void;
}

/**
 * An access_token in the URL hash logs the user in: stored as authToken, removed from the URL,
 * and a token-captured event announced. Returns the captured token, or null.
 */
export function captureTokenFromHash(env: CaptureEnv): string | null {
  const { token, rest } = parseTokenFromHash(env.location.hash);
  if (!token) return null;
  try {
    env.storage.setItem(TOKEN_KEY, token);
  } catch {
    return null;
  }
  env.replaceUrl(`${env.location.pathname}${env.location.search}${rest}`);
  env.announce(token);
  return token;
}

export function captureTokenFromBrowserHash(): string | null {
  const storage = local();
  if (!storage) return null;
  return captureTokenFromHash({
    location: window.location,
    storage,
    replaceUrl: (url) => window.history.replaceState(window.history.state, '', url),
    announce: (token) => window.dispatchEvent(new CustomEvent(TOKEN_CAPTURED_EVENT, { detail: { token } })),
  });
}

/** A per-tab id, kept in sessionStorage so it survives reloads of the same tab only. */
export function tabId(): string {
  try {
    const existing = window.sessionStorage.getItem(TAB_ID_KEY);
    if (existing) return existing;
    // randomUUID needs a secure context; a self-hosted instance may be served over plain http.
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    const id = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
    window.sessionStorage.setItem(TAB_ID_KEY, id);
    return id;
  } catch {
    return 'no-session-storage';
  }
}

/** What a signed-in user left in this tab (an Episode Creator build), forgotten at sign-out; the tab id stays. */
export function forgetTabWork(storage?: Pick<Storage, 'length' | 'key' | 'removeItem'>): void {
  try {
    const store = storage ?? window.sessionStorage;
    const keys = Array.from({ length: store.length }, (_, i) => store.key(i)).filter((k): k is string => k !== null && k !== TAB_ID_KEY);
    for (const key of keys) store.removeItem(key);
  } catch {
    // No session storage: nothing was kept.
  }
}

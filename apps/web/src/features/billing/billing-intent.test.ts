import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHECKOUT_RETURN_STORAGE_KEY } from '@ppp/contracts';
import { clearCheckoutReturn, markCheckoutReturn, readCheckoutReturn, takeCheckoutReturn } from './billing-intent.ts';

/** A tab's sessionStorage, as much of it as the marker uses. */
function tab() {
  const items = new Map<string, string>();
  const sessionStorage = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
  return { items, window: { sessionStorage } as unknown as Window };
}

let current: ReturnType<typeof tab>;
beforeEach(() => {
  current = tab();
  vi.stubGlobal('window', current.window);
});
afterEach(() => vi.unstubAllGlobals());

describe('the checkout return marker', () => {
  it('brings a checkout back to the workspace page that asked for billing, once', () => {
    markCheckoutReturn('/dashboard/new-episode');
    expect(readCheckoutReturn()).toBe('/dashboard/new-episode');
    expect(takeCheckoutReturn()).toBe('/dashboard/new-episode');
    expect(takeCheckoutReturn()).toBeNull();
  });

  it('never leaves the workspace: other paths, other sites and tricks are not kept or not followed', () => {
    for (const path of ['https://evil.example/dashboard', '//evil.example', '/pricing', '/dashboard/../admin', '/dashboard?x=1']) {
      markCheckoutReturn(path);
      expect(readCheckoutReturn()).toBeNull();
    }
    current.items.set(CHECKOUT_RETURN_STORAGE_KEY, '//evil.example/dashboard');
    expect(takeCheckoutReturn()).toBeNull();
  });

  it('is forgotten when the Subscription view is left in the app', () => {
    markCheckoutReturn('/dashboard/new-episode');
    clearCheckoutReturn();
    expect(readCheckoutReturn()).toBeNull();
  });
});

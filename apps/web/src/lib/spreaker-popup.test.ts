import { describe, expect, it, vi } from 'vitest';
import { SPREAKER_MESSAGES } from '@ppp/contracts';
import { connectSpreakerPopup } from './spreaker-popup.ts';

interface FakePopup {
  closed: boolean;
  location: { replace: (url: string) => void };
  close: () => void;
}

function fakePopup(): FakePopup {
  const popup: FakePopup = { closed: false, location: { replace: vi.fn() }, close: () => (popup.closed = true) };
  return popup;
}

function fakeWindow(popup: FakePopup | null) {
  const listeners: ((e: MessageEvent) => void)[] = [];
  const win = {
    location: { origin: 'https://app.example' },
    open: vi.fn(() => popup),
    setInterval: (fn: () => void, ms: number) => setInterval(fn, ms),
    clearInterval: (id: number) => clearInterval(id),
    addEventListener: (_: string, fn: (e: MessageEvent) => void) => listeners.push(fn),
    removeEventListener: () => undefined,
  };
  return { win: win as unknown as Window, listeners, open: win.open };
}

describe('Spreaker popup', () => {
  it('opens 600x700 blank at once, then goes to the start page with the one-time ticket (never the session token)', async () => {
    const popup = fakePopup();
    const { win, listeners, open } = fakeWindow(popup);
    const done = connectSpreakerPopup(() => Promise.resolve('tick et'), win);
    expect(open).toHaveBeenCalledWith('about:blank', 'spreaker-connect', 'width=600,height=700');
    await vi.waitFor(() => expect(popup.location.replace).toHaveBeenCalledWith('/api/auth/spreaker/start?ticket=tick%20et'));
    // Another origin's message, or another message type, is not it.
    listeners[0]?.({ origin: 'https://evil.example', data: { type: 'spreaker_connected', ok: true } } as MessageEvent);
    listeners[0]?.({ origin: 'https://app.example', data: { type: 'something_else' } } as MessageEvent);
    listeners[0]?.({
      origin: 'https://app.example',
      data: { type: 'spreaker_connected', ok: false, message: 'Failed to link' },
    } as MessageEvent);
    await expect(done).resolves.toEqual({ type: 'spreaker_connected', ok: false, message: 'Failed to link' });
  });

  it('polls every second until the popup is closed, then resolves with no message a poll later', async () => {
    vi.useFakeTimers();
    const popup = fakePopup();
    const done = connectSpreakerPopup(() => Promise.resolve('t'), fakeWindow(popup).win);
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(2000);
    await expect(done).resolves.toBeNull();
    vi.useRealTimers();
  });

  it('takes the message the popup posted as it closed, even when the poll sees it closed first', async () => {
    vi.useFakeTimers();
    const popup = fakePopup();
    const { win, listeners } = fakeWindow(popup);
    const done = connectSpreakerPopup(() => Promise.resolve('t'), win);
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(1000);
    listeners[0]?.({ origin: 'https://app.example', data: { type: 'spreaker_connected', ok: false, message: 'Denied' } } as MessageEvent);
    await vi.advanceTimersByTimeAsync(1000);
    await expect(done).resolves.toEqual({ type: 'spreaker_connected', ok: false, message: 'Denied' });
    vi.useRealTimers();
  });

  it('reports a blocked popup', async () => {
    await expect(connectSpreakerPopup(() => Promise.resolve('t'), fakeWindow(null).win)).rejects.toThrow(SPREAKER_MESSAGES.popupBlocked);
  });

  it('closes the popup and rejects with the reason when no ticket is given', async () => {
    const popup = fakePopup();
    await expect(connectSpreakerPopup(() => Promise.reject(new Error('Not signed in')), fakeWindow(popup).win)).rejects.toThrow(
      'Not signed in',
    );
    expect(popup.closed).toBe(true);
    expect(popup.location.replace).not.toHaveBeenCalled();
  });
});

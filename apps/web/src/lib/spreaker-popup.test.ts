import { describe, expect, it, vi } from 'vitest';
import { SPREAKER_MESSAGES } from '@ppp/contracts';
import { connectSpreakerPopup } from './spreaker-popup.ts';

function fakeWindow(popup: { closed: boolean } | null) {
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
  it('opens 600x700 with the session token and resolves with the spreaker_connected message', async () => {
    const { win, listeners, open } = fakeWindow({ closed: false });
    const done = connectSpreakerPopup('tok en', win);
    expect(open).toHaveBeenCalledWith('/api/auth/spreaker/start?access_token=tok%20en', 'spreaker-connect', 'width=600,height=700');
    // Another origin's message, or another message type, is not it.
    listeners[0]?.({ origin: 'https://evil.example', data: { type: 'spreaker_connected', ok: true } } as MessageEvent);
    listeners[0]?.({ origin: 'https://app.example', data: { type: 'something_else' } } as MessageEvent);
    listeners[0]?.({
      origin: 'https://app.example',
      data: { type: 'spreaker_connected', ok: false, message: 'Failed to link' },
    } as MessageEvent);
    await expect(done).resolves.toEqual({ type: 'spreaker_connected', ok: false, message: 'Failed to link' });
  });

  it('polls every second until the popup is closed, then resolves with no message', async () => {
    vi.useFakeTimers();
    const popup = { closed: false };
    const done = connectSpreakerPopup('t', fakeWindow(popup).win);
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(1000);
    await expect(done).resolves.toBeNull();
    vi.useRealTimers();
  });

  it('reports a blocked popup', async () => {
    await expect(connectSpreakerPopup('t', fakeWindow(null).win)).rejects.toThrow(SPREAKER_MESSAGES.popupBlocked);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { PODCAST_MESSAGES, SPREAKER_MESSAGES } from '@ppp/contracts';
import { CATEGORY_OPTIONS, LANGUAGE_OPTIONS, connectSpreakerPopup, deleteConfirmed, hostIdChangeNeedsConfirm, nameError, showIdError } from './show-form.ts';

describe('show form rules', () => {
  it('uses the spec’s messages', () => {
    expect(nameError(' abc ')).toBe(PODCAST_MESSAGES.nameMin);
    expect(nameError('Tech Talk')).toBeNull();
    expect(showIdError('12a')).toBe(PODCAST_MESSAGES.mustBeNumeric);
    expect(showIdError('4925442')).toBeNull();
    expect(deleteConfirmed('Delete ')).toBe(true);
    expect(deleteConfirmed('remove')).toBe(false);
  });
  it('offers the 17 languages and Apple’s categories with subcategories', () => {
    expect(LANGUAGE_OPTIONS).toHaveLength(17);
    expect(CATEGORY_OPTIONS.find((g) => g.group === 'Arts')?.items.map((i) => i.value)).toContain('Arts > Books');
  });
  it('asks to confirm only a change of a linked show ID', () => {
    expect(hostIdChangeNeedsConfirm({ spreaker_show_id: null }, '123')).toBe(false);
    expect(hostIdChangeNeedsConfirm({ spreaker_show_id: '123' }, '123')).toBe(false);
    expect(hostIdChangeNeedsConfirm({ spreaker_show_id: '123' }, '456')).toBe(true);
  });
});

describe('Spreaker popup', () => {
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
  it('opens 600x700 with the session token and resolves on the spreaker_connected message', async () => {
    const { win, listeners, open } = fakeWindow({ closed: false });
    const done = connectSpreakerPopup('tok en', win);
    expect(open).toHaveBeenCalledWith('/api/auth/spreaker/start?access_token=tok%20en', 'spreaker-connect', 'width=600,height=700');
    listeners[0]?.({ origin: 'https://app.example', data: { type: 'spreaker_connected' } } as MessageEvent);
    await expect(done).resolves.toBeUndefined();
  });
  it('polls every second until the popup is closed', async () => {
    vi.useFakeTimers();
    const popup = { closed: false };
    const done = connectSpreakerPopup('t', fakeWindow(popup).win);
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(1000);
    await expect(done).resolves.toBeUndefined();
    vi.useRealTimers();
  });
  it('reports a blocked popup', async () => {
    await expect(connectSpreakerPopup('t', fakeWindow(null).win)).rejects.toThrow(SPREAKER_MESSAGES.popupBlocked);
  });
});

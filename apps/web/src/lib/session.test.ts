import { describe, expect, it } from 'vitest';
import { TOKEN_KEY, captureTokenFromHash, forgetTabWork, parseTokenFromHash, readToken } from './session.ts';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

describe('parseTokenFromHash', () => {
  it('finds access_token and keeps any other hash parameters', () => {
    expect(parseTokenFromHash('#access_token=abc&token_type=bearer')).toEqual({ token: 'abc', rest: '' });
    expect(parseTokenFromHash('#access_token=abc&tab=2')).toEqual({ token: 'abc', rest: '#tab=2' });
    expect(parseTokenFromHash('#section')).toEqual({ token: null, rest: '#section' });
    expect(parseTokenFromHash('')).toEqual({ token: null, rest: '' });
  });
});

describe('captureTokenFromHash (spec 002 section 2.1)', () => {
  it('stores the token as authToken, removes it from the URL and announces it', () => {
    const storage = memoryStorage();
    const replaced: string[] = [];
    const announced: string[] = [];
    const token = captureTokenFromHash({
      location: { pathname: '/dashboard', search: '?onboarding=0', hash: '#access_token=tok123&token_type=bearer' },
      storage,
      replaceUrl: (url) => replaced.push(url),
      announce: (t) => announced.push(t),
    });
    expect(token).toBe('tok123');
    expect(storage.map.get(TOKEN_KEY)).toBe('tok123');
    expect(readToken(storage)).toBe('tok123');
    expect(replaced).toEqual(['/dashboard?onboarding=0']);
    expect(announced).toEqual(['tok123']);
  });

  it('does nothing without a token in the hash', () => {
    const storage = memoryStorage();
    const replaced: string[] = [];
    const token = captureTokenFromHash({
      location: { pathname: '/', search: '', hash: '#faq' },
      storage,
      replaceUrl: (url) => replaced.push(url),
      announce: () => undefined,
    });
    expect(token).toBeNull();
    expect(storage.map.size).toBe(0);
    expect(replaced).toEqual([]);
  });
});

describe('forgetTabWork', () => {
  it("forgets the tab's build at sign-out and keeps the tab id", () => {
    const map = new Map([
      ['ppp.tabId', 'tab-1'],
      ['ppp.episodeCreator.build', '{"version":1,"step":6}'],
    ]);
    const storage = {
      get length() {
        return map.size;
      },
      key: (i: number) => [...map.keys()][i] ?? null,
      removeItem: (k: string) => void map.delete(k),
    };
    forgetTabWork(storage);
    expect([...map.keys()]).toEqual(['ppp.tabId']);
  });
});

import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DISPLAY_OPTIONS,
  DISPLAY_OPTIONS_KEY,
  readDisplayOptions,
  themeScaleFor,
  writeDisplayOptions,
} from '@ppp/ui/display-options';

function memoryStorage() {
  const map = new Map<string, string>();
  return { map, getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) };
}

describe('display options storage', () => {
  it('round-trips through browser storage', () => {
    const storage = memoryStorage();
    expect(readDisplayOptions(storage)).toEqual(DEFAULT_DISPLAY_OPTIONS);
    writeDisplayOptions(storage, { largeText: true, highContrast: false });
    expect(JSON.parse(storage.map.get(DISPLAY_OPTIONS_KEY) ?? '')).toEqual({ largeText: true, highContrast: false });
    expect(readDisplayOptions(storage)).toEqual({ largeText: true, highContrast: false });
  });

  it('falls back to the defaults on missing, malformed or unreadable storage', () => {
    const storage = memoryStorage();
    storage.map.set(DISPLAY_OPTIONS_KEY, '{not json');
    expect(readDisplayOptions(storage)).toEqual(DEFAULT_DISPLAY_OPTIONS);
    storage.map.set(DISPLAY_OPTIONS_KEY, JSON.stringify({ largeText: 'yes', highContrast: true }));
    expect(readDisplayOptions(storage)).toEqual({ largeText: false, highContrast: true });
    expect(readDisplayOptions(null)).toEqual(DEFAULT_DISPLAY_OPTIONS);
    const throwing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(readDisplayOptions(throwing)).toEqual(DEFAULT_DISPLAY_OPTIONS);
    expect(() => writeDisplayOptions(throwing, DEFAULT_DISPLAY_OPTIONS)).not.toThrow();
  });

  it('scales the theme for larger text', () => {
    expect(themeScaleFor({ largeText: true, highContrast: false })).toBeGreaterThan(1);
    expect(themeScaleFor(DEFAULT_DISPLAY_OPTIONS)).toBe(1);
  });
});

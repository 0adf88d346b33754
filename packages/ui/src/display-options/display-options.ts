/** Display options (spec 002 section 2.12): kept in browser storage, applied app-wide. */
export interface TDisplayOptions {
  largeText: boolean;
  highContrast: boolean;
}

export const DISPLAY_OPTIONS_KEY = 'ppp.displayOptions';
export const DEFAULT_DISPLAY_OPTIONS: TDisplayOptions = { largeText: false, highContrast: false };

/** The part of the Web Storage API these helpers use (so tests can pass a Map-backed one). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** Reads the stored options; anything missing, malformed or unreadable falls back to the defaults. */
export function readDisplayOptions(storage: KeyValueStorage | null | undefined): TDisplayOptions {
  if (!storage) return DEFAULT_DISPLAY_OPTIONS;
  let raw: string | null;
  try {
    raw = storage.getItem(DISPLAY_OPTIONS_KEY);
  } catch {
    return DEFAULT_DISPLAY_OPTIONS;
  }
  if (!raw) return DEFAULT_DISPLAY_OPTIONS;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return DEFAULT_DISPLAY_OPTIONS;
    const record = parsed as Record<string, unknown>;
    return {
      largeText: record.largeText === true,
      highContrast: record.highContrast === true,
    };
  } catch {
    return DEFAULT_DISPLAY_OPTIONS;
  }
}

export function writeDisplayOptions(storage: KeyValueStorage | null | undefined, options: TDisplayOptions): void {
  try {
    storage?.setItem(DISPLAY_OPTIONS_KEY, JSON.stringify(options));
  } catch {
    // Private mode or a full quota: the options still apply for this visit.
  }
}

/** Larger text scales every rem-based size of the theme. */
export function themeScaleFor(options: TDisplayOptions): number {
  return options.largeText ? 1.15 : 1;
}

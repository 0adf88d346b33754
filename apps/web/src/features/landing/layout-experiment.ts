/**
 * The landing layout experiment (spec 002 section 2.5): 'auto' puts a visitor in a random 50/50
 * bucket kept in local storage; a manual choice fixes the layout. ?layout=regular|ab|auto sets it.
 */
export type TLandingLayout = 'regular' | 'ab';
export type TLayoutMode = 'manual' | 'auto';
export type TLayoutChoice = TLandingLayout | 'auto';

export const LAYOUT_STORAGE_KEY = 'ppp.landing.layout';
export const LAYOUT_MODE_STORAGE_KEY = 'ppp.landing.layoutMode';

export interface LayoutStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export interface TLayoutState {
  layout: TLandingLayout;
  mode: TLayoutMode;
}

const isLayout = (v: string | null): v is TLandingLayout => v === 'regular' || v === 'ab';
const isMode = (v: string | null): v is TLayoutMode => v === 'manual' || v === 'auto';

export function isLayoutChoice(v: string | null): v is TLayoutChoice {
  return isLayout(v) || v === 'auto';
}

function read(storage: LayoutStorage | null): { layout: TLandingLayout | null; mode: TLayoutMode | null } {
  try {
    const layout = storage?.getItem(LAYOUT_STORAGE_KEY) ?? null;
    const mode = storage?.getItem(LAYOUT_MODE_STORAGE_KEY) ?? null;
    return { layout: isLayout(layout) ? layout : null, mode: isMode(mode) ? mode : null };
  } catch {
    return { layout: null, mode: null };
  }
}

function write(storage: LayoutStorage | null, state: TLayoutState): TLayoutState {
  try {
    storage?.setItem(LAYOUT_STORAGE_KEY, state.layout);
    storage?.setItem(LAYOUT_MODE_STORAGE_KEY, state.mode);
  } catch {
    // Private windows may refuse storage: the layout still applies to this visit.
  }
  return state;
}

const bucket = (random: () => number): TLandingLayout => (random() < 0.5 ? 'regular' : 'ab');

/** Stores and returns the state a choice leads to; 'auto' keeps an existing auto bucket. */
export function applyLayoutChoice(choice: TLayoutChoice, storage: LayoutStorage | null, random: () => number = Math.random): TLayoutState {
  if (choice !== 'auto') return write(storage, { layout: choice, mode: 'manual' });
  const stored = read(storage);
  const layout = stored.mode === 'auto' && stored.layout ? stored.layout : bucket(random);
  return write(storage, { layout, mode: 'auto' });
}

/** The layout of this visit: the query parameter wins, then what is stored, else a new auto bucket. */
export function resolveLayout(param: string | null, storage: LayoutStorage | null, random: () => number = Math.random): TLayoutState {
  if (isLayoutChoice(param)) return applyLayoutChoice(param, storage, random);
  const stored = read(storage);
  if (stored.layout && stored.mode) return { layout: stored.layout, mode: stored.mode };
  return applyLayoutChoice('auto', storage, random);
}

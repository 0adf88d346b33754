import { describe, expect, it } from 'vitest';
import { LAYOUT_MODE_STORAGE_KEY, LAYOUT_STORAGE_KEY, applyLayoutChoice, resolveLayout, type LayoutStorage } from './layout-experiment.ts';

function memory(initial: Record<string, string> = {}): LayoutStorage & { data: Record<string, string> } {
  const data = { ...initial };
  return { data, getItem: (k) => data[k] ?? null, setItem: (k, v) => void (data[k] = v) };
}

describe('landing layout experiment', () => {
  it('a first visit gets a random 50/50 bucket in auto mode, stored', () => {
    const low = memory();
    expect(resolveLayout(null, low, () => 0.2)).toEqual({ layout: 'regular', mode: 'auto' });
    expect(low.data).toEqual({ [LAYOUT_STORAGE_KEY]: 'regular', [LAYOUT_MODE_STORAGE_KEY]: 'auto' });
    expect(resolveLayout(null, memory(), () => 0.7)).toEqual({ layout: 'ab', mode: 'auto' });
  });

  it('the stored bucket is kept on later visits', () => {
    const storage = memory();
    resolveLayout(null, storage, () => 0.9);
    expect(resolveLayout(null, storage, () => 0.1)).toEqual({ layout: 'ab', mode: 'auto' });
    expect(resolveLayout('auto', storage, () => 0.1)).toEqual({ layout: 'ab', mode: 'auto' });
  });

  it('?layout=regular|ab fixes the layout manually; ?layout=auto draws a new bucket after a manual choice', () => {
    const storage = memory();
    expect(resolveLayout('ab', storage, () => 0.1)).toEqual({ layout: 'ab', mode: 'manual' });
    expect(resolveLayout(null, storage, () => 0.1)).toEqual({ layout: 'ab', mode: 'manual' });
    expect(resolveLayout('regular', storage)).toEqual({ layout: 'regular', mode: 'manual' });
    expect(applyLayoutChoice('auto', storage, () => 0.8)).toEqual({ layout: 'ab', mode: 'auto' });
  });

  it('ignores unknown values and works without storage', () => {
    const storage = memory({ [LAYOUT_STORAGE_KEY]: 'fancy', [LAYOUT_MODE_STORAGE_KEY]: 'manual' });
    expect(resolveLayout('sideways', storage, () => 0.3)).toEqual({ layout: 'regular', mode: 'auto' });
    expect(resolveLayout('ab', null)).toEqual({ layout: 'ab', mode: 'manual' });
    const broken: LayoutStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(resolveLayout(null, broken, () => 0.9)).toEqual({ layout: 'ab', mode: 'auto' });
  });
});

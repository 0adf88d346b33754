import { describe, expect, it } from 'vitest';
import { WORKSPACE_KEY, readWorkspace, resolveWorkspace, setWorkspace, workspaceHeaders } from './workspace-store.ts';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

const OWN = { id: '00000000-0000-4000-8000-000000000001', name: 'Mine' };
const OTHER = { id: '00000000-0000-4000-8000-000000000002', name: 'Theirs' };

describe('the chosen workspace (issue 34)', () => {
  it('sends no x-workspace header until a workspace is chosen, then names it, and none again once cleared', () => {
    const storage = memoryStorage();
    expect(workspaceHeaders(storage)).toEqual({});
    setWorkspace(OTHER.id, storage);
    expect(storage.map.get(WORKSPACE_KEY)).toBe(OTHER.id);
    expect(readWorkspace(storage)).toBe(OTHER.id);
    expect(workspaceHeaders(storage)).toEqual({ 'x-workspace': OTHER.id });
    setWorkspace(null, storage);
    expect(storage.map.has(WORKSPACE_KEY)).toBe(false);
    expect(workspaceHeaders(storage)).toEqual({});
  });

  it('reads nothing from a storage that refuses', () => {
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => undefined,
    };
    expect(readWorkspace(refusing)).toBeNull();
    expect(() => setWorkspace(OTHER.id, refusing)).not.toThrow();
    expect(workspaceHeaders(refusing)).toEqual({});
  });

  it('uses the chosen workspace while the person belongs to it, else falls back to their own', () => {
    expect(resolveWorkspace(undefined, OTHER.id)).toBeUndefined();
    expect(resolveWorkspace([OWN, OTHER], OTHER.id)).toBe(OTHER);
    expect(resolveWorkspace([OWN, OTHER], null)).toBe(OWN);
    // Removed from the other workspace: it left the list, so the own one is used.
    expect(resolveWorkspace([OWN], OTHER.id)).toBe(OWN);
  });
});

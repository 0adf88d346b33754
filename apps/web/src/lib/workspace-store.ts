import { TEAM } from '@ppp/contracts';
import { local, type StorageLike } from './session.ts';

/**
 * The workspace the web app acts in (issue 34): the chosen workspace's id (its owner's user id) in
 * localStorage, sent as the x-workspace header on every tRPC call, REST fetch and tus upload. Absent:
 * the signed-in person's own workspace, which the server uses when no header comes.
 */
export const WORKSPACE_KEY = 'ppp.workspace';
/** Fired in this tab whenever the chosen workspace changes (the storage event only reaches other tabs). */
export const WORKSPACE_CHANGED_EVENT = 'ppp:workspace-changed';

export function readWorkspace(storage: StorageLike | null = local()): string | null {
  try {
    return storage?.getItem(WORKSPACE_KEY) || null;
  } catch {
    return null;
  }
}

/** Chooses the workspace (null: one's own); the header of the next request follows. */
export function setWorkspace(id: string | null, storage: StorageLike | null = local()): void {
  try {
    if (id) storage?.setItem(WORKSPACE_KEY, id);
    else storage?.removeItem(WORKSPACE_KEY);
  } catch {
    // Storage refused (private mode): the choice is forgotten with the page.
  }
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(WORKSPACE_CHANGED_EVENT));
}

/** Lets React follow the choice with useSyncExternalStore (this tab and the others). */
export function subscribeWorkspace(onChange: () => void): () => void {
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === WORKSPACE_KEY) onChange();
  };
  window.addEventListener(WORKSPACE_CHANGED_EVENT, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(WORKSPACE_CHANGED_EVENT, onChange);
    window.removeEventListener('storage', onStorage);
  };
}

/** The header naming the chosen workspace, or none for one's own. */
export function workspaceHeaders(storage: StorageLike | null = local()): Record<string, string> {
  const id = readWorkspace(storage);
  return id ? { [TEAM.workspaceHeader]: id } : {};
}

/**
 * The workspace in use out of the person's list (their own first): the chosen one while they still
 * belong to it, else their own. Undefined while the list is unknown.
 */
export function resolveWorkspace<W extends { id: string }>(workspaces: readonly W[] | undefined, chosen: string | null): W | undefined {
  if (!workspaces) return undefined;
  return workspaces.find((w) => w.id === chosen) ?? workspaces[0];
}

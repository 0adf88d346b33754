import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useQueryClient, type Query } from '@tanstack/react-query';
import type { TWorkspace, TWorkspaceAction, TWorkspaceRole } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { useAuthToken } from '../../lib/use-session.ts';
import { readWorkspace, resolveWorkspace, setWorkspace, subscribeWorkspace } from '../../lib/workspace-store.ts';
import { canAct, workspaceRole } from './workspace-role.ts';

/** The id chosen in this browser (null: one's own), kept in step with storage and other tabs. */
export function useChosenWorkspace(): string | null {
  return useSyncExternalStore(
    subscribeWorkspace,
    () => readWorkspace(),
    () => null,
  );
}

/** The workspaces the signed-in person belongs to, their own first. */
export function useWorkspaces() {
  const token = useAuthToken();
  return trpc.team.workspaces.useQuery({}, { enabled: Boolean(token), staleTime: 60_000 });
}

export interface CurrentWorkspace {
  /** The workspace in use, undefined while the list loads. */
  workspace: TWorkspace | undefined;
  workspaces: TWorkspace[] | undefined;
  chosen: string | null;
  role: TWorkspaceRole | null;
  readOnly: boolean;
}

export function useCurrentWorkspace(): CurrentWorkspace {
  const chosen = useChosenWorkspace();
  const { data: workspaces } = useWorkspaces();
  const workspace = resolveWorkspace(workspaces, chosen);
  return { workspace, workspaces, chosen, role: workspaceRole(workspace, chosen), readOnly: Boolean(workspace?.read_only_until) };
}

export function useWorkspaceRole(): TWorkspaceRole | null {
  return useCurrentWorkspace().role;
}

/** Whether the screens offer this action in the workspace in use (the server checks it anyway). */
export function useCan(action: TWorkspaceAction): boolean {
  const { role, readOnly } = useCurrentWorkspace();
  return canAct(role, readOnly, action);
}

/** What stays across a switch: who is signed in, the instance's config, the list of workspaces and an invitation's preview. */
const PERSON_QUERIES = new Set(['users.me', 'public.config', 'team.workspaces', 'team.invitePreview']);

function workspaceQuery(query: Query): boolean {
  const [path] = query.queryKey as [unknown, ...unknown[]];
  return !(Array.isArray(path) && PERSON_QUERIES.has(path.join('.')));
}

/** Acts in another workspace (null: one's own): every answer of the previous one is dropped and fetched again. */
export function useSwitchWorkspace() {
  const queryClient = useQueryClient();
  return useCallback(
    async (id: string | null) => {
      setWorkspace(id);
      await queryClient.resetQueries({ predicate: workspaceQuery });
    },
    [queryClient],
  );
}

/** A chosen workspace the person no longer belongs to (left, removed, out of its grace period) falls back to their own. */
export function useWorkspaceFallback(): void {
  const { workspace, workspaces, chosen } = useCurrentWorkspace();
  const switchTo = useSwitchWorkspace();
  const stale = Boolean(workspaces && chosen && workspace?.id !== chosen);
  useEffect(() => {
    if (stale) void switchTo(null);
  }, [stale, switchTo]);
}

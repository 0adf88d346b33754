import { roleAllows, type TWorkspace, type TWorkspaceAction, type TWorkspaceRole } from '@ppp/contracts';

/**
 * The caller's role in the workspace in use: 'owner' in their own (known before the list of
 * workspaces arrives), the membership's role in another's, null while another's is not known yet.
 */
export function workspaceRole(workspace: Pick<TWorkspace, 'role'> | undefined, chosen: string | null): TWorkspaceRole | null {
  if (workspace) return workspace.role;
  return chosen ? null : 'owner';
}

/**
 * Whether the screens offer an action (ROLE_ACTIONS, the server's table): nothing but reading while
 * the role is unknown or the owner's plan has lost multi-user accounts (the read-only grace period).
 * The server decides anyway; this only hides what it would refuse.
 */
export function canAct(role: TWorkspaceRole | null, readOnly: boolean, action: TWorkspaceAction): boolean {
  if (!role) return false;
  if (readOnly && action !== 'read') return false;
  return roleAllows(role, action);
}

import { teamOperations as ops } from '../../operations/team.operations.ts';
import { router } from '../init.ts';
import { mutationOf, queryOf } from '../operation-procedure.ts';

/** Twins of /api/team (issue 34). */
export const teamRouter = router({
  overview: queryOf(ops.overview),
  members: queryOf(ops.members),
  invites: queryOf(ops.invites),
  invite: mutationOf(ops.invite),
  revokeInvite: mutationOf(ops.revokeInvite),
  invitePreview: queryOf(ops.invitePreview),
  acceptInvite: mutationOf(ops.acceptInvite),
  updateMember: mutationOf(ops.updateMember),
  removeMember: mutationOf(ops.removeMember),
  workspaces: queryOf(ops.workspaces),
});

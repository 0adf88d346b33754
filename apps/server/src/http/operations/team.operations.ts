import { z } from 'zod';
import {
  ZAcceptInviteRequest,
  ZInvitePreview,
  ZTeamInvite,
  ZTeamInviteList,
  ZTeamInviteRequest,
  ZTeamMember,
  ZTeamMemberList,
  ZTeamOverview,
  ZUpdateMemberRequest,
  ZWorkspace,
  ZWorkspaceList,
} from '@ppp/contracts';
import { operation, publicOperation } from '../operation.ts';
import { actorOf, managesIn, readsIn } from '../workspace.ts';

const ZIdInput = z.object({ id: z.string() });
const NONE = z.object({});

/**
 * Teams (issue 34). Managing the team acts in the workspace of the x-workspace header (the caller's
 * own without it) and needs `manage` there (owner or admin); accepting, leaving and listing one's
 * workspaces are the caller's own.
 */
export const teamOperations = {
  overview: operation({
    access: 'active',
    workspace: managesIn(),
    input: NONE,
    output: ZTeamOverview,
    run: (ctx) => ctx.services.team.overview(ctx.user, ctx.grant),
  }),
  members: operation({
    access: 'active',
    workspace: readsIn(),
    input: NONE,
    output: ZTeamMemberList,
    run: (ctx) => ctx.services.team.members(ctx.user),
  }),
  invites: operation({
    access: 'active',
    workspace: managesIn(),
    input: NONE,
    output: ZTeamInviteList,
    run: (ctx) => ctx.services.team.invites(ctx.user),
  }),
  invite: operation({
    access: 'active',
    workspace: managesIn(),
    input: ZTeamInviteRequest,
    output: ZTeamInvite,
    run: (ctx, input) => ctx.services.team.invite(ctx.user, actorOf(ctx), input),
  }),
  revokeInvite: operation({
    access: 'active',
    workspace: managesIn(),
    input: ZIdInput,
    output: z.void(),
    run: (ctx, input) => ctx.services.team.revoke(ctx.user, input.id),
  }),
  invitePreview: publicOperation({
    input: ZAcceptInviteRequest,
    output: ZInvitePreview,
    run: (ctx, input) => ctx.services.team.preview(input.token),
  }),
  /** Signed in, active or not: an invitation lets a person on the waitlist into the workspace they were invited to. */
  acceptInvite: operation({
    access: 'user',
    input: ZAcceptInviteRequest,
    output: ZWorkspace,
    run: (ctx, input) => ctx.services.team.accept(ctx.user, input.token),
  }),
  updateMember: operation({
    access: 'active',
    workspace: managesIn(),
    input: ZIdInput.extend(ZUpdateMemberRequest.shape),
    output: ZTeamMember,
    run: (ctx, { id, ...patch }) => ctx.services.team.updateMember(ctx.user, id, patch),
  }),
  /** A member leaves (their own row), or the owner or an admin of that workspace removes them: the service checks which. */
  removeMember: operation({
    access: 'active',
    input: ZIdInput,
    output: z.void(),
    run: (ctx, input) => ctx.services.team.removeMember(ctx.user, input.id),
  }),
  workspaces: operation({
    access: 'active',
    input: NONE,
    output: ZWorkspaceList,
    run: (ctx) => ctx.services.workspaceAccess.workspacesOf(ctx.user),
  }),
};

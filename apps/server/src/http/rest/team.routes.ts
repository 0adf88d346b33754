import { ZUpdateMemberRequest } from '@ppp/contracts';
import { teamOperations as ops } from '../operations/team.operations.ts';
import { bodyRoute, pathRoute, queryRoute } from './operation-route.ts';
import { defineRoutes } from './route.ts';

const IN_WORKSPACE = "Acts in the x-workspace header's workspace (the caller's own without it)";

/** Teams (issue 34): invitations, members and the workspaces a person belongs to. */
export const teamRoutes = defineRoutes([
  pathRoute(ops.overview, {
    method: 'get',
    path: '/api/team',
    tag: 'team',
    summary: `The team screen: seats and seats used, the owner and members with role, shows and last activity, pending invitations. ${IN_WORKSPACE}; owner or admin.`,
    input: () => ({}),
  }),
  pathRoute(ops.members, {
    method: 'get',
    path: '/api/team/members',
    tag: 'team',
    summary: `The workspace's owner and members with role, shows and last activity. ${IN_WORKSPACE}; any member.`,
    input: () => ({}),
  }),
  pathRoute(ops.invites, {
    method: 'get',
    path: '/api/team/invites',
    tag: 'team',
    summary: `Pending invitations (not accepted, revoked or expired). ${IN_WORKSPACE}; owner or admin.`,
    input: () => ({}),
  }),
  bodyRoute(ops.invite, {
    method: 'post',
    path: '/api/team/invites',
    tag: 'team',
    status: 201,
    summary:
      `Invites a person by email with a role (admin, editor, viewer), optionally limited to chosen shows, and mails a single-use link valid for 7 days. ${IN_WORKSPACE}; owner or admin. ` +
      '402 FEATURE_LOCKED without multi-user accounts in the owner’s plan, 402 when every seat is in use, 409 for the owner, a member or a pending address.',
  }),
  queryRoute(ops.invitePreview, {
    method: 'get',
    path: '/api/team/invites/preview',
    tag: 'team',
    summary:
      'What an invitation link offers (workspace, who invited, the address and role), for the acceptance page; 404, 409 used or revoked, 400 expired.',
  }),
  bodyRoute(ops.acceptInvite, {
    method: 'post',
    path: '/api/team/invites/accept',
    tag: 'team',
    summary:
      'The signed-in person with the invited address joins the workspace (the token works once); 403 for another address, 409 used or revoked, 400 expired.',
  }),
  pathRoute(ops.revokeInvite, {
    method: 'delete',
    path: '/api/team/invites/{id}',
    tag: 'team',
    status: 204,
    summary: `Revokes a pending invitation: its link stops working. ${IN_WORKSPACE}; owner or admin.`,
    input: (params) => params,
  }),
  pathRoute(ops.updateMember, {
    method: 'patch',
    path: '/api/team/members/{id}',
    tag: 'team',
    summary: `Changes a member's role and shows (podcast_ids null: every show). ${IN_WORKSPACE}; owner or admin.`,
    body: { schema: ZUpdateMemberRequest },
    input: ({ id }, body) => ({ ...body, id }),
  }),
  pathRoute(ops.removeMember, {
    method: 'delete',
    path: '/api/team/members/{id}',
    tag: 'team',
    status: 204,
    summary:
      "Removes a member (owner or admin of the member's workspace), or leaves it (the member's own id). Nothing of the workspace is deleted.",
    input: (params) => params,
  }),
  pathRoute(ops.workspaces, {
    method: 'get',
    path: '/api/team/workspaces',
    tag: 'team',
    summary:
      "The workspaces the caller may act in: their own first, then those they were invited into, each with the caller's role, shows and any read-only date.",
    input: () => ({}),
  }),
]);

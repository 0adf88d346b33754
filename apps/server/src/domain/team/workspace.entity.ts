import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { TTeamRole } from '@ppp/contracts';
import { UserSchema } from '../users/user.entity.ts';
import { uuidPrimaryKey, createdAtColumn } from '../../db/entity-columns.ts';

/**
 * A person's place in another account's workspace (issue 34): the owner (whose workspace it is),
 * the member, the role and, when the invitation chose shows, only those. Deleting either account
 * removes the row.
 */
export const WorkspaceMemberSchema = defineEntity({
  name: 'WorkspaceMember',
  tableName: 'workspace_members',
  uniques: [{ properties: ['owner', 'member'] }],
  properties: {
    id: uuidPrimaryKey(),
    owner: () => p.manyToOne(UserSchema).deleteRule('cascade').index(),
    member: () => p.manyToOne(UserSchema).deleteRule('cascade').index(),
    role: p.string().length(16).$type<TTeamRole>(),
    /** Null: every show of the workspace. */
    podcastIds: p.json().$type<string[]>().nullable(),
    invitedBy: p.uuid().nullable(),
    lastActiveAt: p.datetime().nullable(),
    createdAt: createdAtColumn(),
  },
});
export type WorkspaceMember = InferEntity<typeof WorkspaceMemberSchema>;

/** An invitation by email: its token is mailed once and kept only as a sha256 hash. */
export const WorkspaceInviteSchema = defineEntity({
  name: 'WorkspaceInvite',
  tableName: 'workspace_invites',
  properties: {
    id: uuidPrimaryKey(),
    owner: () => p.manyToOne(UserSchema).deleteRule('cascade').index(),
    email: p.string().length(254),
    role: p.string().length(16).$type<TTeamRole>(),
    podcastIds: p.json().$type<string[]>().nullable(),
    tokenHash: p.string().length(64).unique(),
    invitedBy: p.uuid(),
    expiresAt: p.datetime(),
    acceptedAt: p.datetime().nullable(),
    acceptedBy: p.uuid().nullable(),
    revokedAt: p.datetime().nullable(),
    createdAt: createdAtColumn(),
  },
});
export type WorkspaceInvite = InferEntity<typeof WorkspaceInviteSchema>;

/**
 * When the owner's plan lost multi-user accounts (null while it has them): members then read for
 * the grace period and lose access after it. One row per owner that ever had members.
 */
export const WorkspaceStateSchema = defineEntity({
  name: 'WorkspaceState',
  tableName: 'workspace_states',
  properties: {
    /** The owner's user id (the workspace's id). */
    ownerId: p.uuid().primary(),
    lapsedAt: p.datetime().nullable(),
  },
});
export type WorkspaceState = InferEntity<typeof WorkspaceStateSchema>;

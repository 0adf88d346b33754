import type { RequiredEntityData } from '@mikro-orm/core';
import { z } from 'zod';
import { UserSchema, type User } from '../users/user.entity.ts';
import { Repository } from '../../db/repository.ts';
import {
  WorkspaceInviteSchema,
  WorkspaceMemberSchema,
  WorkspaceStateSchema,
  type WorkspaceInvite,
  type WorkspaceMember,
  type WorkspaceState,
} from './workspace.entity.ts';

/** The kinds of thing a call can name by id, each a table with its owner (and show, where it has one). */
export const SUBJECT_TABLES = {
  podcast: { table: 'podcasts', podcast: 'id' },
  episode: { table: 'episodes', podcast: 'podcast_id' },
  media: { table: 'media_items', podcast: null },
  template: { table: 'templates', podcast: 'podcast_id' },
  abDraft: { table: 'ab_drafts', podcast: 'podcast_id' },
} as const;
export type SubjectKind = keyof typeof SUBJECT_TABLES;

/** Whose a named thing is: its owner's user id and its show (null where it has none). */
export interface SubjectOwner {
  ownerId: string;
  podcastId: string | null;
}

const isUuid = (id: string) => z.uuid().safeParse(id).success;

/** Members, invitations and the downgrade state of workspaces, and the owners of what calls name. */
export class TeamRepository extends Repository {
  async subjectOwner(kind: SubjectKind, id: string): Promise<SubjectOwner | null> {
    if (!isUuid(id)) return null;
    const { table, podcast } = SUBJECT_TABLES[kind];
    const rows = await this.em
      .getConnection()
      .execute<Array<{ owner_id: string; podcast_id: string | null }>>(
        `select user_id as owner_id, ${podcast ?? 'null'} as podcast_id from ${table} where id = ?`,
        [id],
      );
    const row = rows[0];
    return row ? { ownerId: row.owner_id, podcastId: row.podcast_id } : null;
  }

  findUser(id: string): Promise<User | null> {
    return isUuid(id) ? this.em.findOne(UserSchema, { id }) : Promise.resolve(null);
  }

  findUserByEmail(email: string): Promise<User | null> {
    return this.em.findOne(UserSchema, { email: email.toLowerCase() });
  }

  membership(ownerId: string, memberId: string): Promise<WorkspaceMember | null> {
    return this.em.findOne(WorkspaceMemberSchema, { owner: ownerId, member: memberId });
  }

  /** The workspaces a person belongs to (not their own), with each owner loaded. */
  membershipsOf(memberId: string): Promise<WorkspaceMember[]> {
    return this.em.find(WorkspaceMemberSchema, { member: memberId }, { populate: ['owner'], orderBy: { createdAt: 'asc' } });
  }

  /** A workspace's members, with each person loaded. */
  membersOf(ownerId: string): Promise<WorkspaceMember[]> {
    return this.em.find(WorkspaceMemberSchema, { owner: ownerId }, { populate: ['member'], orderBy: { createdAt: 'asc' } });
  }

  findMember(ownerId: string, id: string): Promise<WorkspaceMember | null> {
    return isUuid(id) ? this.em.findOne(WorkspaceMemberSchema, { id, owner: ownerId }, { populate: ['member'] }) : Promise.resolve(null);
  }

  /** A membership by its id, whoever's workspace it is (a member leaving names their own row). */
  findMembershipById(id: string): Promise<WorkspaceMember | null> {
    return isUuid(id) ? this.em.findOne(WorkspaceMemberSchema, { id }, { populate: ['member'] }) : Promise.resolve(null);
  }

  addMember(data: RequiredEntityData<WorkspaceMember>): WorkspaceMember {
    return this.em.create(WorkspaceMemberSchema, data);
  }

  async removeMember(member: WorkspaceMember): Promise<void> {
    await this.em.remove(member).flush();
  }

  /** Invitations still waiting: not accepted, not revoked, not expired. */
  pendingInvites(ownerId: string, now: Date): Promise<WorkspaceInvite[]> {
    return this.em.find(
      WorkspaceInviteSchema,
      { owner: ownerId, acceptedAt: null, revokedAt: null, expiresAt: { $gt: now } },
      { orderBy: { createdAt: 'asc' } },
    );
  }

  findInvite(ownerId: string, id: string): Promise<WorkspaceInvite | null> {
    return isUuid(id) ? this.em.findOne(WorkspaceInviteSchema, { id, owner: ownerId }) : Promise.resolve(null);
  }

  findInviteByTokenHash(tokenHash: string): Promise<WorkspaceInvite | null> {
    return this.em.findOne(WorkspaceInviteSchema, { tokenHash }, { populate: ['owner'] });
  }

  addInvite(data: RequiredEntityData<WorkspaceInvite>): WorkspaceInvite {
    return this.em.create(WorkspaceInviteSchema, data);
  }

  /** Marks an invitation used in one statement; false when it was used (or revoked) meanwhile. */
  async markAccepted(id: string, memberId: string, now: Date): Promise<boolean> {
    const rows = await this.em
      .getConnection()
      .execute<Array<{ id: string }>>(
        `update workspace_invites set accepted_at = ?, accepted_by = ? where id = ? and accepted_at is null and revoked_at is null returning id`,
        [now, memberId, id],
      );
    return rows.length === 1;
  }

  async state(ownerId: string): Promise<WorkspaceState | null> {
    return this.em.findOne(WorkspaceStateSchema, { ownerId });
  }

  /** Records when the owner's plan lost multi-user accounts (first time only), or clears it. */
  async setLapsed(ownerId: string, lapsedAt: Date | null): Promise<Date | null> {
    const rows = await this.em.getConnection().execute<Array<{ lapsed_at: Date | string | null }>>(
      `insert into workspace_states (owner_id, lapsed_at) values (?, ?)
       on conflict (owner_id) do update set lapsed_at = case when ?::timestamptz is null then null
         else coalesce(workspace_states.lapsed_at, excluded.lapsed_at) end
       returning lapsed_at`,
      [ownerId, lapsedAt, lapsedAt],
    );
    const lapsed = rows[0]?.lapsed_at ?? null;
    return lapsed === null ? null : new Date(lapsed);
  }

  /** Notes a member's activity at most once a minute (one statement, no entity loaded). */
  async touch(memberId: string, ownerId: string, now: Date): Promise<void> {
    await this.em
      .getConnection()
      .execute(
        `update workspace_members set last_active_at = ? where owner_id = ? and member_id = ? and (last_active_at is null or last_active_at < ?)`,
        [now, ownerId, memberId, new Date(now.getTime() - 60_000)],
      );
  }

  /** Who did what in someone else's workspace. */
  async audit(entry: { ownerId: string; actorId: string; actorEmail: string; action: string; subject: string | null }): Promise<void> {
    await this.em
      .getConnection()
      .execute(
        `insert into workspace_audit_entries (id, owner_id, actor_id, actor_email, action, subject, created_at) values (gen_random_uuid(), ?, ?, ?, ?, ?, now())`,
        [entry.ownerId, entry.actorId, entry.actorEmail, entry.action, entry.subject],
      );
  }

  recentAudit(
    ownerId: string,
    limit: number,
  ): Promise<Array<{ actor_email: string; action: string; subject: string | null; created_at: Date }>> {
    return this.em
      .getConnection()
      .execute(
        `select actor_email, action, subject, created_at from workspace_audit_entries where owner_id = ? order by created_at desc limit ?`,
        [ownerId, limit],
      );
  }
}

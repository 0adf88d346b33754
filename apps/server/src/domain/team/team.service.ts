import { createHash, randomBytes } from 'node:crypto';
import type { z } from 'zod';
import {
  TEAM,
  TEAM_ACTIVITY_LIMIT,
  TEAM_MESSAGES,
  TEAM_ROLE_LABELS,
  type TTeamInvite,
  type TTeamMember,
  type TTeamOverview,
  type TWorkspace,
  type ZInvitePreview,
  type ZTeamInviteRequest,
  type ZUpdateMemberRequest,
} from '@ppp/contracts';
import { AppError, orNotFound } from '../errors.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { PlansService } from '../billing/plans.service.ts';
import type { PodcastsRepository } from '../podcasts/podcasts.repository.ts';
import type { User } from '../users/user.entity.ts';
import type { WorkspaceInvite, WorkspaceMember } from './workspace.entity.ts';
import type { TeamRepository } from './team.repository.ts';
import { workspaceName, type WorkspaceAccessService, type WorkspaceGrant } from './workspace-access.service.ts';

const DAY_MS = 86_400_000;

export interface TeamServiceDeps {
  repository: TeamRepository;
  access: WorkspaceAccessService;
  plans: Pick<PlansService, 'requireFeature' | 'effectiveTier'>;
  podcasts: Pick<PodcastsRepository, 'findOwned'>;
  mail: MailService;
  /** Public origin of this installation, for the invitation link. */
  publicUrl: string;
  now?: () => Date;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Teams (issue 34): invitations by email with a single-use token that expires, acceptance by the
 * invited address, members' roles and shows, leaving and removal. Who may call is decided by the
 * one permission rule (WorkspaceAccessService); this service keeps the team's own rules: seats,
 * the owner's plan, one membership per person, tokens used once.
 */
export class TeamService {
  private readonly deps: TeamServiceDeps;
  constructor(deps: TeamServiceDeps) {
    this.deps = deps;
  }

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /** The team screen of the workspace `owner` (the caller is its owner or an admin). */
  async overview(owner: User, grant: WorkspaceGrant | null): Promise<TTeamOverview> {
    const [members, invites, seats] = [await this.members(owner), await this.invites(owner), await this.seats(owner)];
    return {
      workspace: {
        id: owner.id,
        name: workspaceName(owner),
        role: grant?.role ?? 'owner',
        podcast_ids: grant?.podcastIds ?? null,
        read_only_until: grant?.readOnlyUntil ?? null,
      },
      seats,
      seats_used: members.length - 1 + invites.length,
      members,
      invites,
      activity: (await this.deps.repository.recentAudit(owner.id, TEAM_ACTIVITY_LIMIT)).map((row) => ({
        ...row,
        created_at: new Date(row.created_at),
      })),
    };
  }

  /** The owner first, then the members by when they joined. */
  async members(owner: User): Promise<TTeamMember[]> {
    const rows = await this.deps.repository.membersOf(owner.id);
    const ownerRow: TTeamMember = {
      id: owner.id,
      user_id: owner.id,
      email: owner.email,
      name: personName(owner),
      role: 'owner',
      podcast_ids: null,
      joined_at: owner.createdAt,
      last_active_at: owner.lastActivityAt ?? null,
    };
    return [ownerRow, ...rows.map(toMemberDto)];
  }

  async invites(owner: User): Promise<TTeamInvite[]> {
    const rows = await this.deps.repository.pendingInvites(owner.id, this.now());
    const inviters = new Map<string, string>();
    for (const id of new Set(rows.map((row) => row.invitedBy))) {
      const inviter = await this.deps.repository.findUser(id);
      if (inviter) inviters.set(id, inviter.email);
    }
    return rows.map((row) => toInviteDto(row, inviters.get(row.invitedBy) ?? owner.email));
  }

  /** POST /api/team/invites: the owner's plan must sell teams and have a seat free; the invitation is mailed. */
  async invite(owner: User, actor: User, input: z.output<typeof ZTeamInviteRequest>): Promise<TTeamInvite> {
    await this.deps.plans.requireFeature(owner, 'multiUser');
    const email = input.email.toLowerCase();
    if (email === owner.email.toLowerCase()) throw new AppError('CONFLICT', TEAM_MESSAGES.inviteSelf);
    const existing = await this.deps.repository.findUserByEmail(email);
    if (existing && (await this.deps.repository.membership(owner.id, existing.id)))
      throw new AppError('CONFLICT', TEAM_MESSAGES.alreadyMember);
    const pending = await this.deps.repository.pendingInvites(owner.id, this.now());
    if (pending.some((invite) => invite.email === email)) throw new AppError('CONFLICT', TEAM_MESSAGES.alreadyInvited);
    const seats = await this.seats(owner);
    const used = (await this.deps.repository.membersOf(owner.id)).length + pending.length;
    if (used >= seats) throw new AppError('PAYMENT_REQUIRED', TEAM_MESSAGES.seatsFull(seats));
    const podcastIds = await this.checkedShows(owner, input.podcast_ids);
    const token = randomBytes(TEAM.tokenBytes).toString('base64url');
    const invite = this.deps.repository.addInvite({
      owner: owner.id,
      email,
      role: input.role,
      podcastIds,
      tokenHash: hashToken(token),
      invitedBy: actor.id,
      expiresAt: new Date(this.now().getTime() + TEAM.inviteDays * DAY_MS),
    });
    await this.deps.repository.flush();
    await this.deps.mail.send(this.inviteMail(owner, actor, invite, token));
    return toInviteDto(invite, actor.email);
  }

  private inviteMail(owner: User, actor: User, invite: WorkspaceInvite, token: string) {
    const workspace = workspaceName(owner);
    const link = `${this.deps.publicUrl}/team/accept?token=${encodeURIComponent(token)}`;
    return {
      to: invite.email,
      subject: TEAM_MESSAGES.inviteSubject(workspace),
      text:
        `${personName(actor) ?? actor.email} invited you to ${workspace} on Podcast Plus Plus as ${TEAM_ROLE_LABELS[invite.role]}.\n\n` +
        `Accept the invitation: ${link}\n\n` +
        `The link works once and expires on ${invite.expiresAt.toUTCString()}. ` +
        `If you have no account yet, create one with this address (${invite.email}) and the link brings you back here.`,
    };
  }

  /** DELETE /api/team/invites/{id}. */
  async revoke(owner: User, id: string): Promise<void> {
    const invite = orNotFound(await this.deps.repository.findInvite(owner.id, id), TEAM_MESSAGES.inviteNotFound);
    if (invite.acceptedAt) throw new AppError('CONFLICT', TEAM_MESSAGES.inviteUsed);
    invite.revokedAt ??= this.now();
    await this.deps.repository.flush();
  }

  /** What the acceptance page shows; the same refusals as accepting. */
  async preview(token: string): Promise<z.input<typeof ZInvitePreview>> {
    const invite = await this.usableInvite(token);
    const owner = invite.owner as User;
    const inviter = await this.deps.repository.findUser(invite.invitedBy);
    return {
      workspace_name: workspaceName(owner),
      invited_by: inviter ? (personName(inviter) ?? inviter.email) : owner.email,
      email: invite.email,
      role: invite.role,
      expires_at: invite.expiresAt,
    };
  }

  /** POST /api/team/invites/accept: the signed-in person with the invited address joins; the token is used once. */
  async accept(actor: User, token: string): Promise<TWorkspace> {
    const invite = await this.usableInvite(token);
    const owner = invite.owner as User;
    if (actor.email.toLowerCase() !== invite.email) throw new AppError('FORBIDDEN', TEAM_MESSAGES.inviteOtherAddress(invite.email));
    if (owner.id === actor.id) throw new AppError('CONFLICT', TEAM_MESSAGES.inviteSelf);
    if (await this.deps.repository.membership(owner.id, actor.id)) throw new AppError('CONFLICT', TEAM_MESSAGES.alreadyMember);
    if (!(await this.deps.repository.markAccepted(invite.id, actor.id, this.now())))
      throw new AppError('CONFLICT', TEAM_MESSAGES.inviteUsed);
    // The invitation is the owner's word for this person: a waiting (not disabled) account is let in.
    if (!actor.isActive && !actor.disabledAt) actor.isActive = true;
    this.deps.repository.addMember({
      owner: owner.id,
      member: actor.id,
      role: invite.role,
      podcastIds: invite.podcastIds ?? null,
      invitedBy: invite.invitedBy,
    });
    await this.deps.repository.flush();
    const joined = (await this.deps.access.workspacesOf(actor)).find((workspace) => workspace.id === owner.id);
    return orNotFound(joined, TEAM_MESSAGES.inviteNotFound);
  }

  private async usableInvite(token: string): Promise<WorkspaceInvite> {
    const invite = orNotFound(await this.deps.repository.findInviteByTokenHash(hashToken(token)), TEAM_MESSAGES.inviteNotFound);
    if (invite.revokedAt) throw new AppError('CONFLICT', TEAM_MESSAGES.inviteRevoked);
    if (invite.acceptedAt) throw new AppError('CONFLICT', TEAM_MESSAGES.inviteUsed);
    if (invite.expiresAt <= this.now()) throw new AppError('BAD_REQUEST', TEAM_MESSAGES.inviteExpired);
    return invite;
  }

  /** PATCH /api/team/members/{id}: a member's role and shows. */
  async updateMember(owner: User, id: string, input: z.output<typeof ZUpdateMemberRequest>): Promise<TTeamMember> {
    const member = orNotFound(await this.deps.repository.findMember(owner.id, id), TEAM_MESSAGES.memberNotFound);
    member.role = input.role;
    if (input.podcast_ids !== undefined) member.podcastIds = await this.checkedShows(owner, input.podcast_ids);
    await this.deps.repository.flush();
    return toMemberDto(member);
  }

  /**
   * DELETE /api/team/members/{id}: a member leaves (their own row, whatever their role), or the owner or
   * an admin of that workspace removes them. Nothing of the workspace is deleted.
   */
  async removeMember(actor: User, id: string): Promise<void> {
    const member = orNotFound(await this.deps.repository.findMembershipById(id), TEAM_MESSAGES.memberNotFound);
    const ownerId = (member.owner as { id: string }).id;
    if ((member.member as User).id !== actor.id) {
      const mine = ownerId === actor.id || (await this.deps.repository.membership(ownerId, actor.id));
      if (!mine) throw new AppError('NOT_FOUND', TEAM_MESSAGES.memberNotFound);
      await this.deps.access.enter(actor, { action: 'manage', workspaceId: ownerId, subject: null });
    }
    await this.deps.repository.removeMember(member);
  }

  /** Seats of the owner's plan (members and pending invitations, the owner not counted). */
  private async seats(owner: User): Promise<number> {
    return TEAM.seatsByTier[await this.deps.plans.effectiveTier(owner)];
  }

  /** The chosen shows, each the owner's; null (every show) when none were chosen. */
  private async checkedShows(owner: User, ids: readonly string[] | null | undefined): Promise<string[] | null> {
    if (!ids || ids.length === 0) return null;
    const unique = [...new Set(ids)];
    for (const id of unique) {
      if (!(await this.deps.podcasts.findOwned(owner, id))) throw new AppError('VALIDATION', TEAM_MESSAGES.unknownShows);
    }
    return unique;
  }
}

function personName(user: Pick<User, 'firstName' | 'lastName'>): string | null {
  return [user.firstName, user.lastName].filter(Boolean).join(' ').trim() || null;
}

function toMemberDto(row: WorkspaceMember): TTeamMember {
  const person = row.member as User;
  return {
    id: row.id,
    user_id: person.id,
    email: person.email,
    name: personName(person),
    role: row.role,
    podcast_ids: row.podcastIds ?? null,
    joined_at: row.createdAt,
    last_active_at: row.lastActiveAt ?? null,
  };
}

function toInviteDto(row: WorkspaceInvite, invitedBy: string): TTeamInvite {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    podcast_ids: row.podcastIds ?? null,
    invited_by: invitedBy,
    created_at: row.createdAt,
    expires_at: row.expiresAt,
  };
}

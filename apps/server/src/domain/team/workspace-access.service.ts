import { roleAllows, TEAM, TEAM_MESSAGES, type TWorkspace, type TWorkspaceAction, type TWorkspaceRole } from '@ppp/contracts';
import { AppError } from '../errors.ts';
import type { PlansService } from '../billing/plans.service.ts';
import type { User } from '../users/user.entity.ts';
import type { WorkspaceMember } from './workspace.entity.ts';
import type { SubjectKind, TeamRepository } from './team.repository.ts';

const DAY_MS = 86_400_000;

/** What a call asks: an action, in the workspace the caller chose (a header) or the one its subject is in. */
export interface WorkspaceRequest {
  action: TWorkspaceAction;
  /** The workspace the caller chose (its owner's id); null: their own. */
  workspaceId: string | null;
  /** The thing the call names by id, when it names one. */
  subject: { kind: SubjectKind; id: string } | null;
}

/** Where a call acts: the workspace's owner (whose data, plan and minutes it uses) and the caller's role there. */
export interface WorkspaceGrant {
  owner: User;
  role: TWorkspaceRole;
  /** Null: every show; else only these. */
  podcastIds: string[] | null;
  readOnlyUntil: Date | null;
}

interface MemberStanding {
  role: TWorkspaceRole;
  podcastIds: string[] | null;
  readOnlyUntil: Date | null;
}

/**
 * The one permission rule of the server (issue 34): may this person do this action on this
 * workspace's data, from ownership and membership. Every call that reads or changes a workspace's
 * shows, episodes, media or templates asks it first; the call then runs as the owner, so plans,
 * minutes, storage and the priority queue are the owner's.
 */
export class WorkspaceAccessService {
  private readonly deps: { repository: TeamRepository; plans: Pick<PlansService, 'hasFeature'>; now?: () => Date };
  constructor(deps: { repository: TeamRepository; plans: Pick<PlansService, 'hasFeature'>; now?: () => Date }) {
    this.deps = deps;
  }

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /**
   * The grant for a call, or an error: a subject in a workspace the caller is not in (or a show they
   * were not given) answers as the caller's own, so the service's own 404 follows; a chosen workspace
   * the caller is not in is 403; a role without the action is 403 with the role named.
   */
  async enter(actor: User, request: WorkspaceRequest): Promise<WorkspaceGrant> {
    const own: WorkspaceGrant = { owner: actor, role: 'owner', podcastIds: null, readOnlyUntil: null };
    const subject = request.subject ? await this.deps.repository.subjectOwner(request.subject.kind, request.subject.id) : null;
    const ownerId = subject?.ownerId ?? request.workspaceId ?? actor.id;
    if (ownerId === actor.id) return own;
    const standing = await this.standing(actor, ownerId);
    const outsider = !standing || (subject?.podcastId && standing.podcastIds && !standing.podcastIds.includes(subject.podcastId));
    if (outsider) {
      // Named by id: answer as today (the service finds nothing of the caller's: 404).
      if (subject) return own;
      throw new AppError('FORBIDDEN', TEAM_MESSAGES.notAMember);
    }
    if (!roleAllows(standing.role, request.action)) {
      throw new AppError('FORBIDDEN', TEAM_MESSAGES.roleForbids(standing.role, request.action));
    }
    const owner = await this.deps.repository.findUser(ownerId);
    if (!owner) throw new AppError('FORBIDDEN', TEAM_MESSAGES.notAMember);
    await this.deps.repository.touch(actor.id, ownerId, this.now());
    return { owner, ...standing };
  }

  /** The caller's role in another's workspace; null when they are not (or no longer) in it. */
  private async standing(actor: User, ownerId: string): Promise<MemberStanding | null> {
    const member = await this.deps.repository.membership(ownerId, actor.id);
    return member ? this.standingOf(member, ownerId) : null;
  }

  /** A member's standing after the owner's plan: read-only in the grace period, nothing after it. */
  private async standingOf(member: WorkspaceMember, ownerId: string): Promise<MemberStanding | null> {
    const owner = await this.deps.repository.findUser(ownerId);
    if (!owner) return null;
    const lapsedAt = await this.deps.repository.setLapsed(
      ownerId,
      (await this.deps.plans.hasFeature(owner, 'multiUser')) ? null : this.now(),
    );
    const podcastIds = member.podcastIds ?? null;
    if (!lapsedAt) return { role: member.role, podcastIds, readOnlyUntil: null };
    const until = new Date(lapsedAt.getTime() + TEAM.downgradeGraceDays * DAY_MS);
    return until > this.now() ? { role: 'viewer', podcastIds, readOnlyUntil: until } : null;
  }

  /** Every workspace the person may enter: their own first, then the ones they were invited into. */
  async workspacesOf(actor: User): Promise<TWorkspace[]> {
    const own: TWorkspace = { id: actor.id, name: workspaceName(actor), role: 'owner', podcast_ids: null, read_only_until: null };
    const others: TWorkspace[] = [];
    for (const member of await this.deps.repository.membershipsOf(actor.id)) {
      const owner = member.owner as unknown as User;
      const standing = await this.standingOf(member, owner.id);
      if (!standing) continue;
      others.push({
        id: owner.id,
        name: workspaceName(owner),
        role: standing.role,
        podcast_ids: standing.podcastIds,
        read_only_until: standing.readOnlyUntil,
        member_id: member.id,
      });
    }
    return [own, ...others];
  }

  /** Records a change made in someone else's workspace. */
  async audit(actor: User, grant: WorkspaceGrant, action: string, subject: string | null): Promise<void> {
    if (grant.owner.id === actor.id) return;
    await this.deps.repository.audit({ ownerId: grant.owner.id, actorId: actor.id, actorEmail: actor.email, action, subject });
  }
}

/** How a workspace is named to its members: the owner's name, or their address. */
export function workspaceName(owner: Pick<User, 'firstName' | 'lastName' | 'email'>): string {
  const name = [owner.firstName, owner.lastName].filter(Boolean).join(' ').trim();
  return name ? `${name}'s workspace` : `${owner.email}'s workspace`;
}

import { z } from 'zod';
import type { TTierKey } from './plans.ts';

/**
 * Teams (issue 34): every account owns one workspace (its shows, templates, media, episodes,
 * website, schedule and billing) and may invite people into it with a role. A workspace is named by
 * its owner's user id.
 */

/** The roles an invitation can give; the owner is the account itself. */
export const TEAM_ROLES = ['admin', 'editor', 'viewer'] as const;
export const ZTeamRole = z.enum(TEAM_ROLES);
export type TTeamRole = z.infer<typeof ZTeamRole>;

export const WORKSPACE_ROLES = ['owner', ...TEAM_ROLES] as const;
export const ZWorkspaceRole = z.enum(WORKSPACE_ROLES);
export type TWorkspaceRole = z.infer<typeof ZWorkspaceRole>;

/**
 * What a call does in a workspace: `read` (shows, episodes, transcripts, stats, listening), `edit`
 * (uploads, templates, Episode Creator, editing, assembling, publishing, scheduling), `manage` (shows'
 * settings, website, distribution, imports, the team). Billing, the plan and deleting the account are
 * the owner's alone and never act in another workspace.
 */
export const WORKSPACE_ACTIONS = ['read', 'edit', 'manage'] as const;
export type TWorkspaceAction = (typeof WORKSPACE_ACTIONS)[number];

/** What each role may do, the one table every permission check reads. */
export const ROLE_ACTIONS: Readonly<Record<TWorkspaceRole, readonly TWorkspaceAction[]>> = {
  owner: ['read', 'edit', 'manage'],
  admin: ['read', 'edit', 'manage'],
  editor: ['read', 'edit'],
  viewer: ['read'],
};

export function roleAllows(role: TWorkspaceRole, action: TWorkspaceAction): boolean {
  return ROLE_ACTIONS[role].includes(action);
}

export const TEAM = {
  /** The request header that names the workspace a call acts in (its owner's user id); absent: the caller's own. */
  workspaceHeader: 'x-workspace',
  /** Members and pending invitations a workspace may hold, by the owner's tier (0: no team). */
  seatsByTier: { free: 0, starter: 0, creator: 0, pro: 0, enterprise: 10, unlimited: 50 } satisfies Record<TTierKey, number>,
  /** How long an invitation link works. */
  inviteDays: 7,
  /** After the owner's plan loses multi-user accounts, members keep read access this long. */
  downgradeGraceDays: 14,
  /** Bytes of the random invitation token (sent once by mail, stored hashed). */
  tokenBytes: 32,
} as const;

export const TEAM_ROLE_LABELS: Readonly<Record<TWorkspaceRole, string>> = {
  owner: 'Owner',
  admin: 'Admin',
  editor: 'Editor',
  viewer: 'Viewer',
};

/** What each role may do, as the Team page explains it. */
export const TEAM_ROLE_DESCRIPTIONS: Readonly<Record<TTeamRole, string>> = {
  admin: 'Everything except billing, the plan and deleting the workspace.',
  editor: 'Uploads, templates, the Episode Creator, editing, assembling, publishing and scheduling.',
  viewer: 'Reads shows, episodes, transcripts and stats, and listens.',
};

const ACTION_WORDS: Readonly<Record<TWorkspaceAction, string>> = {
  read: 'see this',
  edit: 'change episodes, uploads or templates',
  manage: "change the shows' settings, the website or the team",
};

export const TEAM_MESSAGES = {
  /** A member whose role does not include the action (403). */
  roleForbids: (role: TWorkspaceRole, action: TWorkspaceAction) =>
    `Your role in this workspace (${TEAM_ROLE_LABELS[role]}) does not allow you to ${ACTION_WORDS[action]}. Ask the workspace owner or an admin.`,
  /** The workspace header names a workspace the caller does not belong to. */
  notAMember: 'You are not a member of that workspace.',
  seatsFull: (seats: number) =>
    `Your plan includes ${seats} team ${seats === 1 ? 'seat' : 'seats'} (members and pending invitations), and they are all in use. Remove a member or revoke an invitation first.`,
  inviteSelf: 'You are already the owner of this workspace.',
  alreadyMember: 'That person is already a member of this workspace.',
  alreadyInvited: 'That address already has a pending invitation. Revoke it first to send a new one.',
  inviteNotFound: 'Invitation not found',
  inviteExpired: 'This invitation has expired. Ask for a new one.',
  inviteUsed: 'This invitation has already been used.',
  inviteRevoked: 'This invitation was revoked.',
  inviteOtherAddress: (email: string) => `This invitation was sent to ${email}. Sign in with that address to accept it.`,
  memberNotFound: 'Member not found',
  ownerOnly: 'Only the workspace owner can do this.',
  unknownShows: 'Some of the chosen shows are not in this workspace.',
  /** The banner members see after the owner's plan lost multi-user accounts. */
  readOnlyUntil: (date: string) =>
    `This workspace's plan no longer includes multi-user accounts. You can still read it until ${date}; then it leaves your list. Nothing is deleted.`,
  inviteSubject: (workspace: string) => `You're invited to ${workspace} on Podcast Plus Plus`,
} as const;

const ZPodcastIds = z.array(z.uuid()).max(200);

/** POST /api/team/invites. */
export const ZTeamInviteRequest = z.object({
  email: z.string().trim().toLowerCase().min(1).max(254).pipe(z.email('Enter a valid email address.')),
  role: ZTeamRole,
  /** Only these shows; absent or null: every show of the workspace. */
  podcast_ids: ZPodcastIds.nullish(),
});

export const ZTeamInvite = z.object({
  id: z.uuid(),
  email: z.string(),
  role: ZTeamRole,
  podcast_ids: z.array(z.uuid()).nullable(),
  invited_by: z.string(),
  created_at: z.date(),
  expires_at: z.date(),
});
export type TTeamInvite = z.infer<typeof ZTeamInvite>;
export const ZTeamInviteList = z.array(ZTeamInvite);

/** POST /api/team/invites/accept. */
export const ZAcceptInviteRequest = z.object({ token: z.string().min(1).max(200) });

/** GET /api/team/invites/preview?token=: what the acceptance page shows before the invitee accepts. */
export const ZInvitePreview = z.object({
  workspace_name: z.string(),
  invited_by: z.string(),
  email: z.string(),
  role: ZTeamRole,
  expires_at: z.date(),
});

export const ZTeamMember = z.object({
  id: z.uuid(),
  user_id: z.uuid(),
  email: z.string(),
  name: z.string().nullable(),
  role: ZWorkspaceRole,
  podcast_ids: z.array(z.uuid()).nullable(),
  joined_at: z.date(),
  last_active_at: z.date().nullable(),
});
export type TTeamMember = z.infer<typeof ZTeamMember>;
export const ZTeamMemberList = z.array(ZTeamMember);

/** PATCH /api/team/members/{id}. */
export const ZUpdateMemberRequest = z.object({
  role: ZTeamRole,
  podcast_ids: ZPodcastIds.nullish(),
});

/** One workspace the caller belongs to (their own first). */
export const ZWorkspace = z.object({
  id: z.uuid(),
  name: z.string(),
  role: ZWorkspaceRole,
  /** Null: every show; else only these. */
  podcast_ids: z.array(z.uuid()).nullable(),
  /** Set while the owner's plan has lost multi-user accounts: read-only until then. */
  read_only_until: z.date().nullable(),
  /** The caller's membership in another's workspace (DELETE /api/team/members/{id} leaves it); none in their own. */
  member_id: z.uuid().nullish(),
});
export type TWorkspace = z.infer<typeof ZWorkspace>;
export const ZWorkspaceList = z.array(ZWorkspace);

/** One change a member made in the workspace (the audit the owner reads). */
export const ZTeamActivity = z.object({
  actor_email: z.string(),
  /** The call, as 'PUT /api/podcasts/{id}' or a tRPC path such as 'episodes.update'. */
  action: z.string(),
  /** The id of the show, episode, upload or template it named; null when it named none. */
  subject: z.string().nullable(),
  created_at: z.date(),
});
export type TTeamActivity = z.infer<typeof ZTeamActivity>;

/** How many of the latest member changes the team screen shows. */
export const TEAM_ACTIVITY_LIMIT = 20;

/** The whole team screen in one answer: seats, members, pending invitations, the members' latest changes. */
export const ZTeamOverview = z.object({
  workspace: ZWorkspace,
  seats: z.number().int(),
  seats_used: z.number().int(),
  members: ZTeamMemberList,
  invites: ZTeamInviteList,
  activity: z.array(ZTeamActivity),
});
export type TTeamOverview = z.infer<typeof ZTeamOverview>;

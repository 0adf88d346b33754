import type { TWorkspaceAction } from '@ppp/contracts';
import { AppError } from '../domain/errors.ts';
import { PODCAST_NOT_FOUND } from '../domain/podcasts/podcasts.service.ts';
import type { SubjectKind } from '../domain/team/team.repository.ts';
import type { User } from '../domain/users/user.entity.ts';
import { userOf, type RequestContext } from './request-context.ts';

/**
 * How a call acts in a workspace (issue 34): the action it needs and, when it names a show,
 * episode, upload or template by id, where its input carries that id. A call without a rule acts
 * on the caller's own account only (sign-in, profile, billing, notifications).
 */
export interface WorkspaceRule {
  action: TWorkspaceAction;
  subject?: { kind: SubjectKind; key: string };
}

export const readsIn = (subject?: WorkspaceRule['subject']): WorkspaceRule => (subject ? { action: 'read', subject } : { action: 'read' });
export const editsIn = (subject?: WorkspaceRule['subject']): WorkspaceRule => (subject ? { action: 'edit', subject } : { action: 'edit' });
export const managesIn = (subject?: WorkspaceRule['subject']): WorkspaceRule =>
  subject ? { action: 'manage', subject } : { action: 'manage' };

/** The subject named at `key` of the input (a path parameter, a query or body field). */
function subjectOf(rule: WorkspaceRule, input: unknown): { kind: SubjectKind; id: string } | null {
  if (!rule.subject || typeof input !== 'object' || input === null) return null;
  const id = (input as Record<string, unknown>)[rule.subject.key];
  return typeof id === 'string' && id ? { kind: rule.subject.kind, id } : null;
}

/**
 * The request as the call runs it: inside the workspace the rule resolves to, as its owner, after
 * the one permission check (WorkspaceAccessService.enter). Throws 403 for a role without the action.
 */
export async function enterWorkspace(ctx: RequestContext, rule: WorkspaceRule | undefined, input: unknown): Promise<RequestContext> {
  if (!rule) return ctx;
  const actor = userOf(ctx);
  const grant = await ctx.services.workspaceAccess.enter(actor, {
    action: rule.action,
    workspaceId: ctx.workspaceId,
    subject: subjectOf(rule, input),
  });
  refuseShowsNotGiven(grant.podcastIds, input);
  return { ...ctx, user: grant.owner, actor, grant };
}

/**
 * A member given chosen shows who names another show of the workspace in a call's input (a filter,
 * the show a new episode, template or draft goes into) finds nothing: 404, as a show they cannot see.
 */
function refuseShowsNotGiven(chosen: readonly string[] | null, input: unknown): void {
  if (!chosen || typeof input !== 'object' || input === null) return;
  const named = (input as Record<string, unknown>).podcast_id;
  if (typeof named === 'string' && named && !chosen.includes(named)) throw new AppError('NOT_FOUND', PODCAST_NOT_FOUND);
}

/** Records a change a member made in someone else's workspace (who, which call, on what). */
export async function auditWorkspaceChange(
  ctx: RequestContext,
  rule: WorkspaceRule | undefined,
  call: string,
  input: unknown,
): Promise<void> {
  if (!rule || rule.action === 'read' || !ctx.grant || !ctx.actor) return;
  await ctx.services.workspaceAccess.audit(ctx.actor, ctx.grant, call, subjectOf(rule, input)?.id ?? null);
}

/** Whether a show is among those the caller was given in the workspace the call acts in (every show unless the invitation chose some). */
export function showVisible(ctx: RequestContext, podcastId: string | null | undefined): boolean {
  const chosen = ctx.grant?.podcastIds;
  return !chosen || (!!podcastId && chosen.includes(podcastId));
}

/** The signed-in person, whichever workspace the call acts in. */
export function actorOf(ctx: RequestContext): User {
  return ctx.actor ?? userOf(ctx);
}

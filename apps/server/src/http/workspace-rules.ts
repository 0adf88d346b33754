import type { z } from 'zod';
import type { Operation } from './operation.ts';
import type { RequestContext } from './request-context.ts';
import { enterWorkspace, type WorkspaceRule } from './workspace.ts';

/** Where a call's input names the show, episode, upload or template it acts on (issue 34). */
export const showAt = (key = 'id') => ({ kind: 'podcast', key }) as const;
export const episodeAt = (key = 'id') => ({ kind: 'episode', key }) as const;
export const mediaAt = (key = 'id') => ({ kind: 'media', key }) as const;
export const templateAt = (key = 'id') => ({ kind: 'template', key }) as const;
export const abDraftAt = (key = 'id') => ({ kind: 'abDraft', key }) as const;

/** The operation, acting in a workspace under the rule (REST and tRPC alike). */
export function within<In extends z.ZodType, Out extends z.ZodType>(rule: WorkspaceRule, op: Operation<In, Out>): Operation<In, Out> {
  return { ...op, workspace: rule };
}

/**
 * Refuses a role without the action (403) from the input as sent, before it is checked, so a viewer
 * is told about their role rather than about a body they could never send. It grants nothing: the
 * call enters its workspace from the checked input afterwards. A public call (a signed URL) without
 * a bearer token has no one to refuse.
 */
export async function refuseEarly(ctx: RequestContext, rule: WorkspaceRule | undefined, raw: unknown): Promise<void> {
  if (!rule || !ctx.user) return;
  await enterWorkspace(ctx, rule, raw);
}

/** The shows a member was given in the workspace the call acts in; null: every show (the owner, or a member given all). */
export function chosenShows(ctx: RequestContext): readonly string[] | null {
  return ctx.grant?.podcastIds ?? null;
}

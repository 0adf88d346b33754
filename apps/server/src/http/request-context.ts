import type { MikroORM } from '@mikro-orm/postgresql';
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { MESSAGES, TEAM } from '@ppp/contracts';
import { createServices, type Services, type SharedDeps } from '../domain/services.ts';
import { AppError } from '../domain/errors.ts';
import { isAdmin } from '../domain/users/users.service.ts';
import type { User } from '../domain/users/user.entity.ts';
import type { WorkspaceGrant } from '../domain/team/workspace-access.service.ts';

/** One request: its own entity manager and services, and the caller resolved from the bearer token. */
export interface RequestContext {
  services: Services;
  token: string | null;
  /**
   * Whose data the call acts on: the signed-in person, or inside another's workspace (issue 34) that
   * workspace's owner, once http/workspace.ts has checked the person's role there.
   */
  user: User | null;
  /** The signed-in person, whichever workspace the call acts in. */
  actor: User | null;
  /** The workspace the caller chose with the x-workspace header (its owner's id); null: their own. */
  workspaceId: string | null;
  /** The caller's grant in the workspace the call acts in, once entered; null: their own. */
  grant: WorkspaceGrant | null;
  clientIp: string;
}

export function bearerToken(header: string | undefined | null): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1] ?? null;
}

export async function createRequestContext(orm: MikroORM, shared: SharedDeps, headers: Headers, clientIp: string): Promise<RequestContext> {
  const services = createServices(orm.em.fork(), shared);
  const token = bearerToken(headers.get('authorization'));
  const found = token ? await services.sessions.validate(token, shared.sessionCache ?? null) : null;
  const user = found?.user ?? null;
  const workspaceId = headers.get(TEAM.workspaceHeader)?.trim() || null;
  return { services, token: found ? token : null, user, actor: user, workspaceId, grant: null, clientIp };
}

export function clientIpOf(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** The access levels of the API, checked the same way by tRPC and REST. */
export type Access = 'public' | 'user' | 'active' | 'admin';

export async function assertAccess(ctx: RequestContext, access: Access): Promise<void> {
  if (access === 'public') return;
  const user = ctx.user;
  if (!user) throw new AppError('UNAUTHORIZED', MESSAGES.notAuthenticated);
  const settings = await ctx.services.settings.get();
  if (settings.maintenance_mode && !isAdmin(user)) {
    // A signed-in creator's session meets maintenance in spec 000's words; sign-in and the gate use spec 002's.
    throw new AppError('MAINTENANCE', settings.maintenance_message ?? MESSAGES.maintenanceSession);
  }
  if (access === 'user') return;
  if (!user.isActive) throw new AppError('ACCOUNT_INACTIVE', MESSAGES.accountInactive);
  if (access === 'admin' && !isAdmin(user)) throw new AppError('FORBIDDEN', MESSAGES.adminAccessDenied);
}

/** Narrows after assertAccess for anything but public. */
export function userOf(ctx: RequestContext): User {
  if (!ctx.user) throw new AppError('UNAUTHORIZED', MESSAGES.notAuthenticated);
  return ctx.user;
}

export function tokenOf(ctx: RequestContext): string {
  if (!ctx.token) throw new AppError('UNAUTHORIZED', MESSAGES.notAuthenticated);
  return ctx.token;
}

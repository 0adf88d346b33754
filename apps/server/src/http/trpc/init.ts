import { initTRPC, TRPCError } from '@trpc/server';
import superjson from 'superjson';
import { ZodError, type z } from 'zod';
import { ERRORS, type TErrorCode } from '@ppp/contracts';
import { AppError } from '../../domain/errors.ts';
import { assertAccess, userOf, type Access, type RequestContext } from '../request-context.ts';
import { auditWorkspaceChange, enterWorkspace, type WorkspaceRule } from '../workspace.ts';
import { refuseEarly } from '../workspace-rules.ts';

function toAppError(cause: unknown): AppError | null {
  if (cause instanceof AppError) return cause;
  if (cause instanceof ZodError) {
    return new AppError('VALIDATION', cause.issues[0]?.message ?? 'Invalid input', cause.issues);
  }
  return null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * superjson, except that a frozen answer (one that cannot change, such as a kept page of Episode
 * History) is serialized once and its serialized form kept as long as the answer lives.
 */
const serializedAnswers = new WeakMap<object, ReturnType<typeof superjson.serialize>>();
const transformer = {
  input: superjson,
  output: {
    serialize(value: unknown) {
      if (typeof value !== 'object' || value === null || !Object.isFrozen(value)) return superjson.serialize(value);
      let kept = serializedAnswers.get(value);
      if (!kept) serializedAnswers.set(value, (kept = superjson.serialize(value)));
      return kept;
    },
    deserialize: (value: Parameters<typeof superjson.deserialize>[0]) => superjson.deserialize(value),
  },
};

/** A procedure's answer as tRPC serializes it (its kept form when the answer is frozen). */
export function serializeOutput(value: unknown): ReturnType<typeof superjson.serialize> {
  return transformer.output.serialize(value);
}

const t = initTRPC.context<RequestContext>().create({
  transformer,
  errorFormatter({ shape, error }) {
    const app = toAppError(error.cause);
    const code: TErrorCode = app?.code ?? (error.code === 'INTERNAL_SERVER_ERROR' ? 'INTERNAL' : 'BAD_REQUEST');
    // A 402 carries what the client's dialog shows (minutes required and remaining, renewal date), as over REST.
    const details = ERRORS[code].status === 402 && isRecord(app?.detail) ? app.detail : undefined;
    return {
      ...shape,
      message: app?.message ?? (code === 'INTERNAL' ? 'Internal error' : shape.message),
      data: { ...shape.data, appCode: code, details, stack: undefined },
    };
  },
});

/** AppError and contract validation failures carry their status through tRPC's codes. */
const mapErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok) {
    const app = toAppError(result.error.cause);
    if (app) throw new TRPCError({ code: ERRORS[app.code].trpc, message: app.message, cause: app });
  }
  return result;
});

/** The access level each access middleware checks, so a procedure's can be read back (the matrix test). */
const ACCESS = new WeakMap<object, Access>();

/** The procedure of an access level, before the caller is narrowed. */
export function withAccess(access: Access) {
  const checked = t.middleware(async ({ ctx, next }) => {
    try {
      await assertAccess(ctx, access);
    } catch (err) {
      const app = toAppError(err);
      if (app) throw new TRPCError({ code: ERRORS[app.code].trpc, message: app.message, cause: app });
      throw err;
    }
    return next({ ctx });
  });
  for (const fn of checked._middlewares) ACCESS.set(fn, access);
  return t.procedure.use(mapErrors).use(checked);
}

/** The access level a procedure checks. */
export function accessOfProcedure(procedure: { _def: object }): Access | undefined {
  const middlewares = (procedure._def as { middlewares?: readonly object[] }).middlewares ?? [];
  return middlewares.map((fn) => ACCESS.get(fn)).find((access) => access !== undefined);
}

/** An AppError as the TRPCError that carries its status. */
function asTrpcError(err: unknown): unknown {
  const app = toAppError(err);
  return app ? new TRPCError({ code: ERRORS[app.code].trpc, message: app.message, cause: app }) : err;
}

/** The rule each workspace middleware enters with, so a procedure's rule can be read back (the matrix test). */
const RULES = new WeakMap<object, WorkspaceRule>();

/**
 * Acting in a workspace (issue 34), for a procedure after its `.input()`: the one permission check,
 * then the resolver runs as the workspace's owner; a change by a member is audited.
 */
export function inWorkspace(rule: WorkspaceRule) {
  const middleware = t.middleware(async ({ ctx, input, next, path }) => {
    let entered: RequestContext;
    try {
      entered = await enterWorkspace(ctx, rule, input);
    } catch (err) {
      throw asTrpcError(err);
    }
    const result = await next({ ctx: entered });
    if (result.ok) await auditWorkspaceChange(entered, rule, path, input);
    return result;
  });
  for (const fn of middleware._middlewares) RULES.set(fn, rule);
  return middleware;
}

/** Before the input is checked: a role without the action is refused for its role (workspace-rules.ts). */
export function refusedEarly(rule: WorkspaceRule) {
  return t.middleware(async ({ ctx, getRawInput, next }) => {
    try {
      await refuseEarly(ctx, rule, await getRawInput());
    } catch (err) {
      throw asTrpcError(err);
    }
    return next();
  });
}

/**
 * An active user's procedure acting in a workspace under the rule: the role is refused before the
 * input is checked, the workspace entered after it.
 */
export function actingIn<Input extends z.ZodType>(rule: WorkspaceRule, input: Input) {
  return withAccess('active')
    .use(refusedEarly(rule))
    .input(input)
    .use(inWorkspace(rule))
    .use(({ ctx, next }) => next({ ctx: { ...ctx, user: userOf(ctx) } }));
}

/** An active user's procedure without input acting in a workspace (a list, by the x-workspace header). */
export function actingInWorkspace(rule: WorkspaceRule) {
  return withAccess('active')
    .use(inWorkspace(rule))
    .use(({ ctx, next }) => next({ ctx: { ...ctx, user: userOf(ctx) } }));
}

/** The workspace rule a procedure acts under; undefined: the caller's own account only. */
export function ruleOfProcedure(procedure: { _def: object }): WorkspaceRule | undefined {
  const middlewares = (procedure._def as { middlewares?: readonly object[] }).middlewares ?? [];
  return middlewares.map((fn) => RULES.get(fn)).find((rule) => rule !== undefined);
}

export const router = t.router;
export const publicProcedure = withAccess('public');
/** Signed in, active or not: only reading oneself and signing out (an inactive account sees the waitlist page alone). */
export const userProcedure = withAccess('user').use(({ ctx, next }) => next({ ctx: { ...ctx, user: userOf(ctx) } }));
/** Signed in and active: the workspace. */
export const activeProcedure = withAccess('active').use(({ ctx, next }) => next({ ctx: { ...ctx, user: userOf(ctx) } }));
export const adminProcedure = withAccess('admin').use(({ ctx, next }) => next({ ctx: { ...ctx, user: userOf(ctx) } }));
export const createCallerFactory = t.createCallerFactory;

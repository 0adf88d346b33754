import { initTRPC, TRPCError } from '@trpc/server';
import superjson from 'superjson';
import { ZodError } from 'zod';
import { ERRORS, type TErrorCode } from '@ppp/contracts';
import { AppError } from '../../domain/errors.ts';
import { assertAccess, userOf, type Access, type RequestContext } from '../request-context.ts';
import { auditWorkspaceChange, enterWorkspace, type WorkspaceRule } from '../workspace.ts';

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

/** The procedure of an access level, before the caller is narrowed. */
export function withAccess(access: Access) {
  return t.procedure.use(mapErrors).use(async ({ ctx, next }) => {
    try {
      await assertAccess(ctx, access);
    } catch (err) {
      const app = toAppError(err);
      if (app) throw new TRPCError({ code: ERRORS[app.code].trpc, message: app.message, cause: app });
      throw err;
    }
    return next({ ctx });
  });
}

/**
 * Acting in a workspace (issue 34), for a procedure after its `.input()`: the one permission check,
 * then the resolver runs as the workspace's owner; a change by a member is audited.
 */
export function inWorkspace(rule: WorkspaceRule) {
  return t.middleware(async ({ ctx, input, next, path }) => {
    let entered: RequestContext;
    try {
      entered = await enterWorkspace(ctx, rule, input);
    } catch (err) {
      const app = toAppError(err);
      if (app) throw new TRPCError({ code: ERRORS[app.code].trpc, message: app.message, cause: app });
      throw err;
    }
    const result = await next({ ctx: entered });
    if (result.ok) await auditWorkspaceChange(entered, rule, path, input);
    return result;
  });
}

export const router = t.router;
export const publicProcedure = withAccess('public');
/** Signed in, active or not: only reading oneself and signing out (an inactive account sees the waitlist page alone). */
export const userProcedure = withAccess('user').use(({ ctx, next }) => next({ ctx: { ...ctx, user: userOf(ctx) } }));
/** Signed in and active: the workspace. */
export const activeProcedure = withAccess('active').use(({ ctx, next }) => next({ ctx: { ...ctx, user: userOf(ctx) } }));
export const adminProcedure = withAccess('admin').use(({ ctx, next }) => next({ ctx: { ...ctx, user: userOf(ctx) } }));
export const createCallerFactory = t.createCallerFactory;

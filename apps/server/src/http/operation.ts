import type { z } from 'zod';
import type { Services } from '../domain/services.ts';
import type { User } from '../domain/users/user.entity.ts';
import { userOf, type Access, type RequestContext } from './request-context.ts';
import type { WorkspaceRule } from './workspace.ts';

/** The answer of a call that has nothing else to say. */
export const OK = { ok: true } as const;

/** The request of a signed-in caller, as an operation receives it. */
export type SignedInContext = RequestContext & { user: User };

/**
 * One call of the API written once: who may make it, its input and output contracts and the one
 * service call. The REST table (rest/operation-route.ts) and the tRPC routers
 * (trpc/operation-procedure.ts) are both built from it; both check `access` before `call`.
 */
export interface Operation<In extends z.ZodType, Out extends z.ZodType> {
  access: Access;
  /** Acting in a workspace (issue 34): the action and the subject; absent: the caller's own account only. */
  workspace?: WorkspaceRule;
  input: In;
  output: Out;
  call(ctx: RequestContext, input: z.output<In>): Promise<z.input<Out>>;
}

interface SignedInConfig<In extends z.ZodType, Out extends z.ZodType> extends Omit<Operation<In, Out>, 'access' | 'call'> {
  access: Exclude<Access, 'public'>;
  run(ctx: SignedInContext, input: z.output<In>): Promise<z.input<Out>>;
}

/** A call of a signed-in user: `run` gets the caller as `ctx.user`. */
export function operation<In extends z.ZodType, Out extends z.ZodType>(config: SignedInConfig<In, Out>): Operation<In, Out> {
  const { run, ...contract } = config;
  return { ...contract, call: (ctx, input) => run({ ...ctx, user: userOf(ctx) }, input) };
}

/** An active user's call: `run` gets the request's services, the caller and the input. */
export function activeCall<In extends z.ZodType, Out extends z.ZodType>(
  input: In,
  output: Out,
  run: (services: Services, user: User, input: z.output<In>) => Promise<z.input<Out>>,
): Operation<In, Out> {
  return operation({ access: 'active', input, output, run: (ctx, parsed) => run(ctx.services, ctx.user, parsed) });
}

interface PublicConfig<In extends z.ZodType, Out extends z.ZodType> extends Omit<Operation<In, Out>, 'access' | 'call'> {
  run(ctx: RequestContext, input: z.output<In>): Promise<z.input<Out>>;
}

/** A call anyone may make (signing in, confirming an address). */
export function publicOperation<In extends z.ZodType, Out extends z.ZodType>(config: PublicConfig<In, Out>): Operation<In, Out> {
  const { run, ...contract } = config;
  return { ...contract, access: 'public', call: run };
}

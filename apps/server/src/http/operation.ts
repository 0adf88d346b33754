import type { z } from 'zod';
import type { User } from '../domain/users/user.entity.ts';
import type { Access, RequestContext } from './request-context.ts';

/** The request of a signed-in caller, as an operation receives it. */
export type SignedInContext = RequestContext & { user: User };

/**
 * One call of the API written once: who may make it, its input and output contracts and the one
 * service call. The REST table (rest/operation-route.ts) and the tRPC routers
 * (trpc/operation-procedure.ts) are both built from it.
 */
export interface Operation<In extends z.ZodType, Out extends z.ZodType> {
  access: Exclude<Access, 'public'>;
  input: In;
  output: Out;
  run(ctx: SignedInContext, input: z.output<In>): Promise<z.input<Out>>;
}

export function operation<In extends z.ZodType, Out extends z.ZodType>(config: Operation<In, Out>): Operation<In, Out> {
  return config;
}

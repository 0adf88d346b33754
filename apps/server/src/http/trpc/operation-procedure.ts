import type { z } from 'zod';
import type { Operation } from '../operation.ts';
import type { RequestContext } from '../request-context.ts';
import { inWorkspace, refusedEarly, withAccess } from './init.ts';

/**
 * The procedure of an operation and its resolver. tRPC cannot resolve its parser types for a schema
 * that is still a type parameter, so the resolver is typed from zod's own here, once; a concrete
 * operation's procedure still has the schemas' types.
 */
function procedureOf<In extends z.ZodType, Out extends z.ZodType>(op: Operation<In, Out>) {
  const resolve = ({ ctx, input }: { ctx: RequestContext; input: z.output<In> }) => op.call(ctx, input);
  if (!op.workspace) return { procedure: withAccess(op.access).input(op.input).output(op.output), resolve: resolve as never };
  const procedure = withAccess(op.access).use(refusedEarly(op.workspace)).input(op.input).output(op.output);
  return { procedure: procedure.use(inWorkspace(op.workspace)), resolve: resolve as never };
}

/** The operation as a tRPC query (it reads). */
export function queryOf<In extends z.ZodType, Out extends z.ZodType>(op: Operation<In, Out>) {
  const { procedure, resolve } = procedureOf(op);
  return procedure.query(resolve);
}

/** The operation as a tRPC mutation (it changes something, or costs something). */
export function mutationOf<In extends z.ZodType, Out extends z.ZodType>(op: Operation<In, Out>) {
  const { procedure, resolve } = procedureOf(op);
  return procedure.mutation(resolve);
}

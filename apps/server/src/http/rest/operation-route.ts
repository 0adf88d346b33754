import type { z } from 'zod';
import type { Operation } from '../operation.ts';
import type { WorkspaceRule } from '../workspace.ts';
import { route, type PathParams, type RawQuery, type RestBody, type RestRoute } from './route.ts';

/** How a path documents an operation: all but its contracts and access, which come from the operation. */
interface Documented<Path extends string> {
  method: RestRoute['method'];
  path: Path;
  tag: string;
  summary: string;
  status?: RestRoute['status'];
}

/** A 204 answers no body, so its operation's (void) output is not documented. */
const responseOf = (op: Operation<z.ZodType, z.ZodType>, doc: Documented<string>) => (doc.status === 204 ? undefined : op.output);

/** The operation as a REST path whose body (JSON, or a form with `form`) is the operation's input. */
export function bodyRoute<Path extends string, Input, Out extends z.ZodType>(
  op: Operation<z.ZodType<Input>, Out>,
  doc: Documented<Path> & { form?: boolean },
): RestRoute {
  const { form, ...documented } = doc;
  return route<Path, PathParams<Path>, RawQuery, Input>({
    ...documented,
    access: op.access,
    ...(op.workspace ? { workspace: op.workspace } : {}),
    body: { schema: op.input, form },
    response: responseOf(op, doc),
    handle: ({ ctx, body }) => op.call(ctx, body),
  });
}

/** The operation as a REST path whose query is the operation's input. */
export function queryRoute<Path extends string, Input, Out extends z.ZodType>(
  op: Operation<z.ZodType<Input>, Out>,
  doc: Documented<Path>,
): RestRoute {
  return route<Path, PathParams<Path>, Input>({
    ...doc,
    access: op.access,
    ...(op.workspace ? { workspace: op.workspace } : {}),
    query: op.input,
    response: responseOf(op, doc),
    handle: ({ ctx, query }) => op.call(ctx, query),
  });
}

/**
 * The operation's workspace rule with its subject's key as the path names it: an operation's
 * `podcast_id` is the path's `{id}` (found by passing each parameter's own name through `input`).
 */
function pathRuleOf(
  rule: WorkspaceRule | undefined,
  path: string,
  input: (params: Record<string, string>, body: unknown) => unknown,
): WorkspaceRule | undefined {
  if (!rule?.subject) return rule;
  const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '');
  let mapped: unknown;
  try {
    mapped = input(Object.fromEntries(names.map((name) => [name, `{${name}}`])), {});
  } catch {
    return rule;
  }
  const value = typeof mapped === 'object' && mapped !== null ? (mapped as Record<string, unknown>)[rule.subject.key] : undefined;
  const name = names.find((n) => value === `{${n}}`);
  return name ? { ...rule, subject: { ...rule.subject, key: name } } : rule;
}

/**
 * The operation as a REST path that names its subject in the path (and may carry a body): `input`
 * makes the operation's input of the path's parameters (strings, or checked with `params`) and the
 * body, checked with the body's schema.
 */
export function pathRoute<Path extends string, Input, Out extends z.ZodType, Body = undefined, Params = PathParams<Path>>(
  op: Operation<z.ZodType<Input>, Out>,
  doc: Documented<Path> & {
    params?: z.ZodType<Params>;
    body?: RestBody<z.ZodType<Body>, undefined>;
    input: (params: Params, body: Body) => Input;
  },
): RestRoute {
  const { input, ...documented } = doc;
  const workspace = pathRuleOf(op.workspace, doc.path, input as (params: Record<string, string>, body: unknown) => unknown);
  return route<Path, Params, RawQuery, Body>({
    ...documented,
    access: op.access,
    ...(workspace ? { workspace } : {}),
    response: responseOf(op, doc),
    handle: ({ ctx, params, body }) => op.call(ctx, input(params, body)),
  });
}

import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { AppError } from '../../domain/errors.ts';
import { parseInput } from '../../domain/validation.ts';
import { assertAccess } from '../request-context.ts';
import { auditWorkspaceChange, enterWorkspace } from '../workspace.ts';
import { refuseEarly } from '../workspace-rules.ts';
import type { HttpEnv } from '../http-env.ts';
import type { RestBody, RestRoute } from './route.ts';

async function readText(c: Context, form: boolean | undefined): Promise<unknown> {
  const type = c.req.header('content-type') ?? '';
  if (form || type.includes('application/x-www-form-urlencoded') || type.includes('multipart/form-data')) {
    if (!type.includes('form')) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Expected a form body.');
    const data = await c.req.parseBody();
    return Object.fromEntries(Object.entries(data).map(([k, v]) => [k, typeof v === 'string' ? v : undefined]));
  }
  const text = await c.req.text();
  if (!text) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError('BAD_REQUEST', 'Request body is not valid JSON.');
  }
}

/** The body checked with the route's schema, and what its reader found beside the fields (files). */
async function readBody(c: Context, body: RestBody): Promise<{ body: unknown; files: unknown }> {
  if (body.read) {
    const { fields, files, discard } = await body.read(c);
    try {
      return { body: parseInput(body.schema, fields), files };
    } catch (error) {
      await discard?.();
      throw error;
    }
  }
  return { body: parseInput(body.schema, await readText(c, body.form)), files: undefined };
}

/** The named fields of a checked input (a workspace rule finds its subject's id among them). */
const recordOf = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

const pathSchemas = new Map<string, z.ZodType>();

/** A route without a params schema gets its path's names as strings. */
function paramsSchemaOf(route: RestRoute): z.ZodType {
  if (route.params) return route.params;
  let schema = pathSchemas.get(route.path);
  if (!schema) {
    const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '');
    schema = z.object(Object.fromEntries(names.map((name) => [name, z.string()])));
    pathSchemas.set(route.path, schema);
  }
  return schema;
}

/** Registers each documented path on the Hono app: access check, params, query and body checked with the route's schemas, one handler call. */
export function mountRestRoutes(app: Hono<HttpEnv>, routes: RestRoute[]): void {
  for (const route of routes) {
    const honoPath = route.path.replace(/\{(\w+)\}/g, ':$1');
    // '/api/media/' is also answered as '/api/media'.
    const paths = honoPath.endsWith('/') ? [honoPath, honoPath.slice(0, -1)] : [honoPath];
    const paramsSchema = paramsSchemaOf(route);
    app.on(route.method.toUpperCase(), paths, async (c) => {
      const requestCtx = c.get('ctx');
      await assertAccess(requestCtx, route.access);
      const params = parseInput(paramsSchema, c.req.param());
      await refuseEarly(requestCtx, route.workspace, { ...c.req.query(), ...recordOf(params) });
      const query = route.query ? parseInput(route.query, c.req.query()) : c.req.query();
      const hasBody = route.body && route.method !== 'get' && route.method !== 'delete';
      const { body, files } = hasBody && route.body ? await readBody(c, route.body) : { body: undefined, files: undefined };
      const named = { ...recordOf(query), ...recordOf(body), ...recordOf(params) };
      // A public path (a signed URL) called without a bearer token acts as no one: its signature decides.
      const ctx = requestCtx.user ? await enterWorkspace(requestCtx, route.workspace, named) : requestCtx;
      const result = await route.handle({ ctx, params, query, body, files, c });
      await auditWorkspaceChange(ctx, route.workspace, `${route.method.toUpperCase()} ${route.path}`, named);
      if (result instanceof Response) return result;
      if (route.status === 204 || result === undefined) return c.body(null, 204);
      return c.json(result as object, route.status === 201 ? 201 : 200);
    });
  }
}

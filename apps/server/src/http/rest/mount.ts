import type { Context, Hono } from 'hono';
import { AppError } from '../../domain/errors.ts';
import { assertAccess } from '../request-context.ts';
import type { HttpEnv } from '../http-env.ts';
import type { RestRoute } from './route.ts';

async function readBody(c: Context, form: boolean | undefined): Promise<unknown> {
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

/** Registers each documented path on the Hono app: access check, body parsing, one service call. */
export function mountRestRoutes(app: Hono<HttpEnv>, routes: RestRoute[]): void {
  for (const route of routes) {
    const honoPath = route.path.replace(/\{(\w+)\}/g, ':$1');
    // '/api/media/' is also answered as '/api/media'.
    const paths = honoPath.endsWith('/') ? [honoPath, honoPath.slice(0, -1)] : [honoPath];
    app.on(route.method.toUpperCase(), paths, async (c) => {
      const ctx = c.get('ctx');
      await assertAccess(ctx, route.access);
      const noBody = route.method === 'get' || route.method === 'delete' || route.body?.multipart;
      const body = noBody ? undefined : await readBody(c, route.body?.form);
      const result = await route.handle({ ctx, body, query: c.req.query(), params: c.req.param() as Record<string, string>, c });
      if (result instanceof Response) return result;
      if (route.status === 204 || result === undefined) return c.body(null, 204);
      return c.json(result as object, route.status === 201 ? 201 : 200);
    });
  }
}

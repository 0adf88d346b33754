import type { Hono } from 'hono';
import { MESSAGES } from '@ppp/contracts';
import { AppError } from '../../domain/errors.ts';
import type { HttpEnv } from '../http-env.ts';
import type { RestRoute } from './route.ts';

/** /api paths answered outside the REST table (the document, its reader, the webhook, stored files). */
const OTHER_PATHS: { method: string; path: string }[] = [
  { method: 'get', path: '/api/openapi.json' },
  { method: 'get', path: '/api/docs' },
  { method: 'get', path: '/api/docs/scalar.js' },
  { method: 'post', path: '/api/billing/webhook' },
  { method: 'get', path: '/api/media/file/{id}' },
];

/** The methods each known path answers, matched as the adapter mounts them (a final '/' optional). */
function methodsByPath(routes: readonly { method: string; path: string }[]): { regex: RegExp; methods: Set<string> }[] {
  const byPattern = new Map<string, Set<string>>();
  for (const route of routes) {
    const pattern = `^${route.path.replace(/\{\w+\}/g, '[^/]+').replace(/\/$/, '')}/?$`;
    const methods = byPattern.get(pattern) ?? new Set<string>();
    methods.add(route.method.toUpperCase());
    byPattern.set(pattern, methods);
  }
  return [...byPattern].map(([pattern, methods]) => ({ regex: new RegExp(pattern), methods }));
}

/**
 * The last answer under /api, after every route: a known path asked with another method is 405 with
 * `Allow` (and OPTIONS is answered 204 with it), anything else a JSON 404 in the error model (issue 36).
 */
export function mountApiFallback(app: Hono<HttpEnv>, routes: RestRoute[]): void {
  const known = methodsByPath([...routes, ...OTHER_PATHS]);
  app.all('/api/*', (c) => {
    const allowed = new Set<string>();
    for (const { regex, methods } of known) if (regex.test(c.req.path)) for (const m of methods) allowed.add(m);
    if (allowed.size === 0) throw new AppError('NOT_FOUND', MESSAGES.notFound);
    if (allowed.has('GET')) allowed.add('HEAD');
    const allow = [...allowed, 'OPTIONS'].join(', ');
    c.header('Allow', allow);
    if (c.req.method === 'OPTIONS') return c.body(null, 204);
    throw new AppError('METHOD_NOT_ALLOWED', MESSAGES.methodNotAllowed);
  });
}

import { z } from 'zod';
import { REST_ROUTES } from '../../src/http/rest/index.ts';
import type { RestRoute } from '../../src/http/rest/route.ts';

// As the adapter mounts them: a path ending in '/' is answered without it too.
const matchers = REST_ROUTES.map((route) => {
  const pattern = route.path.replace(/\{\w+\}/g, '[^/]+').replace(/\/$/, '/?');
  return { route, regex: new RegExp(`^${pattern}$`) };
});

/** The route the server answers `method path` with: the first in table order, as Hono picks it. */
export function routeOf(method: string, path: string): RestRoute | undefined {
  const pathname = new URL(path, 'http://localhost').pathname;
  return matchers.find((m) => m.route.method === method.toLowerCase() && m.regex.test(pathname))?.route;
}

type Json = unknown;

function setAt(value: Json, path: PropertyKey[], next: unknown): Json {
  if (path.length === 0) return next;
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((item, i) => (i === head ? setAt(item, rest, next) : item));
  if (value && typeof value === 'object') {
    const record = value as Record<PropertyKey, unknown>;
    return { ...record, [head as PropertyKey]: setAt(record[head as PropertyKey], rest, next) };
  }
  return value;
}

function getAt(value: Json, path: PropertyKey[]): unknown {
  return path.reduce<unknown>((at, key) => (at && typeof at === 'object' ? (at as Record<PropertyKey, unknown>)[key] : undefined), value);
}

/**
 * Parses a JSON body with a response schema: a date travels as an ISO string, so each string where
 * the schema wants a Date is read as one, and everything else must match as it is.
 */
export function parseJsonResponse(schema: z.ZodType, json: Json): z.ZodSafeParseResult<unknown> {
  let value = json;
  for (;;) {
    const result = schema.safeParse(value);
    if (result.success) return result;
    const dates = result.error.issues.filter(
      (issue) => issue.code === 'invalid_type' && issue.expected === 'date' && typeof getAt(value, issue.path) === 'string',
    );
    if (dates.length === 0) return result;
    for (const issue of dates) {
      const text = getAt(value, issue.path) as string;
      if (!z.iso.datetime({ offset: true }).safeParse(text).success) return result;
      value = setAt(value, issue.path, new Date(text));
    }
  }
}

/** Fails when a successful REST answer does not match the response schema its route declares. */
export function assertMatchesContract(method: string, path: string, status: number, body: Json): void {
  if (status < 200 || status >= 300) return;
  const route = routeOf(method, path);
  if (!route?.response) return;
  const result = parseJsonResponse(route.response, body);
  if (!result.success) {
    throw new Error(`${method} ${path} answered outside its response schema: ${z.prettifyError(result.error)}`);
  }
}

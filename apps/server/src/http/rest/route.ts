import type { Context } from 'hono';
import type { z } from 'zod';
import type { Access, RequestContext } from '../request-context.ts';

export interface RestInput {
  ctx: RequestContext;
  body: unknown;
  query: Record<string, string>;
  params: Record<string, string>;
  c: Context;
}

/**
 * One documented REST path: its contract (for validation in the service and for the OpenAPI
 * document) and a handler that does one service call. Returning a Response passes it through.
 */
export interface RestRoute {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  tag: string;
  summary: string;
  access: Access;
  /** multipart: the handler reads the body itself (files); form: a urlencoded or multipart form of strings. */
  body?: { schema: z.ZodType; form?: boolean; multipart?: boolean };
  query?: z.ZodType;
  response?: z.ZodType;
  status?: 200 | 201 | 202 | 204 | 302;
  handle(input: RestInput): Promise<unknown>;
}

export function defineRoutes(routes: RestRoute[]): RestRoute[] {
  return routes;
}

export const OK = { ok: true } as const;

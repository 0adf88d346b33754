import type { Context } from 'hono';
import type { z } from 'zod';
import type { Access, RequestContext } from '../request-context.ts';
import type { WorkspaceRule } from '../workspace.ts';

/** `{id}` and `{key}` of '/api/podcasts/{id}/distribution/checklist/{key}'. */
type PathParamNames<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}` ? Name | PathParamNames<Rest> : never;

/** The path parameters of a documented path, as the strings the URL carries. */
export type PathParams<Path extends string> = { [Name in PathParamNames<Path>]: string };

/** The query of a route without a query schema: whatever the URL carries. */
export type RawQuery = Record<string, string | undefined>;

/** What a handler receives: params, query and body already checked against the route's schemas. */
export interface RestInput<Params = PathParams<string>, Query = RawQuery, Body = undefined, Files = undefined> {
  ctx: RequestContext;
  params: Params;
  query: Query;
  body: Body;
  /** What a `read` body reader found beside its text fields (files, a cover). */
  files: Files;
  c: Context;
}

/**
 * Reads a body the JSON and form readers cannot (files): its text fields are checked with the
 * schema; `discard` removes what was read when they are refused.
 */
export type BodyReader<Files> = (c: Context) => Promise<{ fields: unknown; files: Files; discard?: () => Promise<void> }>;

export interface RestBody<Schema extends z.ZodType = z.ZodType, Files = unknown> {
  schema: Schema;
  /** A urlencoded or multipart form of strings. */
  form?: boolean;
  /** A multipart body with files: the reader's text fields are checked with the schema. */
  read?: BodyReader<Files>;
}

/**
 * One documented REST path: its contract (checked by the adapter and written into the OpenAPI
 * document) and a handler that does one service call. Returning a Response passes it through.
 */
export interface RestRoute<Params = unknown, Query = unknown, Body = unknown, Files = unknown> {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  tag: string;
  summary: string;
  access: Access;
  /** Acting in a workspace (issue 34): the action and where the subject's id is; absent: the caller's own account only. */
  workspace?: WorkspaceRule;
  /** Checks the path parameters beyond "a string" (an enum, a uuid). */
  params?: z.ZodType<Params>;
  query?: z.ZodType<Query>;
  body?: RestBody<z.ZodType<Body>, Files>;
  /** A multipart upload the handler reads itself (files streamed to disk); the schema documents its fields. */
  upload?: z.ZodType;
  response?: z.ZodType;
  /** The media types of a success that is not JSON (audio, an image, captions, a page), for the OpenAPI document. */
  produces?: readonly string[];
  status?: 200 | 201 | 202 | 204 | 302;
  // A method, so a typed route still fits the table of all routes.
  handle(input: RestInput<Params, Query, Body, Files>): Promise<unknown>;
}

interface RouteConfig<Path extends string, Params, Query, Body, Files> extends Omit<RestRoute<Params, Query, Body, Files>, 'path'> {
  path: Path;
}

/**
 * A route whose handler is typed from its own schemas: `params` from the path (or its params
 * schema), `query` and `body` from the query and body schemas.
 */
export function route<Path extends string, Params = PathParams<Path>, Query = RawQuery, Body = undefined, Files = undefined>(
  config: RouteConfig<Path, Params, Query, Body, Files>,
): NoInfer<RestRoute<Params, Query, Body, Files>> {
  return config;
}

export function defineRoutes(routes: RestRoute[]): RestRoute[] {
  return routes;
}

export { OK } from '../operation.ts';

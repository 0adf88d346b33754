import { z } from 'zod';
import type { RestRoute } from './rest/route.ts';

type JsonSchema = Record<string, unknown>;

function schemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'openapi-3.0',
    // Dates travel as ISO 8601 strings in JSON.
    override: (ctx) => {
      if (ctx.zodSchema._zod.def.type === 'date') Object.assign(ctx.jsonSchema, { type: 'string', format: 'date-time' });
    },
  }) as JsonSchema;
  return trueToNull(rest) as JsonSchema;
}

/**
 * OpenAPI 3.0.3's `nullable` only widens a sibling `type`, and an `enum` still has the last word:
 * zod writes `{ nullable, enum }` without null in the enum and `{ nullable, anyOf }` without a type,
 * and a validating client (Ajv, generated clients) then refuses the null the server answers. Null
 * goes into the enum, and a typeless nullable union hands `nullable` to each of its branches.
 */
function trueToNull(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(trueToNull);
  if (!node || typeof node !== 'object') return node;
  const schema = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, trueToNull(value)])) as JsonSchema;
  if (schema.nullable !== true) return schema;
  const union = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (schema.type === undefined && union) {
    const { nullable: _moved, ...rest } = schema;
    return { ...rest, [schema.anyOf ? 'anyOf' : 'oneOf']: union.map((branch) => trueToNull({ ...branch, nullable: true })) };
  }
  if (Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum = [...(schema.enum as unknown[]), null];
  return schema;
}

const ERROR_BODY: JsonSchema = {
  type: 'object',
  properties: { detail: { type: 'string' }, code: { type: 'string' } },
  required: ['detail', 'code'],
};

/** The sidebar title: the summary's first clause. */
function shortTitle(summary: string): string {
  return summary.split(/[.;:(]/)[0]!.trim();
}

function requestBodyOf(route: RestRoute): JsonSchema {
  const schema = route.upload ?? route.body?.schema;
  if (!schema) return {};
  const type =
    route.upload || route.body?.read ? 'multipart/form-data' : route.body?.form ? 'application/x-www-form-urlencoded' : 'application/json';
  return { requestBody: { required: true, content: { [type]: { schema: schemaOf(schema, 'input') } } } };
}

/**
 * The path a route has in the document: a path the adapter answers with and without its final '/' is
 * written once, without it (the '/' form is kept as `x-trailing-slash-alias`), unless the bare path is
 * a route of its own (GET /api/episodes answers an array, GET /api/episodes/ a page).
 */
export function documentedPath(route: RestRoute, routes: RestRoute[]): string {
  if (!route.path.endsWith('/') || route.path === '/') return route.path;
  const bare = route.path.slice(0, -1);
  return routes.some((other) => other.path === bare) ? route.path : bare;
}

/** `get /api/podcasts/{id}/episodes` → `getApiPodcastsIdEpisodes`: unique per method and path, for generated clients. */
function operationIdOf(method: string, path: string): string {
  const words = path.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return method + words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('') + (path.endsWith('/') ? 'Page' : '');
}

/** The path and query parameters of a route, with the schemas of its params and query contracts. */
function parametersOf(route: RestRoute): JsonSchema[] {
  const pathSchema = route.params ? (schemaOf(route.params, 'input') as { properties?: Record<string, JsonSchema> }) : {};
  const parameters: JsonSchema[] = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => ({
    name: m[1],
    in: 'path',
    required: true,
    schema: pathSchema.properties?.[m[1] ?? ''] ?? { type: 'string' },
  }));
  if (route.query) {
    const q = schemaOf(route.query, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, schema] of Object.entries(q.properties ?? {})) {
      parameters.push({ name, in: 'query', required: Boolean(q.required?.includes(name)), schema });
    }
  }
  return parameters;
}

/** A body that is not JSON: text (captions, pages, feeds) as a string, anything else as bytes. */
function rawContent(types: readonly string[]): JsonSchema {
  const schemaOfType = (type: string) => (/^text\/|xml|json/.test(type) ? { type: 'string' } : { type: 'string', format: 'binary' });
  return Object.fromEntries(types.map((type) => [type, { schema: schemaOfType(type) }]));
}

function successContent(route: RestRoute): JsonSchema {
  if (route.response) return { content: { 'application/json': { schema: schemaOf(route.response, 'output') } } };
  return route.produces ? { content: rawContent(route.produces) } : {};
}

function operationOf(route: RestRoute, path: string): JsonSchema {
  const okStatus = String(route.status ?? 200);
  return {
    operationId: operationIdOf(route.method, path),
    tags: [route.tag],
    summary: shortTitle(route.summary),
    description: route.summary,
    security: route.access === 'public' ? [] : [{ bearer: [] }],
    parameters: parametersOf(route),
    ...requestBodyOf(route),
    responses: {
      [okStatus]: {
        description: okStatus === '302' ? 'Redirect' : 'Success',
        ...successContent(route),
      },
      default: { description: 'Error', content: { 'application/json': { schema: ERROR_BODY } } },
    },
  };
}

/** The OpenAPI 3.0 document of the REST layer, generated from the same Zod contracts the services use. */
export function buildOpenApi(routes: RestRoute[], serverUrl: string): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = documentedPath(route, routes);
    paths[path] ??= path === route.path ? {} : { 'x-trailing-slash-alias': route.path };
    paths[path]![route.method] = operationOf(route, path);
  }
  Object.assign(paths, publicFilePaths());
  return {
    openapi: '3.0.3',
    info: {
      title: 'Podcast Plus Plus API',
      version: '0.1.0',
      description:
        'REST compatibility layer of Podcast Plus Plus. Errors answer `{ "detail": …, "code": … }`. ' +
        'Authenticate with `Authorization: Bearer <access_token>` from POST /api/auth/token. ' +
        'The same services are available as typed tRPC procedures at /trpc.',
    },
    servers: [{ url: serverUrl }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    paths,
  };
}

/** One public file of the built-in host: no sign-in, answered with its media type, byte ranges where it is media. */
function publicFile(operationId: string, summary: string, types: readonly string[], params: string[]): JsonSchema {
  return {
    get: {
      operationId,
      tags: ['feeds'],
      summary,
      description: `${summary} Public: no sign-in. Any origin may read it (CORS).`,
      security: [],
      parameters: params.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
      responses: {
        '200': { description: 'Success', content: rawContent(types) },
        '304': { description: 'Not modified (If-None-Match, If-Modified-Since)' },
        default: { description: 'Error', content: { 'application/json': { schema: ERROR_BODY } } },
      },
    },
  };
}

/** The built-in host's public feed and files (issue 36): what podcast apps read, with their media types. */
function publicFilePaths(): Record<string, JsonSchema> {
  const show = ['podcastId'];
  const episode = ['podcastId', 'episodeId'];
  const root = '/feeds/{podcastId}/episodes/{episodeId}';
  return {
    '/feeds/{podcastId}.xml': publicFile('getFeed', 'A show’s RSS feed (Apple and Podcasting 2.0 tags).', ['application/rss+xml'], show),
    [`${root}.mp3`]: publicFile('getFeedEpisodeAudio', 'An episode’s audio, with byte ranges.', ['audio/mpeg'], episode),
    [`${root}/transcript.vtt`]: publicFile('getFeedTranscriptVtt', 'An episode’s transcript as WebVTT.', ['text/vtt'], episode),
    [`${root}/transcript.srt`]: publicFile('getFeedTranscriptSrt', 'An episode’s transcript as SubRip.', ['application/x-subrip'], episode),
    [`${root}/transcript.json`]: publicFile(
      'getFeedTranscriptJson',
      'An episode’s transcript (Podcasting 2.0 JSON).',
      ['application/json'],
      episode,
    ),
    [`${root}/chapters.json`]: publicFile(
      'getFeedChapters',
      'An episode’s chapters (Podcasting 2.0 JSON chapters).',
      ['application/json+chapters'],
      episode,
    ),
  };
}

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
  return rest;
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

/** The OpenAPI 3.0 document of the REST layer, generated from the same Zod contracts the services use. */
export function buildOpenApi(routes: RestRoute[], serverUrl: string): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
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
    const okStatus = String(route.status ?? 200);
    paths[route.path] ??= {};
    paths[route.path]![route.method] = {
      tags: [route.tag],
      summary: shortTitle(route.summary),
      description: route.summary,
      security: route.access === 'public' ? [] : [{ bearer: [] }],
      parameters,
      ...requestBodyOf(route),
      responses: {
        [okStatus]: {
          description: okStatus === '302' ? 'Redirect' : 'Success',
          ...(route.response ? { content: { 'application/json': { schema: schemaOf(route.response, 'output') } } } : {}),
        },
        default: { description: 'Error', content: { 'application/json': { schema: ERROR_BODY } } },
      },
    };
  }
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

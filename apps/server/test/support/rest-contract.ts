import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { REST_ROUTES } from '../../src/http/rest/index.ts';
import type { RestRoute } from '../../src/http/rest/route.ts';
import { buildOpenApi, documentedPath } from '../../src/http/openapi.ts';

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

interface ResponseObject {
  content?: Record<string, { schema?: object }>;
}
interface Operation {
  responses: Record<string, ResponseObject>;
}

/** The document the server serves at /api/openapi.json, built as the server builds it. */
const document = buildOpenApi(REST_ROUTES, 'http://localhost') as { paths: Record<string, Record<string, Operation>> };

// ajv-formats is CommonJS with its function as the default export's default.
const addFormats = ((addFormatsModule as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv) => Ajv;
// An independent validator of the document's JSON Schemas (OpenAPI 3.0's `nullable` included); strict,
// so a schema Ajv cannot read fails too.
const ajv = addFormats(new Ajv({ allErrors: true, strict: true, strictTypes: false, keywords: ['example'] }));
const validators = new Map<string, ValidateFunction>();

/** Paths under /api that are no operation of the REST layer: the document itself and its reader. */
const NOT_OPERATIONS = /^\/api\/(openapi\.json|docs(\/.*)?)$/;

/**
 * OpenAPI 3.0's schema dialect where it differs from JSON Schema's: a boolean exclusiveMinimum or
 * exclusiveMaximum qualifies minimum or maximum (JSON Schema gives the bound itself).
 */
function jsonSchemaOf(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(jsonSchemaOf);
  if (!node || typeof node !== 'object') return node;
  const schema: Record<string, unknown> = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, jsonSchemaOf(value)]));
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof schema[flag] !== 'boolean') continue;
    if (schema[flag]) schema[flag] = schema[bound];
    else delete schema[flag];
    if (schema[flag] !== undefined) delete schema[bound];
  }
  return schema;
}

function validatorOf(key: string, schema: object): ValidateFunction {
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile(jsonSchemaOf(schema) as object);
    validators.set(key, validate);
  }
  return validate;
}

/**
 * Fails when a JSON answer of the REST layer is not described by the OpenAPI document: its path,
 * method and status (or the document's `default` error answer) with a JSON schema the body satisfies,
 * checked by Ajv with formats. A success on an /api path the document lacks fails too.
 */
export function assertMatchesContract(method: string, path: string, status: number, body: unknown): void {
  const pathname = new URL(path, 'http://localhost').pathname;
  const route = routeOf(method, path);
  const where = `${method.toUpperCase()} ${path} answered ${status}`;
  if (!route) {
    if (status >= 200 && status < 300 && pathname.startsWith('/api/') && !NOT_OPERATIONS.test(pathname)) {
      throw new Error(`${where}, but the OpenAPI document has no such operation`);
    }
    return;
  }
  const documented = documentedPath(route, REST_ROUTES);
  const operation = document.paths[documented]?.[route.method];
  const answer = operation?.responses[String(status)] ?? operation?.responses.default;
  const schema = answer?.content?.['application/json']?.schema;
  if (!schema) throw new Error(`${where} with JSON the OpenAPI document does not describe (${route.method} ${documented})`);
  const validate = validatorOf(`${route.method} ${documented} ${status in (operation?.responses ?? {}) ? status : 'default'}`, schema);
  if (!validate(body)) {
    const errors = (validate.errors ?? [])
      .slice(0, 8)
      .map((e) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
    throw new Error(`${where} outside the OpenAPI document's schema:\n${errors.join('\n')}`);
  }
}

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildOpenApi } from '../../src/http/openapi.ts';
import { REST_ROUTES } from '../../src/http/rest/index.ts';

const ZOperation = z.object({
  tags: z.array(z.string()),
  summary: z.string().min(1),
  security: z.array(z.record(z.string(), z.array(z.string()))),
  parameters: z.array(z.object({ name: z.string(), in: z.enum(['path', 'query']), required: z.boolean() })),
  requestBody: z.object({ content: z.record(z.string(), z.object({ schema: z.record(z.string(), z.unknown()) })) }).optional(),
  responses: z.record(z.string(), z.object({ description: z.string() })),
});
const ZDocument = z.object({
  openapi: z.string().startsWith('3.'),
  info: z.object({ title: z.string(), version: z.string() }),
  servers: z.array(z.object({ url: z.string() })),
  paths: z.record(z.string(), z.partialRecord(z.enum(['get', 'post', 'put', 'patch', 'delete']), ZOperation)),
});

function document() {
  // Round-trip through JSON, as /api/openapi.json serves it.
  return ZDocument.parse(JSON.parse(JSON.stringify(buildOpenApi(REST_ROUTES, 'http://localhost:3000'))));
}

describe('the OpenAPI document', () => {
  it('lists every REST route with its method', () => {
    const doc = document();
    for (const route of REST_ROUTES) {
      expect(doc.paths[route.path]?.[route.method], `${route.method.toUpperCase()} ${route.path}`).toBeDefined();
    }
    const operations = Object.values(doc.paths).flatMap((ops) => Object.keys(ops));
    expect(operations).toHaveLength(REST_ROUTES.length);
  });

  it.each([
    ['post', '/api/auth/token'],
    ['post', '/api/auth/register'],
    ['post', '/api/auth/confirm-email'],
    ['post', '/api/auth/resend-verification'],
    ['post', '/api/auth/update-pending-email'],
    ['get', '/api/auth/login/google'],
    ['get', '/api/auth/terms/info'],
    ['get', '/api/auth/users/me'],
    ['patch', '/api/auth/users/me/prefs'],
    ['get', '/api/users/me'],
    ['post', '/api/public/waitlist'],
    ['get', '/api/public/config'],
    ['get', '/api/health'],
    ['get', '/api/admin/settings'],
    ['put', '/api/admin/settings'],
    ['patch', '/api/admin/users/{id}'],
  ] as const)('documents %s %s', (method, path) => {
    expect(document().paths[path]?.[method]).toBeDefined();
  });

  it('documents the token call as a form with username and password', () => {
    const op = document().paths['/api/auth/token']?.post;
    const schema = op?.requestBody?.content['application/x-www-form-urlencoded']?.schema;
    expect(schema).toMatchObject({ properties: { username: {}, password: {} }, required: ['username', 'password'] });
    expect(op?.security).toEqual([]);
  });

  it('marks signed-in calls with bearer security and path parameters as required', () => {
    const doc = document();
    expect(doc.paths['/api/users/me']?.get?.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/admin/users/{id}']?.patch?.parameters).toContainEqual(
      expect.objectContaining({ name: 'id', in: 'path', required: true }),
    );
  });

  it('describes the error body {detail, code} on every operation', () => {
    const raw = buildOpenApi(REST_ROUTES, 'http://localhost:3000') as {
      paths: Record<string, Record<string, { responses: { default: unknown } }>>;
    };
    for (const ops of Object.values(raw.paths)) {
      for (const op of Object.values(ops)) {
        expect(op.responses.default).toMatchObject({
          content: { 'application/json': { schema: { required: ['detail', 'code'] } } },
        });
      }
    }
  });

  it('states the Google start call as a redirect with its return_to query', () => {
    const op = document().paths['/api/auth/login/google']?.get;
    expect(op?.responses['302']).toBeDefined();
    expect(op?.parameters).toContainEqual(expect.objectContaining({ name: 'return_to', in: 'query', required: false }));
  });
});

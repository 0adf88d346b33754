import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildOpenApi, documentedPath } from '../../src/http/openapi.ts';
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
  paths: z.record(
    z.string(),
    z
      .strictObject({
        get: ZOperation,
        post: ZOperation,
        put: ZOperation,
        patch: ZOperation,
        delete: ZOperation,
        'x-trailing-slash-alias': z.string(),
      })
      .partial(),
  ),
});

function document() {
  // Round-trip through JSON, as /api/openapi.json serves it.
  return ZDocument.parse(JSON.parse(JSON.stringify(buildOpenApi(REST_ROUTES, 'http://localhost:3000'))));
}

describe('the OpenAPI document', () => {
  it('lists every REST route with its method, once', () => {
    const doc = document();
    for (const route of REST_ROUTES) {
      expect(doc.paths[documentedPath(route, REST_ROUTES)]?.[route.method], `${route.method.toUpperCase()} ${route.path}`).toBeDefined();
    }
    const api = Object.entries(doc.paths).filter(([path]) => !path.startsWith('/feeds/'));
    const operations = api.flatMap(([, ops]) => Object.keys(ops).filter((key) => !key.startsWith('x-')));
    expect(operations).toHaveLength(REST_ROUTES.length);
  });

  it('names the media type of every answer that is not JSON: the public feed and its files, audio, images, captions (issue 36)', () => {
    const doc = buildOpenApi(REST_ROUTES, 'http://localhost:3000') as {
      paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, unknown> }> }>>;
    };
    const typesOf = (path: string, status = '200') => Object.keys(doc.paths[path]?.get?.responses[status]?.content ?? {});
    expect(typesOf('/feeds/{podcastId}.xml')).toEqual(['application/rss+xml']);
    expect(typesOf('/feeds/{podcastId}/episodes/{episodeId}.mp3')).toEqual(['audio/mpeg']);
    expect(typesOf('/feeds/{podcastId}/episodes/{episodeId}/transcript.vtt')).toEqual(['text/vtt']);
    expect(typesOf('/feeds/{podcastId}/episodes/{episodeId}/chapters.json')).toEqual(['application/json+chapters']);
    expect(typesOf('/api/episodes/{id}/audio')).toContain('audio/mpeg');
    expect(typesOf('/api/episodes/{id}/cover')).toEqual(['image/jpeg', 'image/png']);
    expect(typesOf('/api/media/{id}/subtitle')).toEqual(['text/vtt']);
    // Every success of a GET answers something described: JSON with its schema, or a named media type.
    for (const [path, ops] of Object.entries(doc.paths)) {
      const ok = ops.get?.responses['200'];
      if (ok) expect(Object.keys(ok.content ?? {}), path).not.toEqual([]);
    }
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

  it('documents the token call as an OAuth 2.0 password-grant form', () => {
    const op = document().paths['/api/auth/token']?.post;
    const schema = op?.requestBody?.content['application/x-www-form-urlencoded']?.schema;
    // RFC 6749 §4.3.2's form: what is missing is refused as invalid_request by the endpoint, in OAuth's words.
    expect(schema).toMatchObject({ properties: { grant_type: {}, username: {}, password: {}, client_id: {} } });
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
      for (const [method, op] of Object.entries(ops)) {
        if (method.startsWith('x-')) continue;
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

  it('writes a path answered with and without its final slash once, the slash form marked as its alias (issue 36)', () => {
    const raw = buildOpenApi(REST_ROUTES, 'http://localhost:3000') as { paths: Record<string, Record<string, unknown>> };
    expect(raw.paths['/api/podcasts/']).toBeUndefined();
    expect(raw.paths['/api/podcasts']).toMatchObject({ 'x-trailing-slash-alias': '/api/podcasts/', get: {}, post: {} });
    // Two different calls of the spec: the plain array and the page.
    expect(raw.paths['/api/episodes']?.get).toBeDefined();
    expect(raw.paths['/api/episodes/']?.get).toBeDefined();
    const ids = Object.values(raw.paths).flatMap((ops) =>
      Object.values(ops).flatMap((op) => (typeof op === 'object' ? [(op as { operationId: string }).operationId] : [])),
    );
    // Every REST route and the six public files of the built-in host, each with its own id.
    expect(new Set(ids).size).toBe(REST_ROUTES.length + 6);
  });

  it('lets a nullable enum be null and gives a nullable union a type on each branch (issue 36)', () => {
    const text = JSON.stringify(buildOpenApi(REST_ROUTES, 'http://localhost:3000'));
    const schemas: Record<string, unknown>[] = [];
    JSON.parse(text, (_key, value: unknown) => {
      if (value && typeof value === 'object' && !Array.isArray(value)) schemas.push(value as Record<string, unknown>);
      return value;
    });
    const nullable = schemas.filter((s) => s.nullable === true);
    expect(nullable.length).toBeGreaterThan(0);
    for (const schema of nullable) {
      expect(schema.type, JSON.stringify(schema)).toBeDefined();
      if (Array.isArray(schema.enum)) expect(schema.enum, JSON.stringify(schema)).toContain(null);
    }
  });
});

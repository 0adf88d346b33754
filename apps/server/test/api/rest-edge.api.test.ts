/** The REST edge outside the route table (issue 36) and the API documents, over plain HTTP. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { MESSAGES } from '@ppp/contracts';
import { closeApiBed, startApiBed } from '../support/api-bed.ts';
import { errorOf, twoUsers, type TestServer } from '../support/http.ts';

let orm: MikroORM;
let api: TestServer;
let userB: { email: string; token: string; id: string };

beforeAll(async () => {
  ({ orm, api } = await startApiBed());
  ({ user: userB } = await twoUsers(api));
});
afterAll(() => closeApiBed({ api, orm }));

describe('answers outside the REST table (issue 36)', () => {
  it('answers an unknown /api path with a JSON 404 in the error model, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const res = await api.request(method, '/api/no-such-thing', { token: userB.token });
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(errorOf(res)).toEqual({ status: 404, code: 'NOT_FOUND', detail: MESSAGES.notFound });
    }
  });

  it('answers a wrong method on a known path 405 with Allow, and OPTIONS 204 with it', async () => {
    const res = await api.request('DELETE', '/api/users/me', { token: userB.token });
    expect(errorOf(res)).toEqual({ status: 405, code: 'METHOD_NOT_ALLOWED', detail: MESSAGES.methodNotAllowed });
    expect(res.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    const podcasts = await api.request('PUT', '/api/podcasts', { token: userB.token, json: {} });
    expect(podcasts.status).toBe(405);
    expect(podcasts.headers.get('allow')?.split(', ').sort()).toEqual(['GET', 'HEAD', 'OPTIONS', 'POST']);
    const options = await api.request('OPTIONS', '/api/episodes/0b0c4b6e-0000-4000-8000-000000000000');
    expect(options.status).toBe(204);
    expect(options.headers.get('allow')?.split(', ').sort()).toEqual(['DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH']);
  });
});

describe('API documents', () => {
  it('/api/openapi.json lists the REST routes', async () => {
    const res = await api.request('GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    const doc = z.object({ openapi: z.string(), paths: z.record(z.string(), z.record(z.string(), z.unknown())) }).parse(res.body);
    expect(Object.keys(doc.paths['/api/auth/token'] ?? {})).toEqual(['post']);
    expect(Object.keys(doc.paths['/api/users/me'] ?? {})).toEqual(['get']);
    expect(Object.keys(doc.paths['/api/admin/settings'] ?? {}).sort()).toEqual(['get', 'put']);
    expect(doc.paths['/api/auth/register']).toBeDefined();
    expect(doc.paths['/api/public/waitlist']).toBeDefined();
  });

  it('/api/docs is a readable HTML page whose script is served locally', async () => {
    const res = await api.request('GET', '/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.text).toContain('/api/openapi.json');
    const script = await api.request('GET', '/api/docs/scalar.js');
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toContain('javascript');
    expect(script.text.length).toBeGreaterThan(10_000);
  });
});

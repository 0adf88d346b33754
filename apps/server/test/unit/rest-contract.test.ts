import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { assertMatchesContract, parseJsonResponse, routeOf } from '../support/rest-contract.ts';

describe('the API tests’ response check', () => {
  const ZItem = z.object({ id: z.string(), created_at: z.date(), sent_at: z.date().nullable(), tags: z.array(z.string()) });

  it('reads ISO strings where the schema wants dates, nested in lists too', () => {
    const json = [{ id: 'a', created_at: '2026-01-02T03:04:05.000Z', sent_at: null, tags: [] }];
    const result = parseJsonResponse(z.array(ZItem), json);
    expect(result.success).toBe(true);
    expect(result.data).toEqual([{ id: 'a', created_at: new Date('2026-01-02T03:04:05.000Z'), sent_at: null, tags: [] }]);
  });

  it('refuses a wrong type, a missing field and a string that is not a date', () => {
    expect(parseJsonResponse(ZItem, { id: 1, created_at: '2026-01-02T03:04:05Z', sent_at: null, tags: [] }).success).toBe(false);
    expect(parseJsonResponse(ZItem, { id: 'a', created_at: '2026-01-02T03:04:05Z', sent_at: null }).success).toBe(false);
    expect(parseJsonResponse(ZItem, { id: 'a', created_at: 'yesterday', sent_at: null, tags: [] }).success).toBe(false);
  });

  it('finds the route Hono answers: a fixed path before a parameter, with or without the trailing slash', () => {
    expect(routeOf('GET', '/api/episodes/summary?podcast_id=x')?.path).toBe('/api/episodes/summary');
    expect(routeOf('GET', '/api/episodes/0b0c')?.path).toBe('/api/episodes/{id}');
    expect(routeOf('GET', '/api/podcasts')?.path).toBe('/api/podcasts/');
    expect(routeOf('GET', '/api/episodes')?.path).toBe('/api/episodes');
    expect(routeOf('GET', '/api/episodes/?limit=5')?.path).toBe('/api/episodes/');
    expect(routeOf('GET', '/api/nothing-here')).toBeUndefined();
  });

  it('fails a 2xx answer outside its route’s schema, and leaves errors alone', () => {
    expect(() => assertMatchesContract('GET', '/api/podcasts/', 200, [{ id: 'no other field' }])).toThrow(/response schema/);
    expect(() => assertMatchesContract('GET', '/api/podcasts/', 200, [])).not.toThrow();
    expect(() => assertMatchesContract('GET', '/api/podcasts/', 404, { detail: 'Not found', code: 'NOT_FOUND' })).not.toThrow();
  });
});

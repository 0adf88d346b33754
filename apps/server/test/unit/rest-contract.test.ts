import { describe, expect, it } from 'vitest';
import { assertMatchesContract, routeOf } from '../support/rest-contract.ts';

describe('the API tests’ response check against the OpenAPI document', () => {
  it('finds the route Hono answers: a fixed path before a parameter, with or without the trailing slash', () => {
    expect(routeOf('GET', '/api/episodes/summary?podcast_id=x')?.path).toBe('/api/episodes/summary');
    expect(routeOf('GET', '/api/episodes/0b0c')?.path).toBe('/api/episodes/{id}');
    expect(routeOf('GET', '/api/podcasts')?.path).toBe('/api/podcasts/');
    expect(routeOf('GET', '/api/episodes')?.path).toBe('/api/episodes');
    expect(routeOf('GET', '/api/episodes/?limit=5')?.path).toBe('/api/episodes/');
    expect(routeOf('GET', '/api/nothing-here')).toBeUndefined();
  });

  it('fails a 2xx answer outside its operation’s schema, and checks errors against the error answer', () => {
    expect(() => assertMatchesContract('GET', '/api/podcasts/', 200, [{ id: 'no other field' }])).toThrow(/OpenAPI document's schema/);
    expect(() => assertMatchesContract('GET', '/api/podcasts/', 200, [])).not.toThrow();
    expect(() => assertMatchesContract('GET', '/api/podcasts', 404, { detail: 'Not found', code: 'NOT_FOUND' })).not.toThrow();
    expect(() => assertMatchesContract('GET', '/api/podcasts/', 404, { message: 'Not found' })).toThrow(/schema/);
  });

  it('accepts the null of a nullable enum and refuses a value outside it', () => {
    const features = Object.fromEntries(
      ['uploadRecord', 'basicCleanup', 'manualPublish', 'autopublishSpreaker', 'flubber', 'intern', 'advancedIntern']
        .concat(['sfxTemplates', 'analytics', 'multiUser', 'priorityQueue', 'premiumSupport'])
        .map((name) => [name, false]),
    );
    // A free account's subscription (issue 36: Ajv refused its null billing cycle).
    const free = {
      plan_key: 'free',
      status: 'none',
      source: 'account',
      billing_cycle: null,
      current_period_end: null,
      cancel_at_period_end: false,
      will_cancel_at: null,
      payments_enabled: false,
      trial_available: true,
      portal_available: false,
      features,
    };
    const check = (body: object) => assertMatchesContract('GET', '/api/billing/subscription', 200, body);
    expect(() => check(free)).not.toThrow();
    expect(() => check({ ...free, billing_cycle: 'weekly' })).toThrow(/billing_cycle/);
  });

  it('fails a success on an /api path the document lacks', () => {
    expect(() => assertMatchesContract('GET', '/api/nothing-here', 200, {})).toThrow(/no such operation/);
    expect(() => assertMatchesContract('GET', '/api/openapi.json', 200, {})).not.toThrow();
  });
});

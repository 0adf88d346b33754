import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { openTestOrm } from '../support/database.ts';
import { startTestServer, type TestServer } from '../support/http.ts';

let orm: MikroORM;
let api: TestServer;

beforeAll(async () => {
  const db = await openTestOrm();
  orm = db.orm;
  api = await startTestServer(orm, db.databaseUrl, {
    SPREAKER_CLIENT_ID: 'ppp-app',
    SPREAKER_CLIENT_SECRET: 'ppp-secret',
  });
});
afterAll(async () => {
  await api?.close();
  await orm?.close();
});

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: string | null): Map<string, string[]> {
  return new Map(
    (header ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name = '', ...values]) => [name, values]),
  );
}

describe('security headers on every response', () => {
  it('an injected inline script or eval cannot run in the web app: script-src is this origin and a per-response nonce only', async () => {
    for (const path of ['/api/health', '/api/no-such-route', '/dashboard']) {
      const res = await api.request('GET', path);
      const csp = directives(res.headers.get('content-security-policy'));
      expect(csp.get('script-src')?.[0], path).toBe("'self'");
      expect(csp.get('script-src')?.[1], path).toMatch(/^'nonce-[A-Za-z0-9+/=]{20,}'$/);
      expect(csp.get('script-src'), path).toHaveLength(2);
      expect(csp.get('object-src'), path).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors'), path).toEqual(["'self'"]);
      expect(csp.get('base-uri'), path).toEqual(["'self'"]);
    }
  });

  it('a nonce is never reused: two responses carry different ones', async () => {
    const nonceOf = async () =>
      directives((await api.request('GET', '/api/health')).headers.get('content-security-policy')).get('script-src')?.[1];
    expect(await nonceOf()).not.toBe(await nonceOf());
  });

  it('content sniffing, framing by other sites and full referrers are refused on JSON, errors and pages alike', async () => {
    for (const path of ['/api/health', '/api/no-such-route', '/api/docs']) {
      const res = await api.request('GET', path);
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('x-frame-options'), path).toBe('SAMEORIGIN');
      expect(res.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('x-powered-by'), path).toBeNull();
    }
  });

  it("the Spreaker sign-in popup's one inline script carries the response's nonce, and nothing else on the page can run", async () => {
    const res = await api.request('GET', '/api/auth/spreaker/callback?code=x&state=forged');
    expect(res.status).toBe(400);
    const nonce = /^'nonce-(.+)'$/.exec(directives(res.headers.get('content-security-policy')).get('script-src')?.[1] ?? '')?.[1];
    expect(nonce).toBeTruthy();
    const scripts = [...res.text.matchAll(/<script([^>]*)>/g)].map((m) => m[1]);
    expect(scripts).toEqual([` nonce="${nonce}"`]);
  });

  it("a public show site keeps its own stricter policy (no script at all) instead of the app's", async () => {
    const res = await api.request('GET', '/sites/no-such-show/');
    const csp = directives(res.headers.get('content-security-policy'));
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.has('script-src')).toBe(false);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('an idle connection is kept longer than a proxy would keep it (65 s), so nobody writes onto a socket this side is closing', async () => {
    const res = await api.request('GET', '/api/health');
    expect(res.headers.get('keep-alive')).toBe('timeout=65');
  });
});

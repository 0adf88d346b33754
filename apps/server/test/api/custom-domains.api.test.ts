/**
 * Custom domains proven before they serve (issue 35), with two users on one server and a stand-in
 * resolver (TXT records from a table; the HTTP challenge fetched from this very server with the
 * domain as Host, as if its DNS pointed here): a claim is pending and does not serve; a TXT record
 * with its token proves it; a domain verified by one account is refused to the other (409); the
 * installation answers its own HTTP challenge only for the account that proved the domain before;
 * a released domain needs proof again; a plan without custom domains keeps serving through the grace
 * period (the owner told), then stops.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { CUSTOM_DOMAIN, CUSTOM_DOMAIN_MESSAGES, ZAdminCustomDomainList, ZCustomDomainStatus, ZNotificationList } from '@ppp/contracts';
import { openTestOrm } from '../support/database.ts';
import { testConfig } from '../support/fixtures.ts';
import { startTestServer, twoUsers, type TestServer, type TestUser } from '../support/http.ts';
import { tempDir } from '../support/audio-files.ts';
import { seedShow } from '../support/episodes.ts';
import { getWithHost } from '../support/website.ts';
import { LocalStorage } from '../../src/domain/storage/local-storage.ts';
import { createServices } from '../../src/domain/services.ts';
import { sharedDepsFor } from '../../src/server.ts';
import type { DomainProofPort } from '../../src/domain/website/domain-proof.port.ts';

const DOMAIN = 'www.garden.example';
const DAY_MS = 86_400_000;
/** Dates as REST sends them (ISO strings). */
const dates = { checked_at: z.coerce.date().nullable(), verified_at: z.coerce.date().nullable(), grace_until: z.coerce.date().nullable() };
const ZStatus = ZCustomDomainStatus.extend(dates);
const ZSite = z.object({ public_url: z.string(), custom_domain: z.string().nullable(), domain_status: ZStatus.nullable() });
const ZAdminList = z.object({ items: z.array(ZAdminCustomDomainList.shape.items.element.extend(dates)) });

let orm: MikroORM;
let api: TestServer;
let databaseUrl: string;
let storage: ReturnType<typeof tempDir>;
let a: TestUser;
let b: TestUser;
const shows: Record<'a' | 'b', string> = { a: '', b: '' };
/** The stand-in resolver's TXT records (name → values), and the domains whose address is this server. */
const txt = new Map<string, string[]>();
const pointedHere = new Set<string>();
const proof: DomainProofPort = {
  txt: async (name) => (txt.has(name) ? { found: txt.get(name)! } : { missing: true }),
  httpGet: async (domain, path) => {
    if (!pointedHere.has(domain)) return null;
    const res = await getWithHost(api.baseUrl, path, domain);
    return res.status === 200 ? res.body : null;
  },
};

const site = (who: 'a' | 'b') => `/api/podcasts/${shows[who]}/website`;
const tokenOf = (who: TestUser) => who.token;
async function claim(who: TestUser, show: 'a' | 'b', domain: string) {
  return api.request('PATCH', `${site(show)}/domain`, { token: tokenOf(who), json: { custom_domain: domain } });
}
async function verify(who: TestUser, show: 'a' | 'b') {
  const res = await api.request('POST', `${site(show)}/domain/verify`, { token: tokenOf(who) });
  expect(res.status, res.text).toBe(200);
  return ZSite.parse(res.body);
}
const statusOf = (res: { body: unknown }) => ZSite.parse(res.body).domain_status!;
const page = (domain: string, path = '/') => getWithHost(api.baseUrl, path, domain);

beforeAll(async () => {
  storage = tempDir('ppp-custom-domains-');
  ({ orm, databaseUrl } = await openTestOrm());
  api = await startTestServer(orm, databaseUrl, { STORAGE_DIR: storage.dir }, { domainProof: proof });
  ({ admin: a, user: b } = await twoUsers(api));
  const store = new LocalStorage(storage.dir);
  shows.a = await seedShow(orm, store, a.id, 'Garden Hour', null);
  shows.b = await seedShow(orm, store, b.id, 'Bee Talk', null);
  for (const [who, show] of [
    [a, 'a'],
    [b, 'b'],
  ] as const) {
    expect((await api.request('POST', site(show), { token: who.token })).status).toBe(200);
    expect((await api.request('POST', `${site(show)}/publish`, { token: who.token })).status).toBe(200);
  }
  const pro = await api.request('PATCH', `/api/admin/users/${b.id}`, { token: a.token, json: { tier: 'pro' } });
  expect(pro.status, pro.text).toBe(200);
});
afterAll(async () => {
  await api?.close();
  await orm?.close();
  storage?.remove();
});

describe('a claim', () => {
  it('is pending with a TXT record to add, and does not serve until proven', async () => {
    const res = await claim(a, 'a', DOMAIN);
    expect(res.status, res.text).toBe(200);
    const status = statusOf(res);
    expect(status).toMatchObject({ domain: DOMAIN, state: 'pending', txt_name: `${CUSTOM_DOMAIN.txtPrefix}.${DOMAIN}`, serving: false });
    expect(status.txt_value).toMatch(/^[0-9a-f]{32}$/);
    expect(ZSite.parse(res.body).public_url).not.toContain(DOMAIN);
    const served = await page(DOMAIN);
    expect(served.status).toBe(404);
    expect(served.body).not.toContain('Garden Hour');

    const failed = await verify(a, 'a');
    expect(failed.domain_status).toMatchObject({ state: 'failed', failure: CUSTOM_DOMAIN_MESSAGES.notProven(DOMAIN), serving: false });
    expect((await page(DOMAIN)).body).not.toContain('Garden Hour');
  });

  it('is verified by the TXT record holding its token, and then serves the site', async () => {
    const token = statusOf(await api.request('GET', site('a'), { token: a.token })).txt_value;
    txt.set(`${CUSTOM_DOMAIN.txtPrefix}.${DOMAIN}`, ['unrelated', token]);
    const verified = await verify(a, 'a');
    expect(verified.domain_status).toMatchObject({ state: 'verified', failure: null, serving: true });
    pointedHere.add(DOMAIN);
    expect(verified.public_url).toBe(`http://${DOMAIN}/`);
    const served = await page(DOMAIN);
    expect(served.status).toBe(200);
    expect(served.body).toContain('Garden Hour');
    // The installation answers the claim's HTTP challenge on the domain, and nothing for another token.
    expect((await page(DOMAIN, `${CUSTOM_DOMAIN.challengePath}${token}`)).body).toBe(token);
    expect((await page(DOMAIN, `${CUSTOM_DOMAIN.challengePath}${'0'.repeat(32)}`)).status).toBe(404);
  });

  it('of a domain another account verified is refused (409) and changes nothing', async () => {
    const refused = await claim(b, 'b', DOMAIN);
    expect(refused.status).toBe(409);
    expect(z.object({ detail: z.string() }).parse(refused.body).detail).toBe(CUSTOM_DOMAIN_MESSAGES.verifiedElsewhere);
    expect(ZSite.parse((await api.request('GET', site('b'), { token: b.token })).body).custom_domain).toBeNull();
    expect((await page(DOMAIN)).body).toContain('Garden Hour');
  });
});

describe('a released domain', () => {
  it('stops serving; another account’s claim needs its own TXT record (the HTTP challenge is not answered for it)', async () => {
    expect(statusOf(await claim(a, 'a', '')) ?? null).toBeNull();
    expect((await page(DOMAIN)).body).not.toContain('Garden Hour');
    const pending = statusOf(await claim(b, 'b', DOMAIN));
    expect(pending.state).toBe('pending');
    expect((await page(DOMAIN, `${CUSTOM_DOMAIN.challengePath}${pending.txt_value}`)).status).toBe(404);
    const failed = await verify(b, 'b');
    expect(failed.domain_status).toMatchObject({ state: 'failed', serving: false });
    expect((await page(DOMAIN)).body).not.toContain('Bee Talk');
  });

  it('claimed again by the account that proved it gets a new token and proof again (here the HTTP challenge, its DNS pointing here)', async () => {
    const before = txt.get(`${CUSTOM_DOMAIN.txtPrefix}.${DOMAIN}`)!;
    const again = statusOf(await claim(a, 'a', DOMAIN));
    expect(again).toMatchObject({ state: 'pending', serving: false });
    expect(before).not.toContain(again.txt_value);
    expect((await page(DOMAIN)).body).not.toContain('Garden Hour');
    expect((await page(DOMAIN, `${CUSTOM_DOMAIN.challengePath}${again.txt_value}`)).body).toBe(again.txt_value);
    const verified = await verify(a, 'a');
    expect(verified.domain_status).toMatchObject({ state: 'verified', serving: true });
    expect((await page(DOMAIN)).body).toContain('Garden Hour');
    // B's pending claim, proven now by a TXT record of its own, still cannot take it.
    const theirs = statusOf(await api.request('GET', site('b'), { token: b.token }));
    txt.set(`${CUSTOM_DOMAIN.txtPrefix}.${DOMAIN}`, [theirs.txt_value]);
    expect((await verify(b, 'b')).domain_status).toMatchObject({ state: 'failed', failure: CUSTOM_DOMAIN_MESSAGES.verifiedElsewhere });
    expect((await page(DOMAIN)).body).toContain('Garden Hour');
  });
});

describe('a plan without custom domains', () => {
  const B_DOMAIN = 'podcast.bee.example';
  it('keeps serving through the grace period with a notice to the owner, then stops and needs proof again', async () => {
    const claimed = statusOf(await claim(b, 'b', B_DOMAIN));
    txt.set(`${CUSTOM_DOMAIN.txtPrefix}.${B_DOMAIN}`, [claimed.txt_value]);
    expect((await verify(b, 'b')).domain_status?.serving).toBe(true);

    const free = await api.request('PATCH', `/api/admin/users/${b.id}`, { token: a.token, json: { tier: 'free' } });
    expect(free.status, free.text).toBe(200);
    const grace = statusOf(await api.request('GET', site('b'), { token: b.token }));
    expect(grace).toMatchObject({ state: 'verified', serving: true });
    const graceDays = (grace.grace_until!.getTime() - Date.now()) / DAY_MS;
    expect(graceDays).toBeGreaterThan(CUSTOM_DOMAIN.graceDays - 0.1);
    expect(graceDays).toBeLessThanOrEqual(CUSTOM_DOMAIN.graceDays);
    expect((await page(B_DOMAIN)).body).toContain('Bee Talk');

    // The scheduled re-check, run past the grace period (twice, as a retried job would).
    const shared = sharedDepsFor(testConfig(databaseUrl, { STORAGE_DIR: storage.dir }), { domainProof: proof });
    const later = new Date(grace.grace_until!.getTime() + 1000);
    for (let run = 0; run < 2; run += 1) await createServices(orm.em.fork(), shared).customDomains.recheck(null, later);
    const lapsed = statusOf(await api.request('GET', site('b'), { token: b.token }));
    expect(lapsed).toMatchObject({ state: 'failed', failure: CUSTOM_DOMAIN_MESSAGES.planLapsed, serving: false, grace_until: null });
    expect((await page(B_DOMAIN)).body).not.toContain('Bee Talk');
    const notices = z
      .array(ZNotificationList.element.pick({ title: true }))
      .parse((await api.request('GET', '/api/notifications/', { token: b.token })).body);
    const titles = notices.map((n) => n.title);
    expect(titles.filter((t) => t === CUSTOM_DOMAIN_MESSAGES.graceNoticeTitle)).toHaveLength(1);
    expect(titles.filter((t) => t === CUSTOM_DOMAIN_MESSAGES.lapsedNoticeTitle)).toHaveLength(1);
    await shared.jobs.close();
  });
});

describe('the admin list', () => {
  it('shows every claimed domain with owner, state and last check, to admins only', async () => {
    const res = await api.request('GET', '/api/admin/domains', { token: a.token });
    expect(res.status, res.text).toBe(200);
    const { items } = ZAdminList.parse(res.body);
    expect(items.map((d) => [d.domain, d.owner_email, d.state])).toEqual([
      ['podcast.bee.example', b.email, 'failed'],
      [DOMAIN, a.email, 'verified'],
    ]);
    expect(items.every((d) => d.checked_at instanceof Date)).toBe(true);
    expect((await api.request('GET', '/api/admin/domains', { token: b.token })).status).toBe(403);
    const viaTrpc = await api.trpc(a.token).admin.customDomains.query({});
    expect(viaTrpc.items).toHaveLength(2);
  });
});

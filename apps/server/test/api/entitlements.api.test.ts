/**
 * Entitlements from one place (issue 35): for each way an account gets its plan (the default free
 * tier, the 14-day trial, a Pro subscription bought through checkout at the Stripe stand-in, and
 * an admin's tier override) and each gated feature (custom domain, Flubber, Intern, analytics,
 * priority queue, the month's minutes), REST and tRPC give the same answer, and the answer is the
 * plan's. Before the entitlement service, the checkout customer was refused a custom domain (402)
 * because the website read the account's stored tier.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import Stripe from 'stripe';
import { getTier, ZCheckoutResponse, ZSubscription, ZUsage, type TTierKey } from '@ppp/contracts';
import { openTestOrm } from '../support/database.ts';
import { approvedUser, startTestServer, twoUsers, type TestServer, type TestUser } from '../support/http.ts';
import { seedReadyUpload } from '../support/episodes.ts';
import { timedWords } from '../support/transcripts.ts';
import { TranscriptSchema } from '../../src/domain/transcripts/transcript.entity.ts';
import { startStripeStandIn, stripeEnv, STAND_IN_SECRET_KEY, type StripeStandIn } from '../support/stripe-stand-in.ts';
import { syncStripeCatalog } from '../../src/domain/billing/stripe-catalog.ts';
import { stripeHostOptions } from '../../src/domain/billing/stripe-gateway.ts';

let orm: MikroORM;
let api: TestServer;
let stripe: StripeStandIn;
let adminToken: string;

interface Subject {
  source: string;
  tier: TTierKey;
  user: TestUser;
  show: string;
  upload: string;
}
const subjects: Subject[] = [];

/** A signed-in creator with a show and a Ready, transcribed upload. */
async function creator(label: string): Promise<Omit<Subject, 'source' | 'tier'>> {
  const user = await approvedUser(api, adminToken, label);
  const em = orm.em.fork();
  const { show, upload } = seedReadyUpload(em, user.id, label);
  const words = timedWords(['Welcome to the show.', 'Thanks for listening.']);
  em.create(TranscriptSchema, {
    media: upload,
    engine: 'whisper.cpp',
    language: 'en',
    durationSeconds: 60,
    words,
    text: words.map((w) => w.text).join(' '),
  });
  await em.flush();
  return { user, show: show.id, upload: upload.filename };
}

/** Pro, monthly, through checkout: the stand-in's checkout page posts, its webhook applies the subscription. */
async function buyPro(user: TestUser): Promise<void> {
  const res = await api.request('POST', '/api/billing/checkout', {
    token: user.token,
    json: { plan_key: 'pro', billing_cycle: 'monthly' },
  });
  expect(res.status, res.text).toBe(200);
  const paid = await fetch(ZCheckoutResponse.parse(res.body).url, { method: 'POST', redirect: 'manual' });
  expect(paid.status).toBe(303);
}

beforeAll(async () => {
  const db = await openTestOrm();
  orm = db.orm;
  stripe = await startStripeStandIn();
  api = await startTestServer(orm, db.databaseUrl, stripeEnv(stripe));
  stripe.setWebhookUrl(`${api.baseUrl}/api/billing/webhook`);
  await syncStripeCatalog(new Stripe(STAND_IN_SECRET_KEY, stripeHostOptions(stripe.url)));
  const users = await twoUsers(api);
  adminToken = users.admin.token;

  subjects.push({ source: 'default tier', tier: 'free', ...(await creator('free')) });
  const trial = await creator('trial');
  expect((await api.request('POST', '/api/billing/trial', { token: trial.user.token })).status).toBe(200);
  subjects.push({ source: 'trial', tier: 'creator', ...trial });
  const bought = await creator('checkout');
  await buyPro(bought.user);
  subjects.push({ source: 'checkout subscription', tier: 'pro', ...bought });
  const override = await creator('override');
  const set = await api.request('PATCH', `/api/admin/users/${override.user.id}`, { token: adminToken, json: { tier: 'enterprise' } });
  expect(set.status).toBe(200);
  subjects.push({ source: 'admin override', tier: 'enterprise', ...override });
});
afterAll(async () => {
  await api?.close();
  await stripe?.close();
  await orm?.close();
});

/** The HTTP status of a call over REST and over tRPC (any 2xx as 200). */
async function statuses(rest: () => Promise<{ status: number }>, trpc: () => Promise<unknown>): Promise<[number, number]> {
  const restStatus = (await rest()).status;
  const trpcStatus = await trpc().then(
    () => 200,
    (error: { data?: { httpStatus?: number } }) => error.data?.httpStatus ?? 0,
  );
  return [restStatus < 300 ? 200 : restStatus, trpcStatus];
}

type Gate = 'locked' | 'passes';

/** What the plan gate said over each: 'locked' for its 402, 'passes' for anything past it (a 2xx, or a later check such as a transcript not ready). */
async function gates(rest: () => Promise<{ status: number }>, trpc: () => Promise<unknown>): Promise<[Gate, Gate]> {
  const pair = await statuses(rest, trpc);
  return pair.map((status) => (status === 402 ? 'locked' : 'passes')) as [Gate, Gate];
}

describe.each([0, 1, 2, 3])('plan source #%i', (index) => {
  const subject = () => subjects[index] as Subject;

  it('reads the same plan, features and minutes over REST and tRPC, the tier table’s for the plan', async () => {
    const { user, tier } = subject();
    const rest = ZSubscription.parse((await api.request('GET', '/api/billing/subscription', { token: user.token })).body);
    const trpc = await api.trpc(user.token).billing.subscription.query();
    expect(rest).toEqual(trpc);
    expect(rest.plan_key, subject().source).toBe(tier);
    expect(rest.features).toMatchObject(getTier(tier).features);
    const usage = ZUsage.parse((await api.request('GET', '/api/billing/usage', { token: user.token })).body);
    expect(await api.trpc(user.token).billing.usage.query()).toEqual(usage);
    expect(usage).toMatchObject({ tier, max_processing_minutes_month: getTier(tier).processingMinutes });
  });

  it('gates the custom domain by the plan, the same over REST and tRPC', async () => {
    const { user, show, tier } = subject();
    const allowed = ['pro', 'enterprise'].includes(tier);
    const created = await api.request('POST', `/api/podcasts/${show}/website`, { token: user.token });
    expect(created.status, created.text).toBeLessThan(300);
    expect(created.body).toMatchObject({ custom_domain_allowed: allowed });
    const domain = `${tier}-${index}.example.org`;
    const [rest, trpc] = await statuses(
      () => api.request('PATCH', `/api/podcasts/${show}/website/domain`, { token: user.token, json: { custom_domain: domain } }),
      () => api.trpc(user.token).website.setDomain.mutate({ podcast_id: show, custom_domain: `www.${domain}` }),
    );
    expect([rest, trpc], subject().source).toEqual(allowed ? [200, 200] : [402, 402]);
  });

  it('gates Flubber, Intern and analytics by the plan, the same over REST and tRPC', async () => {
    const { user, upload, tier } = subject();
    const features = getTier(tier).features;
    const trpc = api.trpc(user.token);
    const expectGate = (feature: boolean, pair: [Gate, Gate]) =>
      expect(pair, subject().source).toEqual(feature ? ['passes', 'passes'] : ['locked', 'locked']);
    expectGate(
      features.flubber,
      await gates(
        () => api.request('POST', '/api/flubber/prepare-by-file', { token: user.token, json: { filename: upload } }),
        () => trpc.episodeCreator.flubberPrepareByFile.mutate({ filename: upload }),
      ),
    );
    expectGate(
      features.intern,
      await gates(
        () => api.request('POST', '/api/intern/prepare-by-file', { token: user.token, json: { filename: upload } }),
        () => trpc.episodeCreator.internPrepareByFile.mutate({ filename: upload }),
      ),
    );
    expectGate(
      features.analytics,
      await gates(
        () => api.request('GET', '/api/spreaker/analytics/plays/shows?window=last30d', { token: user.token }),
        () => trpc.publishing.showPlays.query({ window: 'last30d' }),
      ),
    );
    expect((await trpc.billing.subscription.query()).features.priorityQueue).toBe(tier === 'enterprise');
  });
});

/**
 * GET /api/admin/metrics through the real HTTP stack: one entry per UTC day of the range ending
 * today, signups and active users counted from what really happened (a backdated signup lands on its
 * day), the 7d/30d/90d/1y ranges, money figures from stored subscriptions and payments, and a
 * creator refused with 403.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { MESSAGES } from '@ppp/contracts';
import { closeApiBed, startApiBed } from '../support/api-bed.ts';
import { errorOf, twoUsers, type TestServer } from '../support/http.ts';

let orm: MikroORM;
let api: TestServer;
let admin: { token: string };
let creator: { token: string; id: string };

const ZDays = z.array(z.object({ date: z.string(), count: z.number() }));
const ZMetricsJson = z.object({
  range: z.string(),
  daily_active_users_30d: ZDays,
  daily_signups_30d: ZDays,
  payments_enabled: z.boolean(),
  mrr_cents: z.number(),
  arr_cents: z.number(),
  revenue_30d_cents: z.number(),
});

const DAY_MS = 86_400_000;
const utcDate = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY_MS).toISOString().slice(0, 10);

beforeAll(async () => {
  ({ orm, api } = await startApiBed());
  ({ admin, user: creator } = await twoUsers(api));
}, 60_000);
afterAll(() => closeApiBed({ api, orm }));

const sql = (query: string, params: unknown[] = []) => orm.em.fork().getConnection().execute(query, params);

async function metrics(query = '') {
  const res = await api.request('GET', `/api/admin/metrics${query}`, { token: admin.token });
  expect(res.status, res.text).toBe(200);
  return ZMetricsJson.parse(res.body);
}

const countOn = (days: z.infer<typeof ZDays>, date: string) => days.find((d) => d.date === date)?.count;

describe('GET /api/admin/metrics', () => {
  it('refuses a creator with 403', async () => {
    const res = await api.request('GET', '/api/admin/metrics', { token: creator.token });
    expect(errorOf(res)).toMatchObject({ status: 403, detail: MESSAGES.adminAccessDenied });
  });

  it('has one day per entry for 30 days ending today, with today’s signups and active users', async () => {
    const m = await metrics();
    expect(m.range).toBe('30d');
    expect(m.daily_signups_30d.map((d) => d.date)).toEqual(Array.from({ length: 30 }, (_, i) => utcDate(29 - i)));
    expect(m.daily_active_users_30d.map((d) => d.date)).toEqual(m.daily_signups_30d.map((d) => d.date));
    expect(countOn(m.daily_signups_30d, utcDate(0))).toBe(2);
    expect(countOn(m.daily_active_users_30d, utcDate(0))).toBe(2);
    expect(m.daily_signups_30d.slice(0, -1).every((d) => d.count === 0)).toBe(true);
  });

  it('counts a signup and an activity on the day they happened', async () => {
    await sql(`update users set created_at = now() - interval '3 days', last_activity_at = null where id = ?`, [creator.id]);
    await sql(`update sessions set created_at = now() - interval '5 days' where user_id = ?`, [creator.id]);
    const m = await metrics();
    expect(countOn(m.daily_signups_30d, utcDate(3))).toBe(1);
    expect(countOn(m.daily_signups_30d, utcDate(0))).toBe(1);
    expect(countOn(m.daily_active_users_30d, utcDate(5))).toBe(1);
    expect(countOn(m.daily_active_users_30d, utcDate(0))).toBe(1);
  });

  it('answers the 7d, 90d and 1y ranges and refuses another', async () => {
    expect((await metrics('?range=7d')).daily_signups_30d).toHaveLength(7);
    expect((await metrics('?range=90d')).daily_active_users_30d).toHaveLength(90);
    const year = await metrics('?range=1y');
    expect(year.daily_signups_30d).toHaveLength(365);
    expect(year.daily_signups_30d.at(-1)?.date).toBe(utcDate(0));
    const bad = await api.request('GET', '/api/admin/metrics?range=2d', { token: admin.token });
    expect(errorOf(bad).status).toBe(422);
  });

  it('reports MRR, ARR and 30-day revenue from stored subscriptions and payments', async () => {
    expect(await metrics()).toMatchObject({ payments_enabled: false, mrr_cents: 0, arr_cents: 0, revenue_30d_cents: 0 });
    await sql(
      `insert into subscriptions (id, user_id, source, stripe_subscription_id, plan_key, billing_cycle, status, current_period_end,
                                  cancel_at_period_end, monthly_cents, created_at, updated_at)
       values (?, ?, 'stripe', 'sub_test', 'creator', 'monthly', 'active', now() + interval '20 days', false, 3900, now(), now())`,
      [randomUUID(), creator.id],
    );
    await sql(
      `insert into payments (id, user_id, ref, kind, amount_cents, currency, minutes, created_at) values (?, ?, 'in_1', 'invoice', 3900, 'usd', 0, now())`,
      [randomUUID(), creator.id],
    );
    await sql(
      `insert into payments (id, user_id, ref, kind, amount_cents, currency, minutes, created_at) values (?, ?, 'in_0', 'invoice', 1900, 'usd', 0, now() - interval '40 days')`,
      [randomUUID(), creator.id],
    );
    expect(await metrics()).toMatchObject({ mrr_cents: 3900, arr_cents: 46800, revenue_30d_cents: 3900 });
  });
});

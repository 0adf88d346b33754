/** Recurring schedules of templates over REST and tRPC, with two users (spec 000 section 7). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRPCClientError } from '@trpc/client';
import { z } from 'zod';
import { errorOf, type TestServer } from '../support/http.ts';
import {
  closeTemplatesBed,
  startTemplatesBed,
  templateBody as body,
  ZTemplateView as ZView,
  type TemplateOwner,
  type TemplatesBed,
} from '../support/templates-bed.ts';

let api: TestServer;
let a: TemplateOwner;
let b: TemplateOwner;
let bed: TemplatesBed | undefined;

beforeAll(async () => {
  bed = await startTemplatesBed('ppp-template-schedules-test-');
  ({ api, a, b } = bed);
});
afterAll(() => closeTemplatesBed(bed));

describe('recurring schedules', () => {
  it('stores slots (duplicates dropped), answers next occurrences in each timezone, over both layers', async () => {
    const template = ZView.parse(
      (await api.request('POST', '/api/templates/', { token: a.token, json: body(a, { name: 'Scheduled' }) })).body,
    );
    const empty = await api.request('GET', `/api/recurring/templates/${template.id}/schedules`, { token: a.token });
    expect(empty.body).toEqual({ timezone: 'UTC', schedules: [] });
    expect((await api.request('GET', `/api/recurring/templates/${template.id}/next`, { token: a.token })).body).toMatchObject({
      next_publish_date: null,
      next_publish_time: null,
    });

    const put = await api.request('PUT', `/api/recurring/templates/${template.id}/schedules`, {
      token: a.token,
      json: {
        timezone: 'America/New_York',
        schedules: [
          { id: 'tmp-1', day_of_week: 0, time_of_day: '05:00' },
          { id: 'tmp-2', day_of_week: 0, time_of_day: '05:00' },
          { day_of_week: 3, time_of_day: '18:30', advance_minutes: 30, timezone: 'Europe/Berlin' },
          { day_of_week: 6, time_of_day: '09:00', enabled: false },
        ],
      },
    });
    expect(put.status).toBe(200);
    const ZSchedules = z.object({
      timezone: z.string(),
      schedules: z.array(
        z.object({
          id: z.string(),
          day_of_week: z.number(),
          time_of_day: z.string(),
          enabled: z.boolean(),
          advance_minutes: z.number(),
          timezone: z.string(),
          next_scheduled: z.string().nullable(),
          next_scheduled_local: z.string().nullable(),
          next_scheduled_time: z.string().nullable(),
        }),
      ),
    });
    const saved = ZSchedules.parse(put.body);
    expect(saved.timezone).toBe('America/New_York');
    expect(saved.schedules.map((s) => [s.day_of_week, s.time_of_day, s.timezone, s.advance_minutes, s.enabled])).toEqual([
      [0, '05:00', 'America/New_York', 60, true],
      [3, '18:30', 'Europe/Berlin', 30, true],
      [6, '09:00', 'America/New_York', 60, false],
    ]);
    expect(saved.schedules[0]?.id).not.toBe('tmp-1');
    expect(saved.schedules[0]?.next_scheduled_time).toBe('05:00');
    expect(saved.schedules[0]?.next_scheduled_local).toMatch(/T05:00:00-0[45]:00$/);
    expect(saved.schedules[1]?.next_scheduled_local).toMatch(/T18:30:00\+0[12]:00$/);
    expect(saved.schedules[2]?.next_scheduled).toBeNull();

    const again = ZSchedules.parse(await api.trpc(a.token).templates.schedules.query({ id: template.id }));
    expect(again.schedules.map((s) => s.id)).toEqual(saved.schedules.map((s) => s.id));
    const next = await api.request('GET', `/api/recurring/templates/${template.id}/next`, { token: a.token });
    const firstDue = saved.schedules
      .filter((s) => s.next_scheduled)
      .sort((x, y) => Date.parse(x.next_scheduled ?? '') - Date.parse(y.next_scheduled ?? ''))[0];
    expect(next.body).toMatchObject({
      next_publish_at: firstDue?.next_scheduled,
      next_publish_time: firstDue?.next_scheduled_time,
      timezone: firstDue?.timezone,
    });

    // Saving the same slots keeps their ids; the tRPC twin takes the same body.
    const kept = await api.trpc(a.token).templates.saveSchedules.mutate({
      id: template.id,
      schedule: { timezone: 'America/New_York', schedules: saved.schedules.slice(0, 1) },
    });
    expect(kept.schedules.map((s) => s.id)).toEqual([saved.schedules[0]?.id]);
    expect(
      errorOf(
        await api.request('PUT', `/api/recurring/templates/${template.id}/schedules`, {
          token: a.token,
          json: { timezone: 'Mars/Olympus', schedules: [] },
        }),
      ).status,
    ).toBe(422);
    expect(
      errorOf(
        await api.request('PUT', `/api/recurring/templates/${template.id}/schedules`, {
          token: a.token,
          json: { schedules: [{ day_of_week: 7, time_of_day: '05:00' }] },
        }),
      ).status,
    ).toBe(422);
    expect(
      errorOf(await api.request('PUT', `/api/recurring/templates/${template.id}/schedules`, { token: b.token, json: { schedules: [] } }))
        .status,
    ).toBe(404);
    await expect(api.trpc(b.token).templates.next.query({ id: template.id })).rejects.toBeInstanceOf(TRPCClientError);
  });

  it('stores bi-weekly and one-off slots with their dates, keeps them on a save, and answers their next occurrence', async () => {
    const template = ZView.parse(
      (await api.request('POST', '/api/templates/', { token: a.token, json: body(a, { name: 'Fortnightly' }) })).body,
    );
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const weekday = (iso: string) => (new Date(`${iso}T00:00:00Z`).getUTCDay() + 6) % 7;
    const start = day(3);
    const past = day(-3);
    const put = await api.request('PUT', `/api/recurring/templates/${template.id}/schedules`, {
      token: a.token,
      json: {
        timezone: 'UTC',
        schedules: [
          { repeat: 'biweekly', date: start, day_of_week: (weekday(start) + 1) % 7, time_of_day: '05:00' },
          { repeat: 'once', date: day(10), time_of_day: '06:00' },
          { repeat: 'once', date: past, time_of_day: '06:00' },
          { day_of_week: 0, time_of_day: '05:00' },
        ],
      },
    });
    expect(put.status).toBe(200);
    const ZDated = z.object({
      schedules: z.array(
        z.object({
          id: z.string(),
          repeat: z.string(),
          date: z.string().nullable(),
          day_of_week: z.number(),
          next_scheduled_date: z.string().nullable(),
        }),
      ),
    });
    const saved = ZDated.parse(put.body);
    // The weekday is the date's, whatever was sent; a passed one-off has no next occurrence.
    expect(saved.schedules.map((s) => [s.repeat, s.date, s.day_of_week, s.next_scheduled_date])).toEqual([
      ['biweekly', start, weekday(start), start],
      ['once', day(10), weekday(day(10)), day(10)],
      ['once', past, weekday(past), null],
      ['weekly', null, 0, expect.any(String)],
    ]);
    // Reading back through tRPC and saving the read slots unchanged keeps them dated.
    const read = await api.trpc(a.token).templates.schedules.query({ id: template.id });
    const again = await api
      .trpc(a.token)
      .templates.saveSchedules.mutate({ id: template.id, schedule: { timezone: read.timezone, schedules: read.schedules } });
    expect(again.schedules.map((s) => [s.id, s.repeat, s.date])).toEqual(saved.schedules.map((s) => [s.id, s.repeat, s.date]));
    const next = await api.request('GET', `/api/recurring/templates/${template.id}/next`, { token: a.token });
    const soonest = [start, ...saved.schedules.map((s) => s.next_scheduled_date ?? '9999')].sort()[0];
    expect(next.body).toMatchObject({ next_publish_date: soonest });

    const undated = await api.request('PUT', `/api/recurring/templates/${template.id}/schedules`, {
      token: a.token,
      json: { schedules: [{ repeat: 'biweekly', time_of_day: '05:00' }] },
    });
    expect(errorOf(undated).status).toBe(422);
    expect(
      errorOf(
        await api.request('PUT', `/api/recurring/templates/${template.id}/schedules`, {
          token: a.token,
          json: { schedules: [{ repeat: 'once', date: '2026-02-30' }] },
        }),
      ).status,
    ).toBe(422);
    // Refused input changed nothing.
    const after = ZDated.parse((await api.request('GET', `/api/recurring/templates/${template.id}/schedules`, { token: a.token })).body);
    expect(after.schedules.map((s) => s.id)).toEqual(saved.schedules.map((s) => s.id));
  });
});

/** The bell's notifications and the audio cleanup settings over REST and tRPC, with two users. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { DEFAULT_AUDIO_CLEANUP_SETTINGS, NOTIFICATION_LINKS, ZAudioCleanupSettings } from '@ppp/contracts';
import { closeApiBed, startApiBed } from '../support/api-bed.ts';
import { servicesFor, testConfig } from '../support/fixtures.ts';
import { errorOf, twoUsers, type TestServer } from '../support/http.ts';

let orm: MikroORM;
let api: TestServer;
let databaseUrl: string;
let a: { token: string; email: string; id: string };
let b: { token: string; email: string; id: string };

const ZList = z.array(
  z.object({
    id: z.string(),
    title: z.string(),
    body: z.string(),
    created_at: z.string(),
    read_at: z.string().nullable(),
    link: z.string().nullable(),
  }),
);

beforeAll(async () => {
  ({ orm, api, databaseUrl } = await startApiBed());
  ({ admin: a, user: b } = await twoUsers(api));
});
afterAll(() => closeApiBed({ api, orm }));

describe('notifications', () => {
  it('lists newest first, marks one and then all read, and never shows or touches another user’s', async () => {
    const services = () => servicesFor(orm, testConfig(databaseUrl));
    const aId = a.id;
    await services().notifications.notify(aId, { title: 'First', body: 'one' });
    await new Promise((r) => setTimeout(r, 20));
    const link = NOTIFICATION_LINKS.episode('2d7f7c1e-3c7b-4c55-9d55-0a5d3c1b9e10');
    await services().notifications.notify(aId, { title: 'Second', body: 'two', dedupeKey: 'test:second', link });
    await services().notifications.notify(aId, { title: 'Second again', body: 'duplicate', dedupeKey: 'test:second' });
    await services().notifications.notify(b.id, { title: 'For B', body: 'b' });

    const list = ZList.parse((await api.request('GET', '/api/notifications/', { token: a.token })).body);
    expect(list.map((n) => n.title)).toEqual(['Second', 'First']);
    // A notice opens what it is about (issue 19): its app path, or none.
    expect(list.map((n) => n.link)).toEqual([link, null]);
    expect((await api.trpc(a.token).notifications.list.query()).map((n) => n.link)).toEqual([link, null]);
    expect(list.every((n) => n.read_at === null)).toBe(true);
    expect(await api.trpc(a.token).notifications.unreadCount.query()).toEqual({ unread: 2 });

    const [second, first] = list;
    expect(errorOf(await api.request('POST', `/api/notifications/${second?.id}/read`, { token: b.token })).status).toBe(404);
    const read = await api.request('POST', `/api/notifications/${second?.id}/read`, { token: a.token });
    expect(read.status).toBe(200);
    expect(z.object({ read_at: z.string() }).parse(read.body).read_at).toBeTruthy();
    expect(await api.trpc(a.token).notifications.unreadCount.query()).toEqual({ unread: 1 });

    const all = await api.request('POST', '/api/notifications/read-all', { token: a.token });
    expect(all.body).toEqual({ ok: true, updated: 1 });
    const after = ZList.parse((await api.request('GET', '/api/notifications', { token: a.token })).body);
    expect(after.find((n) => n.id === first?.id)?.read_at).not.toBeNull();
    const forB = ZList.parse((await api.request('GET', '/api/notifications/', { token: b.token })).body);
    expect(forB.map((n) => [n.title, n.read_at])).toEqual([['For B', null]]);
  });
});

describe('audio cleanup settings', () => {
  const ZEnvelope = z.object({ settings: ZAudioCleanupSettings });

  it('starts at the spec defaults', async () => {
    const res = await api.request('GET', '/api/users/me/audio-cleanup-settings', { token: b.token });
    const { settings } = ZEnvelope.parse(res.body);
    expect(settings).toEqual(DEFAULT_AUDIO_CLEANUP_SETTINGS);
    expect(settings).toMatchObject({
      fillerWords: ['um', 'uh', 'like'],
      fillerLeadTrimMs: 100,
      maxPauseSeconds: 1.8,
      targetPauseSeconds: 0.6,
      censorMatchThreshold: 0.8,
      censorBeepMs: 250,
      censorBeepFreq: 1000,
      censorBeepGainDb: 0,
      commands: {
        flubber: { trigger_keyword: 'flubber' },
        intern: { trigger_keyword: 'intern', end_markers: ['stop', 'stop intern'], remove_end_marker: true },
      },
    });
  });

  it('saves a partial change, keeps the rest, splits stop phrases, and is per user', async () => {
    const res = await api.request('PUT', '/api/users/me/audio-cleanup-settings', {
      token: b.token,
      json: { settings: { maxPauseSeconds: 2.5, commands: { intern: { end_markers: 'stop | Stop,done intern,  done intern' } } } },
    });
    expect(res.status).toBe(200);
    const { settings } = ZEnvelope.parse(res.body);
    expect(settings.maxPauseSeconds).toBe(2.5);
    expect(settings.commands.intern.end_markers).toEqual(['stop', 'done intern']);
    expect(settings.commands.intern.trigger_keyword).toBe('intern');
    expect(settings.commands.flubber.trigger_keyword).toBe('flubber');
    const again = ZEnvelope.parse((await api.request('GET', '/api/users/me/audio-cleanup-settings', { token: b.token })).body);
    expect(again.settings).toEqual(settings);
    const forA = ZEnvelope.parse((await api.request('GET', '/api/users/me/audio-cleanup-settings', { token: a.token })).body);
    expect(forA.settings.maxPauseSeconds).toBe(1.8);
  });

  it('refuses values outside the spec limits with 422 and keeps what was saved', async () => {
    for (const settings of [
      { maxPauseSeconds: 0.3 },
      { targetPauseSeconds: 0.1 },
      { fillerLeadTrimMs: -1 },
      { censorMatchThreshold: 0.33 },
      { censorMatchThreshold: 1.2 },
    ]) {
      const res = await api.request('PUT', '/api/users/me/audio-cleanup-settings', { token: b.token, json: { settings } });
      expect(errorOf(res)).toMatchObject({ status: 422, code: 'VALIDATION' });
    }
    const kept = ZEnvelope.parse((await api.request('GET', '/api/users/me/audio-cleanup-settings', { token: b.token })).body);
    expect(kept.settings.maxPauseSeconds).toBe(2.5);
    const viaTrpc = await api.trpc(b.token).audioCleanup.update.mutate({ settings: { censorEnabled: true, censorWords: ['darn'] } });
    expect(viaTrpc).toMatchObject({ censorEnabled: true, censorWords: ['darn'], maxPauseSeconds: 2.5 });
  });
});

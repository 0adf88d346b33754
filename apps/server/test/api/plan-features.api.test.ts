/**
 * Plan features enforced where they act (spec 002 §9, issue 15), over REST and tRPC, with accounts
 * on different tiers: B on the free tier (Starter's features), C moved by the admin to Creator and
 * then Pro. Flubber and Intern reviews, Intern's regenerate (Advanced Intern), analytics, and the
 * assemble inputs (retakes, Intern answers, sound effects, publishing to Spreaker on its own), a
 * schedule on a Spreaker show and an RSS import that publishes to Spreaker: a refused call is a 402
 * FEATURE_LOCKED naming the feature with the upgrade message, and changes nothing; the tier that
 * includes the feature gets past the check. No worker runs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { TRPCClientError } from '@trpc/client';
import {
  PAYMENTS_MESSAGES,
  PLAN_FEATURE_LABELS,
  ZSubscription,
  ZUsage,
  type TAssembleEpisodeRequestInput,
  type TPlanFeature,
  type TTierKey,
} from '@ppp/contracts';
import { closeApiBed, createTemplate, type Creator, startApiBed } from '../support/api-bed.ts';
import { approvedUser, errorOf, twoUsers, type HttpResult, type TestServer, type TestUser } from '../support/http.ts';
import { seedReadyUpload } from '../support/episodes.ts';
import { timedWords } from '../support/transcripts.ts';
import { PodcastSchema } from '../../src/domain/podcasts/podcast.entity.ts';
import { TranscriptSchema } from '../../src/domain/transcripts/transcript.entity.ts';
import { EpisodeSchema } from '../../src/domain/episodes/episode.entity.ts';
import { RssImportSchema } from '../../src/domain/rss-import/rss-import.entity.ts';

let orm: MikroORM;
let api: TestServer;
let adminToken: string;

/** B: the free tier. C: Creator, later Pro. */
let b: Creator;
let c: Creator;

/** A show, a Ready upload with words (no retakes or commands in them) and a template of it. */
async function creator(token: string, id: string, label: string): Promise<Creator> {
  const em = orm.em.fork();
  const { show, upload } = seedReadyUpload(em, id, label);
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
  const template = await createTemplate(api, token, {
    name: `Template ${label}`,
    podcast_id: show.id,
    segments: [{ id: 'content', segment_type: 'content', source: { source_type: 'static', filename: '' } }],
  });
  return { token, id, template, upload: upload.filename, show: show.id };
}

const account = (label: string): Promise<TestUser> => approvedUser(api, adminToken, label);

async function setTier(who: Creator, tier: TTierKey): Promise<void> {
  const res = await api.request('PATCH', `/api/admin/users/${who.id}`, { token: adminToken, json: { tier } });
  expect(res.status, res.text).toBe(200);
}

/** A 402 FEATURE_LOCKED naming the feature, its upgrade message and the caller's tier. */
function expectLocked(res: HttpResult, feature: TPlanFeature, tier: TTierKey): void {
  expect(errorOf(res)).toMatchObject({
    status: 402,
    code: 'FEATURE_LOCKED',
    detail: PAYMENTS_MESSAGES.featureLocked(PLAN_FEATURE_LABELS[feature]),
  });
  expect(res.body).toMatchObject({ feature, tier });
}

/** The same refusal through tRPC: PAYMENT_REQUIRED, the app code and the feature in the error data. */
async function expectLockedTrpc(call: Promise<unknown>, feature: TPlanFeature): Promise<void> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TRPCClientError);
  const trpcError = error as TRPCClientError<never>;
  expect(trpcError.message).toBe(PAYMENTS_MESSAGES.featureLocked(PLAN_FEATURE_LABELS[feature]));
  expect(trpcError.data).toMatchObject({ code: 'PAYMENT_REQUIRED', appCode: 'FEATURE_LOCKED', details: { feature } });
}

const post = (who: Creator, path: string, json: unknown) => api.request('POST', path, { token: who.token, json });
const whole = (who: Creator): TAssembleEpisodeRequestInput => ({
  template_id: who.template,
  main_content_filename: who.upload,
  episode_details: { title: 'A talk', description: 'About talking', episodeNumber: 1 },
});
const usageOf = async (who: Creator) => ZUsage.parse((await api.request('GET', '/api/billing/usage', { token: who.token })).body);

/** Nothing of the user's changed: no minutes or episodes used, no episode row. */
async function expectNoEpisode(who: Creator): Promise<void> {
  expect(await usageOf(who)).toMatchObject({ minutes_used: 0, episodes_used_this_month: 0 });
  expect(await orm.em.fork().count(EpisodeSchema, { user: who.id })).toBe(0);
}

beforeAll(async () => {
  ({ orm, api } = await startApiBed());
  const users = await twoUsers(api);
  adminToken = users.admin.token;
  b = await creator(users.user.token, users.user.id, 'b');
  const third = await account('creator-c');
  c = await creator(third.token, third.id, 'c');
  await setTier(c, 'creator');
});
afterAll(async () => {
  await closeApiBed({ api, orm });
});

describe('what the plan includes', () => {
  it("is in each account's subscription, from the tier table", async () => {
    const featuresOf = async (who: Creator) =>
      ZSubscription.parse((await api.request('GET', '/api/billing/subscription', { token: who.token })).body).features;
    expect(await featuresOf(b)).toMatchObject({ uploadRecord: true, manualPublish: true, flubber: false, intern: false, analytics: false });
    expect(await featuresOf(c)).toMatchObject({ flubber: true, intern: true, autopublishSpreaker: true, advancedIntern: false });
  });
});

describe('Flubber and Intern reviews', () => {
  it('refuses the retake scan and the Intern commands on the free tier, and gives them to Creator', async () => {
    expectLocked(await post(b, '/api/flubber/prepare-by-file', { filename: b.upload }), 'flubber', 'free');
    expectLocked(await post(b, '/api/intern/prepare-by-file', { filename: b.upload }), 'intern', 'free');
    await expectLockedTrpc(api.trpc(b.token).episodeCreator.flubberPrepareByFile.mutate({ filename: b.upload }), 'flubber');
    await expectLockedTrpc(api.trpc(b.token).episodeCreator.internPrepareByFile.mutate({ filename: b.upload }), 'intern');

    const flubber = await post(c, '/api/flubber/prepare-by-file', { filename: c.upload });
    expect(flubber.status, flubber.text).toBe(200);
    expect(flubber.body).toEqual({ contexts: [], suggestions: [], fillers: [] });
    const intern = await post(c, '/api/intern/prepare-by-file', { filename: c.upload });
    expect(intern.status, intern.text).toBe(200);
    expect(intern.body).toEqual({ contexts: [] });
  });

  it("still answers 404 for another user's upload, whatever the plan", async () => {
    expect((await post(b, '/api/flubber/prepare-by-file', { filename: c.upload })).status).toBe(404);
    expect((await post(b, '/api/intern/prepare-by-file', { filename: c.upload })).status).toBe(404);
  });

  it("refuses Intern's regenerate below Pro (Advanced Intern) and lets Pro ask again", async () => {
    const execute = { filename: c.upload, command_id: `${c.upload}:intern:0`, start_s: 1, end_s: 3, regenerate: true };
    expectLocked(await post(c, '/api/intern/execute', execute), 'advancedIntern', 'creator');
    // Without regenerate, Creator's Intern goes on to look for the command (there is none in these words).
    expect((await post(c, '/api/intern/execute', { ...execute, regenerate: false })).status).toBe(404);
    expectLocked(await post(b, '/api/intern/execute', { ...execute, filename: b.upload, regenerate: false }), 'intern', 'free');
    await setTier(c, 'pro');
    try {
      expect((await post(c, '/api/intern/execute', execute)).status).toBe(404);
    } finally {
      await setTier(c, 'creator');
    }
  });
});

describe('analytics', () => {
  it('is Pro: free and Creator get the locked message, Pro gets the plays', async () => {
    for (const path of ['/api/spreaker/analytics/plays/episodes?window=last30d', '/api/spreaker/analytics/plays/shows?window=last30d']) {
      expectLocked(await api.request('GET', path, { token: b.token }), 'analytics', 'free');
      expectLocked(await api.request('GET', path, { token: c.token }), 'analytics', 'creator');
    }
    await expectLockedTrpc(api.trpc(c.token).publishing.showPlays.query({ window: 'last30d' }), 'analytics');
    await setTier(c, 'pro');
    try {
      const plays = await api.request('GET', '/api/spreaker/analytics/plays/shows?window=last30d', { token: c.token });
      expect(plays.status, plays.text).toBe(200);
      expect(plays.body).toMatchObject({ items: [{ podcast_id: c.show, plays_total: 0 }] });
    } finally {
      await setTier(c, 'creator');
    }
    // Another user's show stays a 404, not a plan question.
    const other = await api.request('GET', `/api/spreaker/analytics/plays/shows?window=last30d&podcast_id=${c.show}`, { token: b.token });
    expect(other.status).toBe(404);
  });
});

describe('assemble inputs', () => {
  it('refuses retakes, Intern answers and sound effects the plan lacks before anything is charged', async () => {
    expectLocked(await post(b, '/api/episodes/assemble', { ...whole(b), intents: { flubber: 'yes' } }), 'flubber', 'free');
    expectLocked(
      await post(b, '/api/episodes/assemble', { ...whole(b), flubber_cuts_ms: [{ start_ms: 1000, end_ms: 2000 }] }),
      'flubber',
      'free',
    );
    expectLocked(
      await post(b, '/api/episodes/assemble', { ...whole(b), intern_answers: [{ intern_index: 0, text: 'Paris.' }] }),
      'intern',
      'free',
    );
    expectLocked(await post(c, '/api/episodes/assemble', { ...whole(c), sfx_choices: [{ hit_index: 0 }] }), 'sfxTemplates', 'creator');
    expectLocked(await post(c, '/api/episodes/assemble', { ...whole(c), intents: { sfx: 'yes' } }), 'sfxTemplates', 'creator');
    await expectLockedTrpc(api.trpc(b.token).assembly.assemble.mutate({ ...whole(b), intents: { intern: 'yes' } }), 'intern');
    await expectNoEpisode(b);
    await expectNoEpisode(c);
  });

  it('refuses publishing to a Spreaker show on its own (now or at a time) below Creator; a draft is manual publishing', async () => {
    await orm.em.fork().nativeUpdate(PodcastSchema, { id: b.show }, { hostKind: 'spreaker', spreakerShowId: '4242' });
    try {
      const later = new Date(Date.now() + 3_600_000).toISOString();
      expectLocked(await post(b, '/api/episodes/assemble', { ...whole(b), publish: { mode: 'now' } }), 'autopublishSpreaker', 'free');
      expectLocked(
        await post(b, '/api/episodes/assemble', { ...whole(b), publish: { mode: 'schedule', publish_at: later } }),
        'autopublishSpreaker',
        'free',
      );
      await expectNoEpisode(b);
      const draft = await post(b, '/api/episodes/assemble', { ...whole(b), publish: { mode: 'draft' } });
      expect(draft.status, draft.text).toBe(202);
    } finally {
      await orm.em.fork().nativeUpdate(PodcastSchema, { id: b.show }, { hostKind: 'builtin', spreakerShowId: null });
    }
  });

  it('accepts the same inputs from the tier that includes them', async () => {
    const res = await post(c, '/api/episodes/assemble', {
      ...whole(c),
      intents: { flubber: 'yes', intern: 'yes' },
      flubber_cuts_ms: [{ start_ms: 1000, end_ms: 2000 }],
    });
    expect(res.status, res.text).toBe(202);
    expect((await usageOf(c)).episodes_used_this_month).toBe(1);
  });
});

describe('publishing to Spreaker automatically', () => {
  it('refuses a schedule on a Spreaker show on the free tier, and leaves the episode as it was', async () => {
    const em = orm.em.fork();
    const show = em.create(PodcastSchema, { user: b.id, name: 'On Spreaker', hostKind: 'spreaker', spreakerShowId: '77' });
    const episode = em.create(EpisodeSchema, {
      user: b.id,
      podcast: show,
      title: 'Ready',
      status: 'processed',
      finalAudioKey: `users/${b.id}/episodes/x/final.mp3`,
    });
    await em.flush();
    const publishAt = new Date(Date.now() + 3_600_000).toISOString();
    expectLocked(
      await post(b, `/api/episodes/${episode.id}/publish`, { mode: 'schedule', publish_at: publishAt }),
      'autopublishSpreaker',
      'free',
    );
    const after = await orm.em.fork().findOneOrFail(EpisodeSchema, { id: episode.id });
    expect(after).toMatchObject({ status: 'processed', publishAt: null, publishState: null });
  });

  it('refuses an RSS import that would publish to Spreaker on its own, before anything is fetched or written', async () => {
    const res = await post(b, '/api/import/rss', { rss_url: 'https://feeds.example.invalid/show.xml', auto_publish_to_spreaker: true });
    expectLocked(res, 'autopublishSpreaker', 'free');
    expect(await orm.em.fork().count(RssImportSchema, { user: b.id })).toBe(0);
    expect(await orm.em.fork().count(PodcastSchema, { user: b.id, name: { $ne: 'On Spreaker' } })).toBe(1);
  });
});

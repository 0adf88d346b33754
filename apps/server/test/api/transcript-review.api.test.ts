/**
 * Issue 18: settings that apply to uploads already transcribed (re-scan of the stored words, no new
 * transcription), and transcript corrections (text only, times kept) that the public transcript and
 * detection then use. Each creator reaches only their own uploads.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { TRANSCRIPT_REVIEW_MESSAGES, ZMediaItem, ZRescanResult, ZTranscriptCorrectionsResult, ZTranscriptWord } from '@ppp/contracts';
import { closeApiBed, startApiBed } from '../support/api-bed.ts';
import { errorOf, twoUsers, type TestServer } from '../support/http.ts';
import { uploadWithTranscript } from '../support/transcripts.ts';
import { EpisodeSchema } from '../../src/domain/episodes/episode.entity.ts';
import { MediaItemSchema } from '../../src/domain/media/media-item.entity.ts';
import { PodcastSchema } from '../../src/domain/podcasts/podcast.entity.ts';
import { TranscriptSchema } from '../../src/domain/transcripts/transcript.entity.ts';

const TAKE = [
  'Welcome back to the bread show. Today we bake a sourdough loaf from a young starter.',
  'Feed the starter twice a day with flour and water. Oops, feed the starter once a day with rye flour and water.',
  'Next week we shape baguettes and talk about steam in a home oven.',
];

let orm: MikroORM;
let api: TestServer;
let a: { token: string; id: string };
let b: { token: string; id: string };
let fresh: string;
let assembled: string;

const ZTranscriptJson = z.object({ text: z.string(), words: z.array(ZTranscriptWord) });

async function listed(token: string, id: string) {
  const items = z
    .array(ZMediaItem.extend({ created_at: z.string() }))
    .parse((await api.request('GET', '/api/media/main-content', { token })).body);
  const item = items.find((i) => i.id === id);
  if (!item) throw new Error(`upload ${id} not listed`);
  return item;
}

async function wordsOf(id: string) {
  return ZTranscriptJson.parse((await api.request('GET', `/api/media/${id}/transcript`, { token: a.token })).body);
}

beforeAll(async () => {
  ({ orm, api } = await startApiBed());
  ({ admin: a, user: b } = await twoUsers(api));
  fresh = await uploadWithTranscript(orm, a.id, 'bread-fresh.mp3', TAKE, { detect: true });
  assembled = await uploadWithTranscript(orm, a.id, 'bread-assembled.mp3', TAKE, { detect: true });
  // An episode was assembled from the second upload: a settings change leaves its detection as it was.
  const em = orm.em.fork();
  const podcast = em.create(PodcastSchema, { user: a.id, name: 'The Bread Show' });
  em.create(EpisodeSchema, {
    user: a.id,
    podcast,
    sourceMedia: assembled,
    title: 'Sourdough',
    status: 'published',
    publishAt: new Date(Date.now() - 60_000),
    publishedAt: new Date(Date.now() - 60_000),
    processedAt: new Date(),
    visibility: 'public',
  });
  await em.flush();
});
afterAll(() => closeApiBed({ api, orm }));

describe('settings apply to uploads already transcribed', () => {
  it('re-scans the stored words of uploads not yet assembled when the Flubber keyword changes, without transcribing again', async () => {
    const before = await orm.em.fork().findOneOrFail(TranscriptSchema, { media: fresh });
    expect((await listed(a.token, fresh)).intents?.flubber.count).toBe(0);

    const saved = await api.request('PUT', '/api/users/me/audio-cleanup-settings', {
      token: a.token,
      json: { settings: { commands: { flubber: { trigger_keyword: 'oops' } } } },
    });
    expect(saved.status).toBe(200);

    const item = await listed(a.token, fresh);
    expect(item.intents?.flubber.count).toBe(1);
    expect(item.intents?.flubber.matches[0]?.phrase.toLowerCase()).toContain('oops');
    expect(item.status).toBe('ready');
    // The same words, engine and row: nothing was transcribed again.
    const after = await orm.em.fork().findOneOrFail(TranscriptSchema, { media: fresh });
    expect(after.engine).toBe(before.engine);
    expect(after.words).toEqual(before.words);
    expect(after.createdAt.getTime()).toBe(before.createdAt.getTime());
    // The retake found on the stored words: the cut starts at the flubbed take ('Feed the starter twice').
    const hints = await api.trpc(a.token).transcripts.intentHints.query({ hint: fresh });
    const marker = hints.detection.flubber.matches[0];
    const feed = before.words.findIndex((w) => w.text === 'Feed');
    expect(marker?.retake_found).toBe(true);
    // (in the breath before it, after the previous sentence ended)
    expect(marker?.cut_start_s).toBeLessThanOrEqual(before.words[feed]!.start);
    expect(marker?.cut_start_s).toBeGreaterThanOrEqual(before.words[feed - 1]!.end);

    // The assembled upload keeps the detection its episode was made with.
    expect((await listed(a.token, assembled)).intents?.flubber.count).toBe(0);
  });

  it("re-scans them when a sound effect's keyword is set or its sound effect deleted", async () => {
    const em = orm.em.fork();
    const sfx = em.create(MediaItemSchema, {
      user: a.id,
      category: 'sfx',
      friendlyName: 'Oven ding',
      originalName: 'ding.wav',
      filename: 'ding.wav',
      storageKey: `users/${a.id}/media/ding.wav`,
      contentType: 'audio/wav',
      sizeBytes: 1000,
    });
    await em.flush();
    expect((await listed(a.token, fresh)).intents?.sfx.count).toBe(0);
    expect((await api.request('PUT', `/api/media/${sfx.id}`, { token: a.token, json: { trigger_keyword: 'baguettes' } })).status).toBe(200);
    const found = (await listed(a.token, fresh)).intents?.sfx;
    expect(found?.count).toBe(1);
    expect(found?.matches[0]).toMatchObject({ label: 'baguettes', phrase: 'baguettes' });
    expect((await listed(a.token, assembled)).intents?.sfx.count).toBe(0);
    expect((await api.request('DELETE', `/api/media/${sfx.id}`, { token: a.token })).status).toBeLessThan(300);
    expect((await listed(a.token, fresh)).intents?.sfx.count).toBe(0);
  });

  it('Re-scan applies the current settings to one upload and says what changed', async () => {
    const res = await api.request('POST', `/api/media/${assembled}/rescan`, { token: a.token, json: {} });
    expect(res.status).toBe(200);
    const result = ZRescanResult.parse(res.body);
    expect(result.before?.flubber).toBe(0);
    expect(result.after.flubber).toBe(1);
    expect((await listed(a.token, assembled)).intents?.flubber.count).toBe(1);

    // The retry slider's threshold is honoured, and a malformed one is refused with nothing changed.
    const strict = await api.trpc(a.token).transcripts.rescan.mutate({ media_id: assembled, fuzzy_threshold: 0.95 });
    expect(strict.after.flubber).toBe(1);
    const bad = await api.request('POST', `/api/media/${assembled}/rescan`, { token: a.token, json: { fuzzy_threshold: 0.42 } });
    expect(bad.status).toBe(422);
  });

  it("refuses another creator's upload (404) and changes nothing", async () => {
    expect(errorOf(await api.request('POST', `/api/media/${fresh}/rescan`, { token: b.token, json: {} })).status).toBe(404);
    const patch = await api.request('PATCH', `/api/media/${fresh}/transcript`, {
      token: b.token,
      json: { corrections: [{ index: 0, text: 'Hello' }] },
    });
    expect(errorOf(patch).status).toBe(404);
    await expect(api.trpc(b.token).transcripts.view.query({ media_id: fresh })).rejects.toThrow();
    expect((await wordsOf(fresh)).words[0]?.text).toBe('Welcome');
  });
});

describe('transcript corrections', () => {
  it('corrects words with their times kept; the public transcript and detection use the corrected words', async () => {
    const original = await wordsOf(assembled);
    const loaf = original.words.findIndex((w) => w.text === 'loaf');
    const next = original.words.findIndex((w) => w.text === 'Next');
    const res = await api.request('PATCH', `/api/media/${assembled}/transcript`, {
      token: a.token,
      json: {
        corrections: [
          { index: loaf, text: 'boule' },
          { index: next, text: 'Oops' },
        ],
      },
    });
    expect(res.status).toBe(200);
    const result = ZTranscriptCorrectionsResult.parse(res.body);
    expect(result.transcript.corrected).toEqual([loaf, next]);
    // 'Oops' said again is one more Flubber marker, found in the corrected words.
    expect(result.rescan.before?.flubber).toBe(1);
    expect(result.rescan.after.flubber).toBe(2);

    const corrected = await wordsOf(assembled);
    // What the creator typed is certain (confidence 1); the times stay.
    expect(corrected.words[loaf]).toEqual({ ...original.words[loaf], text: 'boule', confidence: 1 });
    expect(corrected.words.map((w) => [w.start, w.end])).toEqual(original.words.map((w) => [w.start, w.end]));
    expect(corrected.text).toContain('sourdough boule from');

    const episode = await orm.em.fork().findOneOrFail(EpisodeSchema, { sourceMedia: assembled }, { populate: ['podcast'] });
    const vtt = await api.request('GET', `/feeds/${episode.podcast.id}/episodes/${episode.id}/transcript.vtt`);
    expect(vtt.status).toBe(200);
    expect(vtt.text).toContain('boule from');
    expect(vtt.text).not.toContain('loaf');

    // The episode's transcript is its upload's, corrections included; another creator's episode is not found.
    const byEpisode = await api.trpc(a.token).transcripts.view.query({ episode_id: episode.id });
    expect(byEpisode.media_id).toBe(assembled);
    expect(byEpisode.words[loaf]?.text).toBe('boule');
    await expect(api.trpc(b.token).transcripts.view.query({ episode_id: episode.id })).rejects.toThrow('Episode not found');

    // Putting back what the engine heard takes the word off the corrected list.
    const back = await api.trpc(a.token).transcripts.correct.mutate({ media_id: assembled, corrections: [{ index: next, text: 'Next' }] });
    expect(back.transcript.corrected).toEqual([loaf]);
    expect(back.rescan.after.flubber).toBe(1);
  });

  it('AI text reads the corrected words', async () => {
    const misheard = await uploadWithTranscript(orm, a.id, 'rye.mp3', [
      'Welcome to the kitchen hour. Today we are talking about rye bred and wild yeast.',
      'A rye loaf needs a long slow ferment and a very wet dough. Bake it hot and let it rest for a day before you cut it.',
    ]);
    const heard = await api.trpc(a.token).transcripts.view.query({ media_id: misheard });
    const bred = heard.words.findIndex((w) => w.text === 'bred');
    await api.trpc(a.token).transcripts.correct.mutate({ media_id: misheard, corrections: [{ index: bred, text: 'bread' }] });
    const title = z
      .object({ title: z.string() })
      .parse((await api.request('POST', '/api/ai/title', { token: a.token, json: { hint: misheard } })).body).title;
    expect(title.toLowerCase()).toContain('rye bread');
  });

  it("refuses bad corrections in the contract's words and changes nothing", async () => {
    const before = await wordsOf(fresh);
    const cases: [unknown, string][] = [
      [[{ index: before.words.length, text: 'extra' }], TRANSCRIPT_REVIEW_MESSAGES.wordOutOfRange],
      [[{ index: 0, text: '   ' }], TRANSCRIPT_REVIEW_MESSAGES.emptyWord],
      [[{ index: 0, text: 'x'.repeat(101) }], TRANSCRIPT_REVIEW_MESSAGES.wordTooLong],
      [[{ index: 0, text: 'a\u0000b' }], TRANSCRIPT_REVIEW_MESSAGES.controlCharacters],
      [[], TRANSCRIPT_REVIEW_MESSAGES.noCorrections],
    ];
    for (const [corrections, message] of cases) {
      const res = await api.request('PATCH', `/api/media/${fresh}/transcript`, { token: a.token, json: { corrections } });
      expect(errorOf(res)).toMatchObject({ status: 422, detail: message });
    }
    expect(await wordsOf(fresh)).toEqual(before);
  });
});

describe('splitting and merging words (issue 32)', () => {
  it('splits and merges in one save: the times divided and joined, the corrected list renumbered, detection run on the new words', async () => {
    // The retake keyword is 'flubber' again (an earlier test made it 'oops').
    const reset = await api.request('PUT', '/api/users/me/audio-cleanup-settings', {
      token: a.token,
      json: { settings: { commands: { flubber: { trigger_keyword: 'flubber' } } } },
    });
    expect(reset.status).toBe(200);
    const misheard = await uploadWithTranscript(
      orm,
      a.id,
      'rubber.mp3',
      ['Feed the starter twice a day. Rub ber, feed the starter once a day with rye flour and water.'],
      { detect: true },
    );
    const before = await api.trpc(a.token).transcripts.view.query({ media_id: misheard });
    expect(before.words.findIndex((w) => w.text === 'Rub')).toBeGreaterThan(0);
    const rub = before.words.findIndex((w) => w.text === 'Rub');
    const rye = before.words.findIndex((w) => w.text === 'rye');
    const twice = before.words.findIndex((w) => w.text === 'twice');
    // First a correction the merge and split must carry along (it sits after both).
    const flour = before.words.findIndex((w) => w.text === 'flour');
    await api.trpc(a.token).transcripts.correct.mutate({ media_id: misheard, corrections: [{ index: flour, text: 'flower' }] });

    const res = await api.request('PATCH', `/api/media/${misheard}/transcript`, {
      token: a.token,
      json: {
        merges: [{ index: rub, count: 2, text: 'flubber,' }],
        splits: [{ index: twice, texts: ['two', 'times'] }],
        corrections: [{ index: rye, text: 'Rye' }],
      },
    });
    expect(res.status).toBe(200);
    const result = ZTranscriptCorrectionsResult.parse(res.body);
    const words = result.transcript.words;
    expect(words).toHaveLength(before.words.length);
    const w = before.words;
    expect(words[twice]).toEqual({ text: 'two', start: w[twice]!.start, end: words[twice + 1]!.start, confidence: 1 });
    expect(words[twice + 1]?.end).toBe(w[twice]!.end);
    // In proportion to the letters: 'two' gets 3/8 of the word's time.
    expect(words[twice]!.end - w[twice]!.start).toBeCloseTo(((w[twice]!.end - w[twice]!.start) * 3) / 8, 2);
    expect(words[rub + 1]).toEqual({ text: 'flubber,', start: w[rub]!.start, end: w[rub + 1]!.end, confidence: 1 });
    expect(words[rye]?.text).toBe('Rye');
    expect(words[flour]?.text).toBe('flower');
    expect(result.transcript.corrected).toEqual([twice, twice + 1, rub + 1, rye, flour]);
    // 'flubber' now marks the retake: detection ran on the corrected words, and the stored transcript reads them.
    expect(result.rescan.before?.flubber).toBe(0);
    expect(result.rescan.after.flubber).toBe(1);
    expect((await wordsOf(misheard)).text).toContain('two times a day. flubber, feed');
    expect((await listed(a.token, misheard)).intents?.flubber.count).toBe(1);

    // Another creator's transcript is not found, and nothing changes.
    const theirs = await api.request('PATCH', `/api/media/${misheard}/transcript`, {
      token: b.token,
      json: { merges: [{ index: 0, count: 2 }] },
    });
    expect(errorOf(theirs).status).toBe(404);
    await expect(
      api.trpc(b.token).transcripts.correct.mutate({ media_id: misheard, splits: [{ index: 0, texts: ['a', 'b'] }] }),
    ).rejects.toThrow();
    expect((await wordsOf(misheard)).words).toEqual(words);
  });

  it('refuses bad splits and merges with a clear 422 and changes nothing', async () => {
    const before = await wordsOf(fresh);
    const last = before.words.length - 1;
    const first = before.words[0]!;
    const cases: [object, string][] = [
      [{ merges: [{ index: last, count: 2 }] }, TRANSCRIPT_REVIEW_MESSAGES.wordOutOfRange],
      [{ splits: [{ index: last + 1, texts: ['a', 'b'] }] }, TRANSCRIPT_REVIEW_MESSAGES.wordOutOfRange],
      [{ splits: [{ index: 0, texts: ['a', 'b'], at_s: first.end + 0.5 }] }, TRANSCRIPT_REVIEW_MESSAGES.splitOutsideWord],
      [{ merges: [{ index: 0, count: 3 }], corrections: [{ index: 2, text: 'x' }] }, TRANSCRIPT_REVIEW_MESSAGES.overlappingEdits],
      [{ merges: [{ index: 0, count: 1 }] }, TRANSCRIPT_REVIEW_MESSAGES.mergeTooFew],
      [{ splits: [{ index: 0, texts: ['a', ''] }] }, TRANSCRIPT_REVIEW_MESSAGES.emptyWord],
      [{ splits: [], merges: [] }, TRANSCRIPT_REVIEW_MESSAGES.noCorrections],
    ];
    for (const [json, message] of cases) {
      const res = await api.request('PATCH', `/api/media/${fresh}/transcript`, { token: a.token, json });
      expect(errorOf(res), JSON.stringify(json)).toMatchObject({ status: 422, detail: message });
    }
    // The same refusal through tRPC, for an index only the stored words can tell.
    await expect(api.trpc(a.token).transcripts.correct.mutate({ media_id: fresh, merges: [{ index: last, count: 2 }] })).rejects.toThrow(
      TRANSCRIPT_REVIEW_MESSAGES.wordOutOfRange,
    );
    expect(await wordsOf(fresh)).toEqual(before);
  });
});

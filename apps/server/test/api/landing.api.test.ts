import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { DEFAULT_LANDING_CONTENT, LANDING, LANDING_MESSAGES, ZLandingContent, ZPublicEpisodes } from '@ppp/contracts';
import { LocalStorage } from '../../src/domain/storage/local-storage.ts';
import { tempDir } from '../support/audio-files.ts';
import { closeApiBed, startApiBed } from '../support/api-bed.ts';
import { coverPng, seedAssembledEpisode, seedShow } from '../support/episodes.ts';
import { errorOf, twoUsers, type TestServer } from '../support/http.ts';

let orm: MikroORM;
let api: TestServer;
let admin: { email: string; token: string; id: string };
let userB: { email: string; token: string; id: string };
let storage: { dir: string; remove: () => void };
let files: { dir: string; remove: () => void };

beforeAll(async () => {
  storage = tempDir('ppp-landing-storage-');
  files = tempDir('ppp-landing-files-');
  ({ orm, api } = await startApiBed({ STORAGE_DIR: storage.dir }));
  ({ admin, user: userB } = await twoUsers(api));
});
afterAll(async () => {
  await closeApiBed({ api, orm });
  storage.remove();
  files.remove();
});

const review = { quote: 'Cut my editing time in half.', author: 'Sam Lee', role: 'Host', rating: 4.5, avatar_url: null };
const faq = { question: 'Can I self-host it?', answer: 'Yes, on your own machine.' };

async function publicLanding() {
  const res = await api.request('GET', '/api/public/landing');
  expect(res.status).toBe(200);
  return ZLandingContent.parse(res.body);
}

describe('landing content over REST', () => {
  it('a visitor gets the built-in content on a fresh instance: 3 reviews, 5 FAQs', async () => {
    const content = await publicLanding();
    expect(content).toEqual(DEFAULT_LANDING_CONTENT);
    expect(content.reviews).toHaveLength(3);
    expect(content.faqs.map((f) => f.answer).join(' ')).toContain('30-day money-back');
  });

  it('recent published episodes are an empty list until episodes are hosted', async () => {
    const res = await api.request('GET', '/api/public/episodes');
    expect(res.status).toBe(200);
    expect(ZPublicEpisodes.parse(res.body)).toEqual({ items: [] });
  });

  it('then lists the newest live public episodes of every creator with playable audio and a cover', async () => {
    const HOUR = 3_600_000;
    const now = Date.now();
    const store = new LocalStorage(storage.dir);
    const adminId = admin.id;
    const showA = await seedShow(orm, store, adminId, 'Garden Hour', coverPng(files.dir));
    const showB = await seedShow(orm, store, userB.id, 'Night Desk', null);
    const seed = (podcastId: string, userId: string, title: string, over: Parameters<typeof seedAssembledEpisode>[4] = {}) =>
      seedAssembledEpisode(orm, store, files.dir, { userId, podcastId }, { title, seconds: 2, ...over });
    const older = await seed(showA, adminId, 'Older one', { status: 'published', publishAt: new Date(now - 48 * HOUR) });
    const fromB = await seed(showB, userB.id, 'From the night desk', { status: 'published', publishAt: new Date(now - HOUR) });
    const due = await seed(showA, adminId, 'Scheduled and due', { status: 'scheduled', publishAt: new Date(now - 10 * 60_000) });
    // None of these is on the landing page.
    await seed(showA, adminId, 'Scheduled later', { status: 'scheduled', publishAt: new Date(now + HOUR) });
    await seed(showA, adminId, 'A draft');
    await seed(showA, adminId, 'Private', { status: 'published', publishAt: new Date(now - HOUR), visibility: 'unpublished' });
    await seed(showA, adminId, 'Limited', { status: 'published', publishAt: new Date(now - HOUR), visibility: 'limited' });
    await seed(showA, adminId, 'No audio', { status: 'published', publishAt: new Date(now - HOUR), withAudio: false });

    const list = ZPublicEpisodes.parse((await api.request('GET', '/api/public/episodes')).body).items;
    expect(list.map((e) => e.title)).toEqual(['Scheduled and due', 'From the night desk', 'Older one']);
    expect(list[2]).toMatchObject({ id: older.id, description: 'Show notes for Older one.' });
    // A show's cover stands in for the episode's; a show without one has none.
    expect(list[0]?.cover_url).toMatch(new RegExp(`/feeds/${showA}/cover\\.png\\?v=`));
    expect(list[1]?.cover_url).toBeNull();
    for (const episode of [due, fromB]) {
      const item = list.find((e) => e.id === episode.id);
      const audio = await fetch(`${api.baseUrl}${new URL(item?.final_audio_url ?? '').pathname}`, { headers: { range: 'bytes=0-99' } });
      expect(audio.status).toBe(206);
      expect(audio.headers.get('content-type')).toBe('audio/mpeg');
    }
    const cover = await fetch(`${api.baseUrl}${new URL(list[0]?.cover_url ?? '').pathname}`);
    expect(cover.headers.get('content-type')).toBe('image/png');

    // At most LANDING.recentEpisodes, newest first.
    for (let k = 1; k <= LANDING.recentEpisodes; k += 1)
      await seed(showA, adminId, `Fresh ${k}`, { status: 'published', publishAt: new Date(now - k * 60_000) });
    const capped = ZPublicEpisodes.parse((await api.request('GET', '/api/public/episodes')).body).items;
    expect(capped.map((e) => e.title)).toEqual(Array.from({ length: LANDING.recentEpisodes }, (_, k) => `Fresh ${k + 1}`));
  });

  it('only admins read and write the editor content: anonymous 401, user B 403', async () => {
    expect((await api.request('GET', '/api/admin/landing')).status).toBe(401);
    expect((await api.request('GET', '/api/admin/landing', { token: userB.token })).status).toBe(403);
    const put = await api.request('PUT', '/api/admin/landing', { token: userB.token, json: { reviews: [review], faqs: [faq] } });
    expect(put.status).toBe(403);
    expect((await publicLanding()).updated_at).toBeNull();
  });

  it('an admin save applies the editor rules and sanitises the hero', async () => {
    const res = await api.request('PUT', '/api/admin/landing', {
      token: admin.token,
      json: {
        hero_html:
          '<h1 onclick="alert(1)">Make it <em>yours</em></h1><script>alert("x")</script>' +
          '<p>Read <a href="javascript:alert(1)">this</a> and <a href="https://example.com" target="_top">that</a></p><img src=x onerror="alert(1)">',
        reviews_heading: '',
        reviews_summary: 'Our listeners agree.',
        reviews: [
          { ...review, rating: 7.26 },
          { quote: '', author: ' ', role: '', avatar_url: '' },
        ],
        faq_heading: 'Questions',
        faq_subheading: '   ',
        faqs: [faq, { question: '', answer: '' }],
      },
    });
    expect(res.status).toBe(200);
    const saved = ZLandingContent.parse(res.body);
    expect(saved.hero_html).toBe(
      '<h1>Make it <em>yours</em></h1><p>Read <a rel="noopener noreferrer">this</a> and ' +
        '<a href="https://example.com" target="_blank" rel="noopener noreferrer">that</a></p>',
    );
    expect(saved).toMatchObject({
      reviews_heading: DEFAULT_LANDING_CONTENT.reviews_heading,
      reviews_summary: 'Our listeners agree.',
      reviews: [{ ...review, rating: 5 }],
      faq_heading: 'Questions',
      faq_subheading: DEFAULT_LANDING_CONTENT.faq_subheading,
      faqs: [faq],
    });
    expect(saved.updated_at).not.toBeNull();
    expect(await publicLanding()).toEqual(saved);
    const editor = await api.request('GET', '/api/admin/landing', { token: admin.token });
    expect(editor.body).toEqual(res.body);
  });

  it('refuses a save that would leave no review or no FAQ, and keeps the stored content', async () => {
    const before = await publicLanding();
    const noReviews = await api.request('PUT', '/api/admin/landing', {
      token: admin.token,
      json: { reviews: [{ quote: '  ', author: '' }], faqs: [faq] },
    });
    expect(errorOf(noReviews)).toEqual({ status: 422, code: 'VALIDATION', detail: LANDING_MESSAGES.atLeastOneReview });
    const noFaqs = await api.request('PUT', '/api/admin/landing', { token: admin.token, json: { reviews: [review], faqs: [] } });
    expect(errorOf(noFaqs)).toEqual({ status: 422, code: 'VALIDATION', detail: LANDING_MESSAGES.atLeastOneFaq });
    expect(await publicLanding()).toEqual(before);
  });
});

describe('landing content over tRPC', () => {
  it('the public query matches REST; user B cannot update, the admin can', async () => {
    const visitor = api.trpc();
    expect(await visitor.landing.content.query()).toEqual(await publicLanding());
    expect(await visitor.landing.episodes.query()).toEqual(ZPublicEpisodes.parse((await api.request('GET', '/api/public/episodes')).body));
    await expect(api.trpc(userB.token).landing.update.mutate({ reviews: [review], faqs: [faq] })).rejects.toMatchObject({
      data: { httpStatus: 403 },
    });
    const saved = await api.trpc(admin.token).landing.update.mutate({ hero_html: '', reviews: [review], faqs: [faq] });
    expect(saved.hero_html).toBe(DEFAULT_LANDING_CONTENT.hero_html);
    expect(saved.reviews_heading).toBe(DEFAULT_LANDING_CONTENT.reviews_heading);
    expect((await publicLanding()).reviews).toEqual([review]);
  });
});

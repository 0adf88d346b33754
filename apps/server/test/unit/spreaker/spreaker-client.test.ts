import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SpreakerClient, SpreakerError, mapSpreakerShow, spreakerToAppError } from '../../../src/adapters/spreaker/index.ts';
import { FakeSpreaker } from './fake-spreaker.ts';

const TOKEN = 'OAUTH-TOKEN';
const show = {
  show_id: 1433865,
  title: 'Spreaker Live',
  description: 'The weekly show about Spreaker',
  image_url: 'https://d1bm3dmew779uf.cloudfront.net/200x200/show.jpg',
  image_original_url: 'https://d1bm3dmew779uf.cloudfront.net/original/show.jpg',
  site_url: 'https://www.spreaker.com/show/spreaker-live',
  language: 'en',
  category_id: 9,
  category_2_id: 11,
  category_3_id: null,
  email: 'live@spreaker.com',
  owner_name: 'Spreaker',
  author_name: 'Spreaker Team',
  copyright: '© Spreaker',
  explicit: false,
  last_episode_at: '2025-06-01 09:30:00',
};
const episode = {
  episode_id: 9876,
  show_id: 1433865,
  title: 'Daily News',
  type: 'RECORDED',
  description: 'Today in podcasting',
  duration: null,
  published_at: null,
  auto_published_at: '2025-06-11 09:00:00',
  hidden: false,
  encoding_status: 'PENDING',
  site_url: 'https://www.spreaker.com/episode/9876',
};
const fail = (status: number, message: string) => ({ status, body: { response: { error: { messages: [message], code: status } } } });

const fake = new FakeSpreaker()
  .on('GET', '/v2/me', () => ({
    body: { response: { user: { user_id: 1, fullname: 'Marco Pracucci', site_url: 'https://www.spreaker.com/user/marco' } } },
  }))
  .on('GET', '/v2/users/1/shows', (req, origin) =>
    req.query.get('last_id')
      ? { body: { response: { items: [{ ...show, show_id: 2, title: 'Second' }], next_url: null } } }
      : { body: { response: { items: [show], next_url: `${origin}/v2/users/1/shows?last_id=1433865&limit=100` } } },
  )
  .on('GET', '/v2/shows/1433865', () => ({ body: { response: { show } } }))
  .on('GET', '/v2/show-categories', () => ({
    body: { response: { categories: [{ category_id: 9, name: 'Arts', permalink: 'arts', level: 1 }] } },
  }))
  .on('POST', '/v2/shows', (req) => ({ body: { response: { show: { ...show, show_id: 5, title: req.fields.title } } } }))
  .on('POST', '/v2/shows/1433865/episodes', (req) => ({ body: { response: { episode: { ...episode, title: req.fields.title } } } }))
  .on('GET', '/v2/episodes/9876', () => ({
    body: { response: { episode: { ...episode, duration: 1_834_400, published_at: '2025-06-11 09:00:00', encoding_status: 'READY' } } },
  }))
  .on('POST', '/v2/episodes/9876', (req) => ({ body: { response: { episode: { ...episode, hidden: req.fields.hidden === 'true' } } } }))
  .on('DELETE', '/v2/episodes/9876', () => ({ body: { response: {} } }))
  .on('GET', '/v2/episodes/404', () => fail(404, 'Episode not found'))
  .on('GET', '/v2/shows/1433865/statistics/plays', () => ({
    body: {
      response: {
        statistics: [
          { date: '2025-06-01', plays_count: 10, downloads_count: 4, plays_ondemand_count: 10, plays_live_count: 0 },
          { date: '2025-06-02', plays_count: 7, downloads_count: 2, plays_ondemand_count: 7, plays_live_count: 0 },
        ],
      },
    },
  }))
  .on('GET', '/v2/episodes/9876/statistics/plays', () => ({ body: { response: { statistics: [{ date: '2025-06-01', plays_count: 3 }] } } }))
  .on('GET', '/v2/shows/1433865/episodes/statistics/plays/totals', () => ({
    body: { response: { items: [{ episode_id: 9876, title: 'Daily News', plays_count: 17, downloads_count: 6 }], next_url: null } },
  }));

beforeAll(() => fake.start());
afterAll(() => fake.stop());
const client = () => new SpreakerClient({ accessToken: TOKEN, baseUrl: fake.origin });

describe('SpreakerClient reads', () => {
  it('GET /v2/me with the bearer token and unwraps the response', async () => {
    await expect(client().me()).resolves.toMatchObject({ user_id: 1, fullname: 'Marco Pracucci' });
    expect(fake.last()).toMatchObject({ method: 'GET', path: '/v2/me', authorization: `Bearer ${TOKEN}` });
  });

  it("lists a user's shows across pages by following next_url", async () => {
    const shows = await client().userShows(1);
    expect(shows.map((s) => s.show_id)).toEqual([1433865, 2]);
    expect(fake.last().query.get('last_id')).toBe('1433865');
  });

  it('reads a show, parsing dates as UTC, and maps it onto Podcast fields', async () => {
    const result = await client().show(1433865);
    expect(result.last_episode_at?.toISOString()).toBe('2025-06-01T09:30:00.000Z');
    expect(mapSpreakerShow(result)).toEqual({
      spreaker_show_id: 1433865,
      name: 'Spreaker Live',
      description: 'The weekly show about Spreaker',
      language: 'en',
      copyright_line: '© Spreaker',
      owner_name: 'Spreaker',
      author_name: 'Spreaker Team',
      contact_email: 'live@spreaker.com',
      cover_url: 'https://d1bm3dmew779uf.cloudfront.net/original/show.jpg',
      category_id: 9,
      category_2_id: 11,
      category_3_id: null,
      explicit: false,
    });
  });

  it('lists show categories', async () => {
    await expect(client().showCategories()).resolves.toEqual([{ category_id: 9, name: 'Arts', permalink: 'arts', level: 1 }]);
  });

  it('reads an episode with its duration in milliseconds and dates in UTC', async () => {
    const result = await client().episode(9876);
    expect(result.duration).toBe(1_834_400);
    expect(result.published_at?.toISOString()).toBe('2025-06-11T09:00:00.000Z');
  });
});

describe('SpreakerClient writes', () => {
  it('creates a show with form fields', async () => {
    const created = await client().createShow({ title: 'Tinkering & Tea', language: 'en', description: 'Chats' });
    expect(created.show_id).toBe(5);
    expect(fake.last()).toMatchObject({
      method: 'POST',
      path: '/v2/shows',
      authorization: `Bearer ${TOKEN}`,
      fields: { title: 'Tinkering & Tea', language: 'en', description: 'Chats' },
    });
  });

  it('uploads an episode as multipart with media_file and the publish fields', async () => {
    const media = new Blob([new Uint8Array(4096).fill(7)], { type: 'audio/mpeg' });
    const created = await client().uploadEpisode(1433865, {
      title: 'Daily News',
      description: '<p>Today</p>',
      tags: ['news', 'daily'],
      explicit: false,
      hidden: false,
      auto_published_at: '2025-06-11 09:00:00',
      media,
      filename: 'daily-news.mp3',
    });
    expect(created).toMatchObject({ episode_id: 9876, title: 'Daily News', duration: null });
    expect(created.auto_published_at?.toISOString()).toBe('2025-06-11T09:00:00.000Z');
    const req = fake.last();
    expect(req).toMatchObject({ method: 'POST', path: '/v2/shows/1433865/episodes', authorization: `Bearer ${TOKEN}` });
    expect(req.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(req.fields).toEqual({
      title: 'Daily News',
      description: '<p>Today</p>',
      tags: 'news,daily',
      explicit: 'false',
      hidden: 'false',
      auto_published_at: '2025-06-11 09:00:00',
    });
    expect(req.files.media_file).toMatchObject({ name: 'daily-news.mp3', size: 4096 });
  });

  it('updates an episode with POST /v2/episodes/{id}', async () => {
    const updated = await client().updateEpisode(9876, { hidden: true, auto_published_at: '' });
    expect(updated.hidden).toBe(true);
    expect(fake.last()).toMatchObject({ method: 'POST', path: '/v2/episodes/9876', fields: { hidden: 'true', auto_published_at: '' } });
  });

  it('deletes an episode', async () => {
    await expect(client().deleteEpisode(9876)).resolves.toBeUndefined();
    expect(fake.last()).toMatchObject({ method: 'DELETE', path: '/v2/episodes/9876', authorization: `Bearer ${TOKEN}` });
  });
});

describe('SpreakerClient statistics', () => {
  const range = { from: '2025-05-12', to: '2025-06-10' };

  it('reads plays per show over a range', async () => {
    const rows = await client().showPlays(1433865, range);
    expect(rows.reduce((sum, row) => sum + row.plays_count, 0)).toBe(17);
    expect(Object.fromEntries(fake.last().query)).toEqual({ from: '2025-05-12', to: '2025-06-10', group: 'day' });
  });

  it('reads plays per episode and per-episode totals of a show', async () => {
    await expect(client().episodePlays(9876, range, 'month')).resolves.toEqual([{ date: '2025-06-01', plays_count: 3 }]);
    expect(fake.last().query.get('group')).toBe('month');
    const totals = await client().showEpisodePlayTotals(1433865, range);
    expect(totals).toEqual([{ episode_id: 9876, title: 'Daily News', plays_count: 17, downloads_count: 6 }]);
  });
});

describe('SpreakerClient errors', () => {
  it('turns documented error bodies into typed errors', async () => {
    const error = await client()
      .episode(404)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SpreakerError);
    expect(error).toMatchObject({ kind: 'not_found', status: 404, messages: ['Episode not found'], retryable: false });
    expect(spreakerToAppError(error as SpreakerError)).toMatchObject({ code: 'NOT_FOUND', status: 404 });
  });

  it('reports an unknown path as not found with Spreaker’s message', async () => {
    const error = await client()
      .show(1)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'not_found', messages: ['The provided API uri is unknown'] });
  });

  it('maps 401, 429 and 5xx, and marks only the last two retryable', async () => {
    fake.on('GET', '/v2/me', () => fail(401, 'Invalid or expired token'));
    const unauthorized = (await client()
      .me()
      .catch((e: unknown) => e)) as SpreakerError;
    expect(unauthorized).toMatchObject({ kind: 'unauthorized', retryable: false });
    expect(spreakerToAppError(unauthorized)).toMatchObject({ code: 'UNAUTHORIZED', message: 'Not connected. Connect Spreaker first.' });
    fake.on('GET', '/v2/me', () => fail(429, 'Too many requests'));
    expect(
      await client()
        .me()
        .catch((e: unknown) => e),
    ).toMatchObject({ kind: 'rate_limited', retryable: true });
    fake.on('GET', '/v2/me', () => fail(503, 'Service unavailable'));
    expect(
      await client()
        .me()
        .catch((e: unknown) => e),
    ).toMatchObject({ kind: 'unavailable', retryable: true });
  });

  it('reports an unreachable API as unavailable', async () => {
    const offline = new SpreakerClient({ accessToken: TOKEN, baseUrl: 'http://127.0.0.1:9' });
    expect(await offline.me().catch((e: unknown) => e)).toMatchObject({ kind: 'unavailable', status: null });
  });

  it('rejects a 2xx body that is not wrapped as documented', async () => {
    fake.on('GET', '/v2/me', () => ({ body: { user: { user_id: 1 } } }));
    expect(
      await client()
        .me()
        .catch((e: unknown) => e),
    ).toMatchObject({ kind: 'bad_response' });
  });
});

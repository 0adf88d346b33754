import { FakeSpreaker, type Received } from '../unit/spreaker/fake-spreaker.ts';

type Show = {
  show_id: number;
  title: string;
  description: string;
  language: string;
  category_id: number | null;
  email: string | null;
  explicit: boolean;
  image_url: string | null;
  site_url: string;
};
type Episode = {
  episode_id: number;
  show_id: number;
  title: string;
  description: string;
  tags: string[];
  hidden: boolean;
  explicit: boolean;
  auto_published_at: string | null;
  published_at: string | null;
  type: 'RECORDED';
  duration: number | null;
  media_bytes: number;
  download_url?: string | null;
  image_url?: string | null;
};

const spreakerDate = (date: Date) => date.toISOString().slice(0, 19).replace('T', ' ');
const fail = (status: number, message: string) => ({ status, body: { response: { error: { messages: [message], code: status } } } });

/**
 * A stateful stand-in for Spreaker's API (OAuth token endpoint, /v2/me, shows, episodes, statistics)
 * on the FakeSpreaker server, answering as Spreaker's documentation shows: bodies wrapped in
 * {"response": ...}, dates 'YYYY-MM-DD HH:MM:SS' UTC, durations in milliseconds, lists paged with next_url.
 * It keeps the shows and episodes it was given, so a test can count what really landed.
 */
export class SpreakerSandbox {
  readonly fake = new FakeSpreaker();
  readonly user = { user_id: 7001, fullname: 'Sandbox Creator', username: 'sandbox' };
  readonly shows = new Map<number, Show>();
  readonly episodes = new Map<number, Episode>();
  readonly plays = new Map<number, number>();
  accessToken = 'SANDBOX-ACCESS-1';
  /** Milliseconds each upload takes, so concurrent publishes really overlap. */
  uploadDelayMs = 0;
  uploadCount = 0;
  /** When set, every upload is answered with this error status (401 a refused token, 503 Spreaker down); counted in uploadAttempts. */
  uploadFailure: number | null = null;
  uploadAttempts = 0;
  /**
   * While set, an upload is stored and then its answer waits for this promise: a publish caught after
   * the host took the episode and before the product heard its id (the worst moment to stop).
   */
  answerGate: Promise<void> | null = null;
  #nextShow = 500_001;
  #nextEpisode = 900_001;

  get origin(): string {
    return this.fake.origin;
  }

  /** The settings of a server whose Spreaker app is this sandbox (started first: it names the sandbox's address). */
  get appEnv(): Record<string, string> {
    return {
      SPREAKER_CLIENT_ID: 'ppp-app',
      SPREAKER_CLIENT_SECRET: 'ppp-secret',
      SPREAKER_BASE_URL: this.origin,
      SPREAKER_AUTHORIZE_URL: `${this.origin}/oauth2/authorize`,
    };
  }

  get received(): Received[] {
    return this.fake.received;
  }

  async start(): Promise<void> {
    this.fake
      .on('POST', '/oauth2/token', (req) => {
        if (req.fields.code === 'bad-code') return { status: 400, body: { error: 'invalid_grant', error_description: 'Invalid code' } };
        return {
          body: {
            access_token: this.accessToken,
            token_type: 'Bearer',
            expires_in: 3600,
            refresh_token: 'SANDBOX-REFRESH',
            scope: 'basic',
          },
        };
      })
      .on('GET', '/v2/me', (req) => this.authed(req, () => ({ user: this.user })))
      .on('GET', `/v2/users/${this.user.user_id}/shows`, (req) =>
        this.authed(req, () => ({ items: [...this.shows.values()], next_url: null })),
      )
      .on('GET', '/v2/show-categories', () => ({
        body: {
          response: {
            categories: [
              { category_id: 9, name: 'Technology' },
              { category_id: 11, name: 'Education' },
            ],
          },
        },
      }))
      .on('POST', '/v2/shows', (req) =>
        this.authed(req, () => ({
          show: this.addShow(req.fields.title ?? 'Untitled', req.fields.description ?? '', req.fields.language ?? 'en'),
        })),
      );
    await this.fake.start();
  }

  stop(): Promise<void> {
    return this.fake.stop();
  }

  /** A show of the sandbox user, with its routes. */
  addShow(title: string, description = '', language = 'en'): Show {
    const show: Show = {
      show_id: this.#nextShow++,
      title,
      description,
      language,
      category_id: 9,
      email: 'owner@example.com',
      explicit: false,
      image_url: null,
      site_url: `https://www.spreaker.com/show/${title.toLowerCase().replace(/\W+/g, '-')}`,
    };
    this.shows.set(show.show_id, show);
    const id = show.show_id;
    this.fake
      .on('GET', `/v2/shows/${id}`, (req) => this.authed(req, () => ({ show })))
      .on('POST', `/v2/shows/${id}/episodes`, (req) =>
        req.authorization === `Bearer ${this.accessToken}` ? this.upload(id, req) : fail(401, 'Unauthorized'),
      )
      .on('GET', `/v2/shows/${id}/episodes`, (req) =>
        this.authed(req, () => ({
          // Spreaker's list items are the compact representation: no tags.
          items: [...this.episodes.values()]
            .filter((e) => e.show_id === id)
            .reverse()
            .map(({ tags: _tags, ...rest }) => rest),
          next_url: null,
        })),
      )
      .on('GET', `/v2/shows/${id}/episodes/statistics/plays/totals`, (req) =>
        this.authed(req, () => ({
          items: [...this.episodes.values()]
            .filter((e) => e.show_id === id)
            .map((e) => ({ episode_id: e.episode_id, title: e.title, plays_count: this.plays.get(e.episode_id) ?? 0 })),
          next_url: null,
        })),
      )
      .on('GET', `/v2/shows/${id}/statistics/plays`, (req) =>
        this.authed(req, () => ({ statistics: [{ date: req.query.get('from') ?? '', plays_count: 0 }] })),
      );
    return show;
  }

  episodesOf(showId: number): Episode[] {
    return [...this.episodes.values()].filter((e) => e.show_id === showId);
  }

  private async upload(showId: number, req: Received) {
    this.uploadAttempts += 1;
    if (this.uploadFailure) return fail(this.uploadFailure, this.uploadFailure === 401 ? 'Unauthorized' : 'Service Unavailable');
    const media = req.files.media_file;
    if (!media || !req.fields.title) return fail(400, 'media_file and title are required');
    if (req.fields.auto_published_at && !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(req.fields.auto_published_at)) {
      return fail(400, 'Invalid auto_published_at');
    }
    if (this.uploadDelayMs) await new Promise((resolve) => setTimeout(resolve, this.uploadDelayMs));
    this.uploadCount += 1;
    const episode: Episode = {
      episode_id: this.#nextEpisode++,
      show_id: showId,
      title: req.fields.title,
      description: req.fields.description ?? '',
      tags: (req.fields.tags ?? '').split(',').filter(Boolean),
      hidden: req.fields.hidden === 'true',
      explicit: req.fields.explicit === 'true',
      auto_published_at: req.fields.auto_published_at || null,
      published_at: req.fields.auto_published_at ? null : spreakerDate(new Date()),
      type: 'RECORDED',
      duration: null,
      media_bytes: media.size,
    };
    const stored = this.#store(episode);
    if (this.answerGate) await this.answerGate;
    return { body: { response: { episode: stored } } };
  }

  /**
   * An episode already on Spreaker that this product did not upload (made at Spreaker before the
   * move), e.g. one the show's RSS feed no longer lists.
   */
  addEpisode(showId: number, fields: Partial<Omit<Episode, 'episode_id' | 'show_id'>> & { title: string }): Episode {
    const episode: Episode = {
      episode_id: this.#nextEpisode++,
      show_id: showId,
      description: '',
      tags: [],
      hidden: false,
      explicit: false,
      auto_published_at: null,
      published_at: spreakerDate(new Date()),
      type: 'RECORDED',
      duration: null,
      media_bytes: 0,
      ...fields,
    };
    this.#store(episode);
    return episode;
  }

  /** Keeps an episode and answers its routes; returns its public view. */
  #store(episode: Episode) {
    this.episodes.set(episode.episode_id, episode);
    const id = episode.episode_id;
    const view = () => {
      const { media_bytes: _bytes, ...rest } = this.episodes.get(id)!;
      return { episode: rest };
    };
    this.fake
      .on('GET', `/v2/episodes/${id}`, (r) => (this.episodes.has(id) ? this.authed(r, view) : fail(404, 'Episode not found')))
      .on('POST', `/v2/episodes/${id}`, (r) => {
        const current = this.episodes.get(id);
        if (!current) return fail(404, 'Episode not found');
        if (r.fields.tags !== undefined) current.tags = r.fields.tags.split(',').filter(Boolean);
        if (r.fields.hidden !== undefined) current.hidden = r.fields.hidden === 'true';
        if (r.fields.auto_published_at !== undefined) current.auto_published_at = r.fields.auto_published_at || null;
        if (r.fields.title !== undefined) current.title = r.fields.title;
        return this.authed(r, view);
      })
      .on('DELETE', `/v2/episodes/${id}`, (r) => {
        if (!this.episodes.delete(id)) return fail(404, 'Episode not found');
        return this.authed(r, () => ({}));
      });
    return view().episode;
  }

  private async authed(req: Received, body: () => unknown | Promise<unknown>) {
    if (req.authorization !== `Bearer ${this.accessToken}`) return fail(401, 'Unauthorized');
    return { body: { response: await body() } };
  }
}

import { z } from 'zod';
import { SpreakerError } from './spreaker-error.ts';
import {
  ZSpreakerCategory,
  ZSpreakerEpisode,
  ZSpreakerEpisodePlayTotals,
  ZSpreakerErrorBody,
  ZSpreakerPlaysRow,
  ZSpreakerShow,
  ZSpreakerUser,
  zPage,
  type TSpreakerCategory,
  type TSpreakerEpisode,
  type TSpreakerEpisodePlayTotals,
  type TSpreakerPlaysRow,
  type TSpreakerShow,
  type TSpreakerUser,
} from './spreaker-types.ts';

export const SPREAKER_API_URL = 'https://api.spreaker.com';

export interface SpreakerClientOptions {
  accessToken: string;
  /** Origin of the API; https://api.spreaker.com in production, a local server in tests. */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Follows next_url at most this many times when listing (100 items a page). */
  maxPages?: number;
}

export interface SpreakerEpisodeFields {
  title?: string;
  description?: string;
  tags?: readonly string[];
  explicit?: boolean;
  hidden?: boolean;
  /** 'YYYY-MM-DD HH:MM:SS' UTC; '' cancels a schedule. */
  auto_published_at?: string;
}

export interface SpreakerUpload extends SpreakerEpisodeFields {
  title: string;
  /** The audio; `fs.openAsBlob(path)` streams a file from disk without reading it into memory. */
  media: Blob;
  filename: string;
}

export interface SpreakerNewShow {
  title: string;
  language?: string;
  description?: string;
  category_id?: number;
  explicit?: boolean;
}

export type StatsGroup = 'day' | 'week' | 'month';
export interface StatsRange {
  /** 'YYYY-MM-DD', inclusive. */
  from: string;
  to: string;
}

type FormValue = string | number | boolean | readonly string[] | undefined;

/** A Spreaker API v2 client for one user's access token. Every method throws SpreakerError. */
export class SpreakerClient {
  readonly #token: string;
  readonly #base: URL;
  readonly #fetch: typeof fetch;
  readonly #maxPages: number;

  constructor(options: SpreakerClientOptions) {
    this.#token = options.accessToken;
    this.#base = new URL(options.baseUrl ?? SPREAKER_API_URL);
    this.#fetch = options.fetch ?? fetch;
    this.#maxPages = options.maxPages ?? 50;
  }

  me(): Promise<TSpreakerUser> {
    return this.#call('GET', '/v2/me', z.object({ user: ZSpreakerUser })).then((r) => r.user);
  }

  userShows(userId: number): Promise<TSpreakerShow[]> {
    return this.#all(`/v2/users/${userId}/shows?limit=100`, ZSpreakerShow);
  }

  show(showId: number): Promise<TSpreakerShow> {
    return this.#call('GET', `/v2/shows/${showId}`, z.object({ show: ZSpreakerShow })).then((r) => r.show);
  }

  showCategories(): Promise<TSpreakerCategory[]> {
    return this.#call('GET', '/v2/show-categories', z.object({ categories: z.array(ZSpreakerCategory) })).then((r) => r.categories);
  }

  createShow(fields: SpreakerNewShow): Promise<TSpreakerShow> {
    const body = form({ ...fields });
    return this.#call('POST', '/v2/shows', z.object({ show: ZSpreakerShow }), body).then((r) => r.show);
  }

  uploadEpisode(showId: number, upload: SpreakerUpload): Promise<TSpreakerEpisode> {
    const { media, filename, ...fields } = upload;
    const body = form(fields);
    body.append('media_file', media, filename);
    return this.#episode('POST', `/v2/shows/${showId}/episodes`, body);
  }

  /** Every episode of a show, newest first (GET /v2/shows/{id}/episodes, paged by next_url). */
  showEpisodes(showId: number): Promise<TSpreakerEpisode[]> {
    return this.#all(`/v2/shows/${showId}/episodes?limit=100`, ZSpreakerEpisode);
  }

  episode(episodeId: number): Promise<TSpreakerEpisode> {
    return this.#episode('GET', `/v2/episodes/${episodeId}`);
  }

  updateEpisode(episodeId: number, fields: SpreakerEpisodeFields): Promise<TSpreakerEpisode> {
    return this.#episode('POST', `/v2/episodes/${episodeId}`, form({ ...fields }));
  }

  async deleteEpisode(episodeId: number): Promise<void> {
    await this.#call('DELETE', `/v2/episodes/${episodeId}`, z.unknown());
  }

  showPlays(showId: number, range: StatsRange, group: StatsGroup = 'day'): Promise<TSpreakerPlaysRow[]> {
    return this.#plays(`/v2/shows/${showId}/statistics/plays`, range, group);
  }

  episodePlays(episodeId: number, range: StatsRange, group: StatsGroup = 'day'): Promise<TSpreakerPlaysRow[]> {
    return this.#plays(`/v2/episodes/${episodeId}/statistics/plays`, range, group);
  }

  /** Plays per episode of a show over a range (the analytics "plays per episode" list). */
  showEpisodePlayTotals(showId: number, range: StatsRange): Promise<TSpreakerEpisodePlayTotals[]> {
    const query = new URLSearchParams({ from: range.from, to: range.to, limit: '100' });
    return this.#all(`/v2/shows/${showId}/episodes/statistics/plays/totals?${query}`, ZSpreakerEpisodePlayTotals);
  }

  #plays(path: string, range: StatsRange, group: StatsGroup): Promise<TSpreakerPlaysRow[]> {
    const query = new URLSearchParams({ from: range.from, to: range.to, group });
    const schema = z.object({ statistics: z.array(ZSpreakerPlaysRow) });
    return this.#call('GET', `${path}?${query}`, schema).then((r) => r.statistics);
  }

  #episode(method: string, path: string, body?: FormData): Promise<TSpreakerEpisode> {
    return this.#call(method, path, z.object({ episode: ZSpreakerEpisode }), body).then((r) => r.episode);
  }

  /** Lists follow next_url; it is only followed on the API's own origin so the token never leaks. */
  async #all<T extends z.ZodType>(firstPath: string, item: T): Promise<z.infer<T>[]> {
    const items: z.infer<T>[] = [];
    let next: string | null = firstPath;
    for (let page = 0; next && page < this.#maxPages; page++) {
      const result: { items: z.infer<T>[]; next_url?: string | null } = await this.#call('GET', next, zPage(item));
      items.push(...result.items);
      next = result.next_url ?? null;
      if (next && new URL(next, this.#base).origin !== this.#base.origin) break;
    }
    return items;
  }

  async #call<T extends z.ZodType>(method: string, path: string, schema: T, body?: FormData): Promise<z.infer<T>> {
    const url = new URL(path, this.#base);
    let response: Response;
    try {
      response = await this.#fetch(url, {
        method,
        headers: { authorization: `Bearer ${this.#token}`, accept: 'application/json' },
        body,
      });
    } catch (cause) {
      throw new SpreakerError('unavailable', null, [], cause);
    }
    const json: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const error = ZSpreakerErrorBody.safeParse(json);
      throw SpreakerError.fromStatus(response.status, error.success ? error.data.response.error.messages : []);
    }
    // A delete's body carries nothing the product reads.
    if (method === 'DELETE') return undefined as z.infer<T>;
    const inner = (json as { response?: unknown } | null)?.response;
    const parsed = inner === undefined ? null : schema.safeParse(inner);
    if (!parsed?.success) {
      throw new SpreakerError('bad_response', response.status, [`Unexpected response from ${method} ${url.pathname}`]);
    }
    return parsed.data as z.infer<T>;
  }
}

/** Spreaker takes form fields (multipart), booleans as 'true'/'false' and tags comma-separated. */
function form(fields: Record<string, FormValue>): FormData {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) body.append(key, value.join(','));
    else body.append(key, String(value));
  }
  return body;
}

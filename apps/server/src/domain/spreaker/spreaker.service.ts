import { timingSafeEqual } from 'node:crypto';
import {
  SPREAKER_CONNECT,
  SPREAKER_MESSAGES,
  type TMappedSpreakerShow,
  type TSpreakerCategories,
  type TSpreakerShows,
  type TSpreakerStatus,
} from '@ppp/contracts';
import {
  SpreakerClient,
  SpreakerError,
  exchangeSpreakerCode,
  mapSpreakerShow,
  refreshSpreakerToken,
  spreakerAuthorizationUrl,
  spreakerToAppError,
  type SpreakerOAuthConfig,
  type TSpreakerShow,
} from '../../adapters/spreaker/index.ts';
import { AppError } from '../errors.ts';
import type { User } from '../users/user.entity.ts';
import type { OneTimeGrants } from '../auth/one-time-grants.ts';
import type { SecretBox } from '../speech/secret-box.ts';
import type { PodcastsRepository } from '../podcasts/podcasts.repository.ts';
import type { SpreakerAccount } from './spreaker-account.entity.ts';
import type { SpreakerAccountsRepository } from './spreaker-accounts.repository.ts';

/** Refresh a little before Spreaker's expiry, so a long upload does not start on a dying token. */
const REFRESH_MARGIN_MS = 5 * 60_000;

export interface SpreakerServiceDeps {
  accounts: SpreakerAccountsRepository;
  /** The user's shows, to tell which Spreaker show each is linked to. */
  podcasts: PodcastsRepository;
  grants: OneTimeGrants;
  box: SecretBox;
  /** null when SPREAKER_CLIENT_ID/SECRET are unset: connecting is not offered. */
  oauth: SpreakerOAuthConfig | null;
  apiUrl: string;
}

/** A user's Spreaker connection: OAuth connect and disconnect, token refresh, and the calls the show screens make. */
export class SpreakerService {
  private readonly deps: SpreakerServiceDeps;
  constructor(deps: SpreakerServiceDeps) {
    this.deps = deps;
  }

  private oauth(): SpreakerOAuthConfig {
    if (!this.deps.oauth) throw new AppError('NOT_CONFIGURED', SPREAKER_MESSAGES.notConfigured);
    return this.deps.oauth;
  }

  /** POST /api/auth/spreaker/ticket: a one-time ticket that opens the popup (a popup cannot send the session header). */
  async connectTicket(user: Pick<User, 'id'>): Promise<{ ticket: string }> {
    this.oauth();
    return { ticket: await this.deps.grants.issue('spreaker-ticket', user.id, SPREAKER_CONNECT.ticketTtlSeconds * 1000) };
  }

  /**
   * GET /api/auth/spreaker/start?ticket=…: spends the ticket and answers where the 600x700 popup goes, with a
   * random single-use state the route also keeps in a cookie of the starting browser.
   */
  async startConnect(ticket: string): Promise<{ url: string; state: string }> {
    const oauth = this.oauth();
    const userId = await this.deps.grants.redeem('spreaker-ticket', ticket);
    if (!userId) throw new AppError('UNAUTHORIZED', SPREAKER_MESSAGES.notSignedIn);
    const state = await this.deps.grants.issue('spreaker-state', userId, SPREAKER_CONNECT.stateTtlMinutes * 60_000);
    return { url: spreakerAuthorizationUrl(oauth, state).toString(), state };
  }

  /**
   * The callback: the state must be the one this browser started with (its cookie), unused and fresh;
   * then the code is exchanged and the tokens stored encrypted. Returns the user id.
   */
  async finishConnect(code: string, state: string, browserState: string, now = new Date()): Promise<string> {
    const oauth = this.oauth();
    const sameBrowser =
      state.length > 0 && state.length === browserState.length && timingSafeEqual(Buffer.from(state), Buffer.from(browserState));
    const userId = sameBrowser ? await this.deps.grants.redeem('spreaker-state', state) : null;
    if (!userId || !code) throw new AppError('BAD_REQUEST', SPREAKER_MESSAGES.invalidState);
    try {
      const tokens = await exchangeSpreakerCode(oauth, code, now);
      const me = await new SpreakerClient({ accessToken: tokens.accessToken, baseUrl: this.deps.apiUrl }).me();
      const account = await this.deps.accounts.findOrAdd(userId, String(me.user_id));
      account.spreakerUserId = String(me.user_id);
      account.displayName = me.fullname;
      this.storeTokens(account, tokens.accessToken, tokens.refreshToken, tokens.expiresAt);
      await this.deps.accounts.save();
      return userId;
    } catch (error) {
      if (error instanceof SpreakerError) throw spreakerToAppError(error);
      throw error;
    }
  }

  /** POST /api/spreaker/disconnect: forgets the tokens; linked shows keep their show id. */
  async disconnect(user: Pick<User, 'id'>): Promise<void> {
    await this.deps.accounts.deleteOf(user.id);
  }

  async status(user: Pick<User, 'id'>): Promise<TSpreakerStatus> {
    const account = await this.deps.accounts.findOf(user.id);
    return {
      configured: this.deps.oauth !== null,
      connected: account !== null,
      spreaker_user_id: account?.spreakerUserId ?? null,
      name: account?.displayName ?? null,
    };
  }

  /** A client on the user's token, refreshed first when it is about to expire; 401 'Not connected' without one. */
  async clientFor(userId: string, now = new Date()): Promise<SpreakerClient> {
    const account = await this.deps.accounts.findOf(userId);
    const token = account ? this.deps.box.open(account.accessTokenEnc) : null;
    if (!account || !token) throw new AppError('UNAUTHORIZED', SPREAKER_MESSAGES.notConnected);
    let accessToken = token;
    const refreshToken = account.refreshTokenEnc ? this.deps.box.open(account.refreshTokenEnc) : null;
    if (account.expiresAt && account.expiresAt.getTime() - now.getTime() < REFRESH_MARGIN_MS && refreshToken && this.deps.oauth) {
      try {
        const fresh = await refreshSpreakerToken(this.deps.oauth, refreshToken, now);
        this.storeTokens(account, fresh.accessToken, fresh.refreshToken, fresh.expiresAt);
        await this.deps.accounts.save();
        accessToken = fresh.accessToken;
      } catch (error) {
        if (error instanceof SpreakerError && error.kind === 'unauthorized')
          throw new AppError('UNAUTHORIZED', SPREAKER_MESSAGES.notConnected);
        throw error;
      }
    }
    return new SpreakerClient({ accessToken, baseUrl: this.deps.apiUrl });
  }

  /** GET /api/spreaker/shows: the user's Spreaker shows, with the local show linked to each. */
  async shows(user: Pick<User, 'id'>): Promise<TSpreakerShows> {
    const shows = await this.call(user, async (client) => client.userShows((await client.me()).user_id));
    const linked = await this.deps.podcasts.findLinkedToSpreaker(user);
    return {
      shows: shows.map((show) => ({
        show_id: String(show.show_id),
        title: show.title,
        image_url: show.image_url ?? null,
        site_url: show.site_url ?? null,
        podcast_id: linked.find((p) => p.spreakerShowId === String(show.show_id))?.id ?? null,
      })),
    };
  }

  /** The user's own Spreaker show (404 for someone else's). */
  async show(user: Pick<User, 'id'>, showId: string): Promise<TSpreakerShow> {
    if (!/^\d+$/.test(showId)) throw new AppError('VALIDATION', 'Must be numeric.');
    return this.call(user, async (client) => {
      const me = await client.me();
      const shows = await client.userShows(me.user_id);
      const show = shows.find((s) => s.show_id === Number(showId));
      if (!show) throw new AppError('NOT_FOUND', 'Spreaker show not found');
      return client.show(show.show_id);
    });
  }

  /** GET /api/spreaker/show/{id}?mapped=true */
  async mappedShow(user: Pick<User, 'id'>, showId: string): Promise<TMappedSpreakerShow> {
    const mapped = mapSpreakerShow(await this.show(user, showId));
    const id = (value: number | null) => (value === null ? null : String(value));
    return {
      ...mapped,
      spreaker_show_id: String(mapped.spreaker_show_id),
      category_id: id(mapped.category_id),
      category_2_id: id(mapped.category_2_id),
      category_3_id: id(mapped.category_3_id),
    };
  }

  /** GET /api/spreaker/categories */
  async categories(user: Pick<User, 'id'>): Promise<TSpreakerCategories> {
    const categories = await this.call(user, (client) => client.showCategories());
    return { categories: categories.map((c) => ({ category_id: String(c.category_id), name: c.name })) };
  }

  /** Runs Spreaker calls on the user's client; Spreaker failures become the domain's errors. */
  async call<T>(user: Pick<User, 'id'>, work: (client: SpreakerClient) => Promise<T>): Promise<T> {
    const client = await this.clientFor(user.id);
    try {
      return await work(client);
    } catch (error) {
      if (error instanceof SpreakerError) throw spreakerToAppError(error);
      throw error;
    }
  }

  private storeTokens(account: SpreakerAccount, accessToken: string, refreshToken: string | null, expiresAt: Date | null): void {
    account.accessTokenEnc = this.deps.box.seal(accessToken);
    account.refreshTokenEnc = refreshToken ? this.deps.box.seal(refreshToken) : null;
    account.expiresAt = expiresAt;
  }
}

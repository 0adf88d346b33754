import type { z } from 'zod';
import {
  EPISODE_MESSAGES,
  retryAvailable,
  type TEpisode,
  type TEpisodePage,
  type TEpisodeUpdate,
  type TRetryResponse,
  type ZEpisodeListQuery,
  type ZEpisodeUpdateRequest,
} from '@ppp/contracts';
import { AppError, orNotFound } from '../errors.ts';
import type { Owner } from '../users/user.entity.ts';
import type { StoragePort } from '../storage/storage.ts';
import type { Episode } from './episode.entity.ts';
import type { EpisodesRepository } from './episodes.repository.ts';
import type { EpisodeListRepository } from './episode-list.repository.ts';
import type { EpisodeMediaRepository } from './episode-media.repository.ts';
import { contentTypeOfKey, extensionOfKey, type EpisodeFileKind, type EpisodeLinks } from './episode-links.ts';
import type { EpisodeAssemblyPort } from './episode-assembly.port.ts';
import { toEpisodeDto } from './episode.dto.ts';
import { viewOfEpisode } from './episode-view.ts';
import { keptEpisodePages, nextRetryChange, pageBodyOf, type EpisodePageBody } from './episode-pages.ts';
import type { PlanUser } from '../billing/feature-gate.ts';

export interface EpisodesServiceDeps {
  episodes: EpisodesRepository;
  /** Episode History's pages. */
  list: EpisodeListRepository;
  /** The user's covers, to copy one onto an episode. */
  media: EpisodeMediaRepository;
  storage: StoragePort;
  links: EpisodeLinks;
  assembly: EpisodeAssemblyPort;
  baseUrl: string;
}

/** users/{userId}/episodes/{episodeId}/: every file stored for one episode. */
export function episodePrefix(userId: string, episodeId: string): string {
  return `users/${userId}/episodes/${episodeId}/`;
}

/** Episode History (spec 001): list, read, edit, delete and retry one user's episodes; another user's are 404. */
export class EpisodesService {
  private readonly deps: EpisodesServiceDeps;
  constructor(deps: EpisodesServiceDeps) {
    this.deps = deps;
  }

  async getOwned(user: Owner, id: string): Promise<Episode> {
    return orNotFound(await this.deps.episodes.findOwned(user, id), EPISODE_MESSAGES.episodeNotFound);
  }

  async toDto(episode: Episode, now = new Date()): Promise<TEpisode> {
    return toEpisodeDto(viewOfEpisode(episode), await this.deps.links.signer(), this.deps.baseUrl, now);
  }

  /** GET /api/episodes/?limit=500&offset=n: newest first, with the total for paging. */
  async page(user: Owner, query: z.output<typeof ZEpisodeListQuery>, shows: readonly string[] | null = null): Promise<TEpisodePage> {
    return (await this.pageBody(user, query, shows)).page;
  }

  /**
   * The page with its JSON and ETag. It is built once and kept while the version of its rows (read
   * on every call) and its signed links stay the same, so Episode History asked again costs one
   * small query. `shows`: only those shows' episodes (a team member given some; null: all).
   */
  async pageBody(user: Owner, query: z.output<typeof ZEpisodeListQuery>, shows: readonly string[] | null = null): Promise<EpisodePageBody> {
    const options = { limit: query.limit, offset: query.offset, podcastId: query.podcast_id, podcastIds: shows };
    const { total, version } = await this.deps.list.pageVersion(user, options);
    const key = [user.id, query.limit, query.offset, query.podcast_id ?? '', shows?.join(',') ?? '*', this.deps.baseUrl].join('|');
    const now = Date.now();
    return keptEpisodePages().get(key, version, now, async () => {
      const rows = await this.deps.list.pageRows(user, options);
      const sign = await this.deps.links.signer();
      const items = rows.map((e) => toEpisodeDto(e, sign, this.deps.baseUrl, new Date(now)));
      const validUntil = Math.min(this.deps.links.sameLinksUntil(now), nextRetryChange(items, now));
      return { value: pageBodyOf({ items, total, limit: query.limit, offset: query.offset }), validUntil };
    });
  }

  /** GET /api/episodes: the same list as a plain array (one page of 500). */
  async list(user: Owner, query: z.output<typeof ZEpisodeListQuery>, shows: readonly string[] | null = null): Promise<TEpisode[]> {
    return (await this.page(user, query, shows)).items;
  }

  async get(user: Owner, id: string): Promise<TEpisode> {
    return this.toDto(await this.getOwned(user, id));
  }

  /** PATCH /api/episodes/{id}: what is sent is changed; a season/episode pair another episode of the show has is refused. */
  async update(user: Owner, id: string, body: z.output<typeof ZEpisodeUpdateRequest>): Promise<TEpisode> {
    const episode = await this.getOwned(user, id);
    await this.checkNumbers(episode, body);
    if (body.template_id !== undefined) await this.checkTemplate(user, body.template_id);
    const oldCover = episode.coverStorageKey ?? null;
    if (body.cover_image_path !== undefined) episode.coverStorageKey = await this.coverKeyFor(user, episode, body.cover_image_path);
    if (body.title !== undefined) episode.title = body.title;
    if (body.description !== undefined) episode.description = body.description;
    if (body.tags !== undefined) episode.tags = body.tags;
    if (body.is_explicit !== undefined) episode.explicit = body.is_explicit;
    if (body.image_crop !== undefined) episode.coverCrop = body.image_crop;
    if (body.season_number !== undefined) episode.season = body.season_number;
    if (body.episode_number !== undefined) episode.episodeNumber = body.episode_number;
    if (body.template_id !== undefined) episode.templateId = body.template_id;
    if (body.podcasting20 !== undefined) episode.podcasting20 = body.podcasting20;
    await this.deps.episodes.flush();
    if (oldCover && oldCover !== episode.coverStorageKey) await this.deps.storage.delete(oldCover);
    return this.toDto(episode);
  }

  /** DELETE /api/episodes/{id}: the row and its stored files. Minutes already used are not refunded (spec 002 §1). */
  async delete(user: Owner, id: string): Promise<void> {
    const episode = await this.getOwned(user, id);
    const keys = [episode.finalAudioKey, episode.coverStorageKey, episode.mirrorKey].filter((k): k is string => Boolean(k));
    await this.deps.episodes.remove(episode);
    for (const key of keys) await this.deps.storage.delete(key);
    await this.deps.storage.delete(episodePrefix(user.id, episode.id));
  }

  /** POST /api/episodes/{id}/retry: an error episode, or one stuck processing; status back to processing and assembly queued again. */
  async retry(user: PlanUser, id: string, now = new Date()): Promise<TRetryResponse> {
    const episode = await this.getOwned(user, id);
    const state = {
      status: episode.status,
      duration_ms: episode.durationMs ?? null,
      processed_at: episode.processedAt ?? null,
      created_at: episode.createdAt,
    };
    if (!retryAvailable(state, now)) throw new AppError('CONFLICT', EPISODE_MESSAGES.notRetryable);
    await this.deps.assembly.requeue(episode, user, now);
    episode.status = 'processing';
    episode.errorMessage = null;
    // The stuck clock restarts from the retry, so the same episode is not offered again at once.
    episode.processedAt = now;
    await this.deps.episodes.flush();
    return { id: episode.id, status: episode.status };
  }

  /**
   * The episode behind a file URL: a valid signature opens it for anyone (audio elements and images
   * send no bearer header); without one, only its owner. Anything else is 404.
   */
  async forFile(
    user: Owner | null,
    kind: EpisodeFileKind,
    id: string,
    query: { expires?: string; sig?: string },
    part = '',
  ): Promise<Episode> {
    if (query.sig !== undefined) {
      const episode = (await this.deps.links.verify(kind, id, query, part)) ? await this.deps.episodes.findById(id) : null;
      if (!episode) throw new AppError('NOT_FOUND', EPISODE_MESSAGES.episodeNotFound);
      return episode;
    }
    if (!user) throw new AppError('NOT_FOUND', EPISODE_MESSAGES.episodeNotFound);
    return this.getOwned(user, id);
  }

  /** The stored cover of an episode (else its show's) for GET /api/episodes/{id}/cover. */
  async coverFile(episode: Episode): Promise<{ key: string; contentType: string } | null> {
    const key = episode.coverStorageKey ?? (typeof episode.podcast === 'object' ? episode.podcast.coverStorageKey : null) ?? null;
    if (!key) return null;
    return { key, contentType: contentTypeOfKey(key) };
  }

  private async checkNumbers(episode: Episode, body: TEpisodeUpdate): Promise<void> {
    if (body.season_number === undefined && body.episode_number === undefined) return;
    const season = body.season_number !== undefined ? body.season_number : (episode.season ?? null);
    const number = body.episode_number !== undefined ? body.episode_number : (episode.episodeNumber ?? null);
    if (season === (episode.season ?? null) && number === (episode.episodeNumber ?? null)) return;
    if (number !== null && (await this.deps.episodes.numberTaken(episode, season, number))) {
      throw new AppError('CONFLICT', EPISODE_MESSAGES.duplicateNumber);
    }
  }

  private async checkTemplate(user: Owner, templateId: string | null): Promise<void> {
    if (templateId === null) return;
    if (!(await this.deps.episodes.templateOwned(user, templateId))) throw new AppError('NOT_FOUND', EPISODE_MESSAGES.templateNotFound);
  }

  /** An uploaded cover (its /static/media/ path or stored name) copied under the episode; null removes the cover. */
  private async coverKeyFor(user: Owner, episode: Episode, path: string | null): Promise<string | null> {
    if (path === null || path === '') return null;
    if (path === `/api/episodes/${episode.id}/cover` && episode.coverStorageKey) return episode.coverStorageKey;
    const filename = path.split('?')[0]?.split('/').pop() ?? '';
    const item = await this.deps.media.findCover(user, filename);
    if (!item || !(await this.deps.storage.stat(item.storageKey))) throw new AppError('NOT_FOUND', EPISODE_MESSAGES.coverNotFound);
    const key = `${episodePrefix(user.id, episode.id)}cover-${Date.now().toString(36)}.${extensionOfKey(item.storageKey)}`;
    await this.deps.storage.putBytes(key, await this.deps.storage.readBytes(item.storageKey));
    return key;
  }
}

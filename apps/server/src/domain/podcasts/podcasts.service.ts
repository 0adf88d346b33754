import type { z } from 'zod';
import { PODCAST_MESSAGES, type TPodcast, type ZCreatePodcastRequest, type ZUpdatePodcastRequest } from '@ppp/contracts';
import { AppError, orNotFound } from '../errors.ts';
import type { StoragePort } from '../storage/storage.ts';
import type { User } from '../users/user.entity.ts';
import type { Podcast } from './podcast.entity.ts';
import type { PodcastsRepository } from './podcasts.repository.ts';
import { encodeCategory, toPodcastDto } from './podcast.dto.ts';
import { foldCategoryIds } from './podcast-input.ts';
import { measureArtwork, prepareCover, showCoverKey, showPrefix } from './cover-art.ts';
import type { ArtworkInfo } from '../publishing/feed/index.ts';

export const PODCAST_NOT_FOUND = 'Podcast not found';

export interface PodcastsServiceDeps {
  repository: PodcastsRepository;
  storage: StoragePort;
  /** Public origin of this installation, for feed and cover URLs. */
  baseUrl: string;
  /** Throws unless the Spreaker show is the user's own (the check link-spreaker-show makes). */
  assertOwnSpreakerShow: (user: Pick<User, 'id'>, showId: string) => Promise<unknown>;
  /** Queues the show's feed.announce (WebSub, Podping) after an edit; never throws. */
  announce?: (podcastId: string) => Promise<void>;
}

/** A user's shows: list, read, create, edit, cover, delete. Never another user's. */
export class PodcastsService {
  private readonly deps: PodcastsServiceDeps;
  constructor(deps: PodcastsServiceDeps) {
    this.deps = deps;
  }

  /** One of the user's shows; another user's id, a malformed id and a missing one are all 404. */
  async getForUser(user: Pick<User, 'id'>, id: string): Promise<Podcast> {
    return orNotFound(await this.deps.repository.findOwned(user, id), PODCAST_NOT_FOUND);
  }

  /** The user's shows, oldest first (the order they were made in). */
  async findForUser(user: Pick<User, 'id'>): Promise<Podcast[]> {
    return this.deps.repository.findForUser(user);
  }

  /** Any show by id, for the public feed (404 when there is none). */
  async getPublic(id: string): Promise<Podcast> {
    return orNotFound(await this.deps.repository.findById(id), PODCAST_NOT_FOUND);
  }

  toDto(podcast: Podcast): TPodcast {
    return toPodcastDto(podcast, this.deps.baseUrl);
  }

  async listDtos(user: Pick<User, 'id'>): Promise<TPodcast[]> {
    return (await this.findForUser(user)).map((p) => this.toDto(p));
  }

  async getDto(user: Pick<User, 'id'>, id: string): Promise<TPodcast> {
    return this.toDto(await this.getForUser(user, id));
  }

  /**
   * POST /api/podcasts/: name (at least 4 characters), description, language, author, owner email (the
   * account's when left out, so the first feed has itunes:owner), primary category, an optional PNG/JPEG cover.
   */
  async create(user: Pick<User, 'id' | 'email'>, body: z.output<typeof ZCreatePodcastRequest>, cover: Buffer | null): Promise<TPodcast> {
    const prepared = cover ? await prepareCover(cover) : null;
    const podcast = this.deps.repository.create({
      user: user.id,
      name: body.name,
      description: body.description,
      language: body.language,
      authorName: body.author_name,
      ownerEmail: body.owner_email ?? user.email,
      category: encodeCategory(body.category),
    });
    if (prepared) podcast.coverStorageKey = await this.storeCover(user, podcast.id, prepared.bytes, prepared.extension);
    await this.deps.repository.flush();
    return this.toDto(podcast);
  }

  /** PUT /api/podcasts/{id}: every Edit Podcast field; changing a linked Spreaker show ID needs the confirmation. */
  async update(
    user: Pick<User, 'id'>,
    id: string,
    patch: z.output<typeof ZUpdatePodcastRequest>,
    cover: Buffer | null = null,
  ): Promise<TPodcast> {
    const body = foldCategoryIds(patch);
    const podcast = await this.getForUser(user, id);
    const prepared = cover ? await prepareCover(cover) : null;
    if (body.spreaker_show_id !== undefined) {
      const next = body.spreaker_show_id;
      const current = podcast.spreakerShowId ?? null;
      if (current && next !== current && !body.allow_spreaker_id_change) {
        throw new AppError('VALIDATION', PODCAST_MESSAGES.confirmHostShowIdChange);
      }
      if (next && next !== current) await this.deps.assertOwnSpreakerShow(user, next);
      podcast.spreakerShowId = next;
      podcast.hostKind = next ? 'spreaker' : 'builtin';
    }
    // A field the request left out keeps its value (issue 37): only what it carries is written.
    const changes = {
      name: body.name,
      description: body.description,
      podcastType: body.podcast_type,
      language: body.language,
      copyrightLine: body.copyright_line,
      ownerName: body.owner_name,
      ownerEmail: body.owner_email,
      authorName: body.author_name,
      contactEmail: body.contact_email,
      category: body.category === undefined ? undefined : encodeCategory(body.category),
      category2: body.category_2 === undefined ? undefined : encodeCategory(body.category_2),
      category3: body.category_3 === undefined ? undefined : encodeCategory(body.category_3),
      explicit: body.explicit,
      websiteUrl: body.website_url,
      locked: body.locked,
      podcasting20: body.podcasting20,
    };
    Object.assign(podcast, Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)));
    const oldCover = podcast.coverStorageKey ?? null;
    if (prepared) podcast.coverStorageKey = await this.storeCover(user, podcast.id, prepared.bytes, prepared.extension);
    await this.deps.repository.flush();
    await this.deps.announce?.(podcast.id);
    if (prepared && oldCover) await this.deps.storage.delete(oldCover);
    return this.toDto(podcast);
  }

  /** Replaces only the cover. */
  async setCover(user: Pick<User, 'id'>, id: string, cover: Buffer): Promise<TPodcast> {
    const podcast = await this.getForUser(user, id);
    const prepared = await prepareCover(cover);
    const oldCover = podcast.coverStorageKey ?? null;
    podcast.coverStorageKey = await this.storeCover(user, podcast.id, prepared.bytes, prepared.extension);
    podcast.updatedAt = new Date();
    await this.deps.repository.flush();
    if (oldCover) await this.deps.storage.delete(oldCover);
    return this.toDto(podcast);
  }

  /** Deletes the show, its episodes (cascade) and every stored file of both. Episodes on Spreaker stay there. */
  async delete(user: Pick<User, 'id'>, id: string): Promise<void> {
    const podcast = await this.getForUser(user, id);
    const files = await this.deps.repository.episodeFiles(podcast.id);
    await this.deps.repository.remove(podcast);
    await this.deps.storage.delete(showPrefix(user.id, podcast.id));
    for (const key of files) await this.deps.storage.delete(key);
  }

  /** The show's artwork as stored, measured from its bytes; null without one. */
  async artwork(podcast: Pick<Podcast, 'coverStorageKey'>): Promise<ArtworkInfo | null> {
    if (!podcast.coverStorageKey || !(await this.deps.storage.stat(podcast.coverStorageKey))) return null;
    return measureArtwork(await this.deps.storage.readBytes(podcast.coverStorageKey));
  }

  private async storeCover(user: Pick<User, 'id'>, podcastId: string, bytes: Buffer, extension: string): Promise<string> {
    const key = showCoverKey(user.id, podcastId, extension, Date.now().toString(36));
    await this.deps.storage.putBytes(key, bytes);
    return key;
  }
}

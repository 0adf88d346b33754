import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import type { TPodcast } from '@ppp/contracts';
import { AppError } from '../errors.ts';
import type { User } from '../users/user.entity.ts';
import { PodcastSchema, type Podcast } from './podcast.entity.ts';
import { toPodcastDto } from './podcast.dto.ts';

export const PODCAST_NOT_FOUND = 'Podcast not found';

export interface PodcastsServiceDeps {
  em: EntityManager;
  /** Public origin of this installation, for feed and cover URLs. */
  baseUrl: string;
}

/** A user's shows: list, read, and (in podcast-settings.service.ts) create, edit and delete. Never another user's. */
export class PodcastsService {
  private readonly deps: PodcastsServiceDeps;
  constructor(deps: PodcastsServiceDeps) {
    this.deps = deps;
  }

  /** One of the user's shows; another user's id, a malformed id and a missing one are all 404. */
  async getForUser(user: Pick<User, 'id'>, id: string): Promise<Podcast> {
    const podcast = z.uuid().safeParse(id).success ? await this.deps.em.findOne(PodcastSchema, { id, user: user.id }) : null;
    if (!podcast) throw new AppError('NOT_FOUND', PODCAST_NOT_FOUND);
    return podcast;
  }

  /** The user's shows, oldest first (the order they were made in). */
  async findForUser(user: Pick<User, 'id'>): Promise<Podcast[]> {
    return this.deps.em.find(PodcastSchema, { user: user.id }, { orderBy: { createdAt: 'asc', id: 'asc' } });
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
}

import type { z } from 'zod';
import { PODCAST_MESSAGES, type TPodcast, type ZCreateSpreakerShowRequest, type ZLinkSpreakerShowRequest } from '@ppp/contracts';
import { AppError } from '../errors.ts';
import type { User } from '../users/user.entity.ts';
import type { SpreakerService } from '../spreaker/spreaker.service.ts';
import type { PodcastsService } from './podcasts.service.ts';
import type { PodcastsRepository } from './podcasts.repository.ts';

/** Linking a show to a Spreaker show (an existing one by its numeric id, or a new one made from the show). */
export class HostShowService {
  private readonly deps: { repository: PodcastsRepository; podcasts: PodcastsService; spreaker: SpreakerService };
  constructor(deps: { repository: PodcastsRepository; podcasts: PodcastsService; spreaker: SpreakerService }) {
    this.deps = deps;
  }

  /** POST /api/podcasts/{id}/link-spreaker-show: the Spreaker show must be the user's own. */
  async link(user: Pick<User, 'id'>, podcastId: string, body: z.output<typeof ZLinkSpreakerShowRequest>): Promise<TPodcast> {
    const podcast = await this.deps.podcasts.getForUser(user, podcastId);
    await this.deps.spreaker.show(user, body.show_id);
    const other = await this.deps.repository.findLinkedElsewhere(user, body.show_id, podcast.id);
    if (other) throw new AppError('CONFLICT', `That Spreaker show is already linked to "${other.name}".`);
    podcast.spreakerShowId = body.show_id;
    podcast.hostKind = 'spreaker';
    await this.deps.repository.flush();
    return this.deps.podcasts.toDto(podcast);
  }

  /** POST /api/podcasts/{id}/create-spreaker-show: a new Spreaker show from this one, then linked. */
  async create(
    user: Pick<User, 'id'>,
    podcastId: string,
    body: z.output<typeof ZCreateSpreakerShowRequest>,
  ): Promise<{ podcast: TPodcast; spreaker_show_id: string }> {
    const podcast = await this.deps.podcasts.getForUser(user, podcastId);
    if (podcast.spreakerShowId) throw new AppError('CONFLICT', PODCAST_MESSAGES.confirmHostShowIdChange);
    const show = await this.deps.spreaker.call(user, (client) =>
      client.createShow({
        title: body.title ?? podcast.name,
        description: body.description ?? podcast.description,
        language: body.language ?? podcast.language,
        explicit: podcast.explicit,
      }),
    );
    podcast.spreakerShowId = String(show.show_id);
    podcast.hostKind = 'spreaker';
    await this.deps.repository.flush();
    return { podcast: this.deps.podcasts.toDto(podcast), spreaker_show_id: String(show.show_id) };
  }

  /** Back to the built-in host (the show keeps its Spreaker id only if asked to). */
  async useBuiltin(user: Pick<User, 'id'>, podcastId: string): Promise<TPodcast> {
    const podcast = await this.deps.podcasts.getForUser(user, podcastId);
    podcast.hostKind = 'builtin';
    podcast.spreakerShowId = null;
    await this.deps.repository.flush();
    return this.deps.podcasts.toDto(podcast);
  }
}

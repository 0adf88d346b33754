import type { z } from 'zod';
import type { EntityManager } from '@mikro-orm/postgresql';
import { PUBLISH_LIMITS, PUBLISH_MESSAGES, type TPublishAllResponse, type ZPublishAllRequest } from '@ppp/contracts';
import { AppError } from '../errors.ts';
import type { User } from '../users/user.entity.ts';
import { EpisodeSchema } from '../episodes/episode.entity.ts';
import type { PodcastsService } from '../podcasts/podcasts.service.ts';
import type { PublishingService } from './publishing.service.ts';

/** POST /api/podcasts/{id}/publish-all: every unpublished episode of a show, at least 2 of them. */
export class PublishAllService {
  private readonly deps: { em: EntityManager; podcasts: PodcastsService; publishing: PublishingService };
  constructor(deps: { em: EntityManager; podcasts: PodcastsService; publishing: PublishingService }) {
    this.deps = deps;
  }

  async publishAll(user: Pick<User, 'id'>, podcastId: string, body: z.output<typeof ZPublishAllRequest>): Promise<TPublishAllResponse> {
    const podcast = await this.deps.podcasts.getForUser(user, podcastId);
    const unpublished = await this.deps.em.find(
      EpisodeSchema,
      { podcast: podcast.id, status: 'processed' },
      { orderBy: { createdAt: 'asc' } },
    );
    if (unpublished.length < PUBLISH_LIMITS.publishAllMin) throw new AppError('BAD_REQUEST', PUBLISH_MESSAGES.publishAllMin);
    const result: TPublishAllResponse = { started: 0, skipped_no_audio: 0, skipped_already_linked: 0, errors: [] };
    for (const episode of unpublished) {
      if (!episode.finalAudioKey) {
        result.skipped_no_audio += 1;
        continue;
      }
      if (episode.hostEpisodeId && !body.include_already_linked) {
        result.skipped_already_linked += 1;
        continue;
      }
      try {
        await this.deps.publishing.publish(user, episode.id, { mode: 'now', publish_state: body.publish_state ?? null });
        result.started += 1;
      } catch (error) {
        result.errors.push({ episode_id: episode.id, error: error instanceof Error ? error.message : String(error) });
      }
    }
    return result;
  }
}

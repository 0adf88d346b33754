import type { z } from 'zod';
import { PUBLISH_LIMITS, PUBLISH_MESSAGES, type TPublishAllResponse, type ZPublishAllRequest } from '@ppp/contracts';
import { AppError } from '../errors.ts';
import type { User } from '../users/user.entity.ts';
import type { PodcastsService } from '../podcasts/podcasts.service.ts';
import type { PublishingService } from './publishing.service.ts';
import type { PublishingRepository } from './publishing.repository.ts';

interface PublishAllDeps {
  repository: PublishingRepository;
  podcasts: PodcastsService;
  publishing: PublishingService;
}

/** POST /api/podcasts/{id}/publish-all: every unpublished episode of a show, at least 2 of them. */
export class PublishAllService {
  private readonly deps: PublishAllDeps;
  constructor(deps: PublishAllDeps) {
    this.deps = deps;
  }

  async publishAll(user: Pick<User, 'id'>, podcastId: string, body: z.output<typeof ZPublishAllRequest>): Promise<TPublishAllResponse> {
    const podcast = await this.deps.podcasts.getForUser(user, podcastId);
    const unpublished = await this.deps.repository.unpublishedOf(podcast.id);
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

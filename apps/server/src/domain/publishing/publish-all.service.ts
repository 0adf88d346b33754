import type { z } from 'zod';
import { PUBLISH_LIMITS, PUBLISH_MESSAGES, type TPublishAllResponse, type ZPublishAllRequest } from '@ppp/contracts';
import { AppError } from '../errors.ts';
import type { User } from '../users/user.entity.ts';
import type { PodcastsService } from '../podcasts/podcasts.service.ts';
import type { PublishingService } from './publishing.service.ts';
import type { PublishingRepository } from './publishing.repository.ts';
import type { FeedCheckService } from './feed-check.service.ts';

interface PublishAllDeps {
  repository: PublishingRepository;
  feedCheck: Pick<FeedCheckService, 'check'>;
  podcasts: PodcastsService;
  publishing: PublishingService;
}

/**
 * POST /api/podcasts/{id}/publish-all: every unpublished episode of a show, at least 2 of them. A show
 * the host would refuse (the feed check's errors) queues nothing: `started` counts only episodes that
 * can go out, and every other one is listed with the reason.
 */
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
    const showCheck = await this.deps.feedCheck.check(user, podcast.id);
    const showProblems = showCheck.items.filter((item) => item.severity === 'error').map((item) => item.message);
    for (const episode of unpublished) {
      if (!episode.finalAudioKey) {
        result.skipped_no_audio += 1;
        continue;
      }
      if (episode.hostEpisodeId && !body.include_already_linked) {
        result.skipped_already_linked += 1;
        continue;
      }
      if (!showCheck.ready) {
        result.errors.push({ episode_id: episode.id, error: PUBLISH_MESSAGES.showNotReady(showProblems.join(' ')) });
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

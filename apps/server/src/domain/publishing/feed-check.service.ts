import { ZFeedCheckCode, feedFixOf, type TFeedCheck, type TFeedCheckItem } from '@ppp/contracts';
import type { User } from '../users/user.entity.ts';
import type { Podcast } from '../podcasts/podcast.entity.ts';
import type { PodcastsService } from '../podcasts/podcasts.service.ts';
import type { FeedService } from './feed.service.ts';
import { validateShowForFeed, type FeedProblem } from './feed/index.ts';

/**
 * A show's feed check: the very problems the built-in host's publish check finds in the show (its
 * name, description, language, primary category, cover art measured from its bytes, owner and
 * author), for the step 5 checklist and My Podcasts, each with where it is fixed.
 */
export class FeedCheckService {
  private readonly deps: { podcasts: PodcastsService; feeds: FeedService };
  constructor(deps: { podcasts: PodcastsService; feeds: FeedService }) {
    this.deps = deps;
  }

  /** What the publish job checks of the show before every built-in publish. */
  async showProblems(podcast: Podcast): Promise<FeedProblem[]> {
    return validateShowForFeed(this.deps.feeds.feedShow(podcast), await this.deps.podcasts.artwork(podcast));
  }

  /** GET /api/podcasts/{id}/feed-check: the user's own show (another user's is 404). */
  async check(user: Pick<User, 'id'>, podcastId: string): Promise<TFeedCheck> {
    const podcast = await this.deps.podcasts.getForUser(user, podcastId);
    if (podcast.hostKind === 'spreaker') return { podcast_id: podcast.id, host: 'spreaker', ready: true, items: [] };
    const items = (await this.showProblems(podcast)).map(toItem);
    return { podcast_id: podcast.id, host: 'builtin', ready: !items.some((i) => i.severity === 'error'), items };
  }
}

function toItem(problem: FeedProblem): TFeedCheckItem {
  const code = ZFeedCheckCode.parse(problem.code);
  return { code, severity: problem.severity, message: problem.message, fix: feedFixOf(code) };
}

import { ZEpisodeStatus, ZPublishState, ZVisibility, type TLastNumbering, type TPodcastSummary, type TShowEpisode } from '@ppp/contracts';
import type { User } from '../users/user.entity.ts';
import type { PodcastsService } from '../podcasts/podcasts.service.ts';
import { episodeUrls, publicState } from '../publishing/feed.service.ts';
import type { Episode } from './episode.entity.ts';
import type { EpisodesRepository } from './episodes.repository.ts';

/** How many of a show's episodes the podcast manager lists. */
const SHOW_LIST_LIMIT = 200;

/** The per-show episode figures of the podcast manager: the summary and a short publishable list. */
export class ShowEpisodesService {
  private readonly deps: { episodes: EpisodesRepository; podcasts: PodcastsService; baseUrl: string };
  constructor(deps: { episodes: EpisodesRepository; podcasts: PodcastsService; baseUrl: string }) {
    this.deps = deps;
  }

  /** GET /api/episodes/summary?podcast_id=: total, and how many are neither published nor scheduled. */
  async summary(user: Pick<User, 'id'>, podcastId: string): Promise<TPodcastSummary> {
    const podcast = await this.deps.podcasts.getForUser(user, podcastId);
    const { total, live, drafts } = await this.deps.episodes.showCounts(podcast);
    return { podcast_id: podcast.id, total, unpublished_or_unscheduled: total - live, drafts };
  }

  /**
   * GET /api/episodes/last/numbering?podcast_id=: the highest season of the show's episodes and the
   * highest episode number within it (numbers without a season count when no episode has one).
   */
  async lastNumbering(user: Pick<User, 'id'>, podcastId: string): Promise<TLastNumbering> {
    const podcast = await this.deps.podcasts.getForUser(user, podcastId);
    const last = await this.deps.episodes.lastNumbering(user, podcast);
    return { season_number: last.season, episode_number: last.episode };
  }

  /** The show's episodes, newest first. */
  async list(user: Pick<User, 'id'>, podcastId: string): Promise<TShowEpisode[]> {
    const podcast = await this.deps.podcasts.getForUser(user, podcastId);
    const rows = await this.deps.episodes.newestOfShow(podcast, SHOW_LIST_LIMIT);
    return rows.map((row) => this.toRow(podcast, row));
  }

  private toRow(podcast: { id: string; hostKind: string }, episode: Episode): TShowEpisode {
    const state = publicState(episode);
    const listed =
      podcast.hostKind !== 'spreaker' && state.publish_at !== null && state.visibility !== 'unpublished' && Boolean(episode.finalAudioKey);
    return {
      id: episode.id,
      podcast_id: podcast.id,
      title: episode.title,
      status: ZEpisodeStatus.catch('processing').parse(episode.status),
      visibility: ZVisibility.catch('public').parse(episode.visibility),
      publish_state: episode.publishState ? ZPublishState.catch('queued').parse(episode.publishState) : null,
      publish_at: episode.publishAt ?? null,
      publish_at_local: episode.publishAtLocal ?? null,
      published_at: episode.publishedAt ?? null,
      created_at: episode.createdAt,
      duration_ms: episode.durationMs ?? null,
      has_audio: Boolean(episode.finalAudioKey),
      host_episode_id: episode.hostEpisodeId ?? null,
      last_error: episode.publishError ?? null,
      plays_total: episode.playsTotal,
      audio_url: listed ? episodeUrls(this.deps.baseUrl, podcast.id, episode).audio : null,
    };
  }
}

import type { z } from 'zod';
import { PUBLISH_LIMITS, type TEpisodePlays, type TShowPlays, type ZPlaysQuery } from '@ppp/contracts';
import type { User } from '../users/user.entity.ts';
import type { FeatureGate, PlanUser } from '../billing/feature-gate.ts';
import type { Podcast } from '../podcasts/podcast.entity.ts';
import type { PodcastsService } from '../podcasts/podcasts.service.ts';
import type { SpreakerService } from '../spreaker/spreaker.service.ts';
import type { PublishingRepository } from './publishing.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

interface Window {
  since: Date | null;
  from: string;
  to: string;
}

interface AnalyticsDeps {
  repository: PublishingRepository;
  podcasts: PodcastsService;
  spreaker: SpreakerService;
  /** Analytics is a Pro feature (spec 002 §9). */
  features: FeatureGate;
}

/**
 * Plays per episode and per show, from whichever host each show uses: the built-in host's counted
 * downloads, or Spreaker's statistics. A Spreaker show whose statistics cannot be read is left out
 * rather than failing the whole answer.
 */
export class AnalyticsService {
  private readonly deps: AnalyticsDeps;
  constructor(deps: AnalyticsDeps) {
    this.deps = deps;
  }

  private window(window: 'last30d' | 'all', now: Date): Window {
    const since = window === 'all' ? null : new Date(now.getTime() - PUBLISH_LIMITS.playsWindowDays * DAY_MS);
    return { since, from: (since ?? new Date('2005-01-01T00:00:00Z')).toISOString().slice(0, 10), to: now.toISOString().slice(0, 10) };
  }

  /** The shows asked about (another user's is a 404), once the plan is known to include analytics. */
  private async shows(user: PlanUser, podcastId: string | undefined): Promise<Podcast[]> {
    const shows = podcastId ? [await this.deps.podcasts.getForUser(user, podcastId)] : await this.deps.podcasts.findForUser(user);
    await this.deps.features.requireFeature(user, 'analytics');
    return shows;
  }

  /** GET /api/spreaker/analytics/plays/episodes?window=last30d */
  async episodePlays(user: PlanUser, query: z.output<typeof ZPlaysQuery>, now = new Date()): Promise<TEpisodePlays> {
    const window = this.window(query.window, now);
    const items: TEpisodePlays['items'] = [];
    for (const podcast of await this.shows(user, query.podcast_id)) {
      const plays = await this.playsByEpisode(user, podcast, window);
      if (!plays) continue;
      const episodes = await this.deps.repository.liveOf(podcast.id);
      for (const episode of episodes) {
        const key = podcast.hostKind === 'spreaker' ? (episode.hostEpisodeId ?? '') : episode.id;
        items.push({ episode_id: episode.id, podcast_id: podcast.id, title: episode.title, plays_total: plays.get(key) ?? 0 });
      }
    }
    items.sort((a, b) => b.plays_total - a.plays_total);
    return { items, window: query.window };
  }

  /** GET /api/spreaker/analytics/plays/shows?window=last30d */
  async showPlays(user: PlanUser, query: z.output<typeof ZPlaysQuery>, now = new Date()): Promise<TShowPlays> {
    const window = this.window(query.window, now);
    const items: TShowPlays['items'] = [];
    for (const podcast of await this.shows(user, query.podcast_id)) {
      const plays = await this.playsByEpisode(user, podcast, window);
      if (!plays) continue;
      const total = [...plays.values()].reduce((sum, n) => sum + n, 0);
      items.push({
        podcast_id: podcast.id,
        name: podcast.name,
        host: podcast.hostKind === 'spreaker' ? 'spreaker' : 'builtin',
        plays_total: total,
      });
    }
    return { items, window: query.window };
  }

  /** Plays keyed by our episode id (built-in) or Spreaker's episode id; null when the host cannot answer. */
  private async playsByEpisode(user: Pick<User, 'id'>, podcast: Podcast, window: Window): Promise<Map<string, number> | null> {
    if (podcast.hostKind === 'spreaker' && podcast.spreakerShowId) {
      try {
        const totals = await this.deps.spreaker.call(user, (client) =>
          client.showEpisodePlayTotals(Number(podcast.spreakerShowId), { from: window.from, to: window.to }),
        );
        return new Map(totals.map((row) => [String(row.episode_id), row.plays_count]));
      } catch {
        return null;
      }
    }
    return this.deps.repository.downloadsByEpisode(podcast.id, window.since);
  }
}

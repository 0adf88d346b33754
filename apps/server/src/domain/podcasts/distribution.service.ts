import type { z } from 'zod';
import {
  CHECKLIST_DEFINITIONS,
  ZChecklistKey,
  ZChecklistStatus,
  type TChecklistItem,
  type TChecklistResponse,
  type ZChecklistUpdateRequest,
} from '@ppp/contracts';
import { AppError } from '../errors.ts';
import type { User } from '../users/user.entity.ts';
import { showFeedUrl } from '../publishing/feed/index.ts';
import type { Podcast } from './podcast.entity.ts';
import type { PodcastsService } from './podcasts.service.ts';
import type { PodcastsRepository } from './podcasts.repository.ts';

export const DISTRIBUTION_MESSAGES = {
  unknownItem: 'Unknown checklist item',
  noCover: 'Add cover art to the show first: directories refuse a feed without artwork.',
  noEpisode: 'Publish at least one episode first: directories refuse an empty feed.',
} as const;

/** Spreaker's public feed of a show (what directories are given when Spreaker hosts it). */
export function spreakerFeedUrl(showId: string): string {
  return `https://www.spreaker.com/show/${showId}/episodes/feed`;
}
export function spreakerShowUrl(showId: string): string {
  return `https://www.spreaker.com/show/${showId}`;
}

/** The distribution checklist of one show: static directory steps with the show's own progress. */
export class DistributionService {
  private readonly repository: PodcastsRepository;
  private readonly podcasts: PodcastsService;
  private readonly baseUrl: string;
  constructor(deps: { repository: PodcastsRepository; podcasts: PodcastsService; baseUrl: string }) {
    this.repository = deps.repository;
    this.podcasts = deps.podcasts;
    this.baseUrl = deps.baseUrl;
  }

  /** GET /api/podcasts/{id}/distribution/checklist */
  async checklist(user: Pick<User, 'id'>, podcastId: string): Promise<TChecklistResponse> {
    const podcast = await this.podcasts.getForUser(user, podcastId);
    const saved = await this.repository.checklistOf(podcast.id);
    const byKey = new Map(saved.map((row) => [row.key, row]));
    const disabled = await this.disabledReason(podcast);
    const items: TChecklistItem[] = CHECKLIST_DEFINITIONS.map((definition) => {
      const row = byKey.get(definition.key);
      return {
        ...definition,
        // Automatic directories follow another listing; nothing to submit, so nothing to block.
        disabled_reason: definition.automation === 'automatic' ? null : disabled,
        status: ZChecklistStatus.catch('not_started').parse(row?.status ?? 'not_started'),
        notes: row?.notes ?? null,
      };
    });
    return {
      items,
      rss_feed_url: this.feedUrlOf(podcast),
      spreaker_show_url: podcast.hostKind === 'spreaker' && podcast.spreakerShowId ? spreakerShowUrl(podcast.spreakerShowId) : null,
    };
  }

  /** PUT /api/podcasts/{id}/distribution/checklist/{key}: status and notes of one item. */
  async update(
    user: Pick<User, 'id'>,
    podcastId: string,
    key: string,
    body: z.output<typeof ZChecklistUpdateRequest>,
  ): Promise<TChecklistItem> {
    const podcast = await this.podcasts.getForUser(user, podcastId);
    const parsedKey = ZChecklistKey.safeParse(key);
    if (!parsedKey.success) throw new AppError('NOT_FOUND', DISTRIBUTION_MESSAGES.unknownItem);
    await this.repository.saveChecklistItem(podcast.id, parsedKey.data, body.status, body.notes);
    const result = await this.checklist(user, podcastId);
    const item = result.items.find((i) => i.key === parsedKey.data);
    if (!item) throw new AppError('NOT_FOUND', DISTRIBUTION_MESSAGES.unknownItem);
    return item;
  }

  feedUrlOf(podcast: Pick<Podcast, 'id' | 'hostKind' | 'spreakerShowId'>): string {
    if (podcast.hostKind === 'spreaker' && podcast.spreakerShowId) return spreakerFeedUrl(podcast.spreakerShowId);
    return showFeedUrl(this.baseUrl, podcast.id);
  }

  private async disabledReason(podcast: Podcast): Promise<string | null> {
    if (!podcast.coverStorageKey && podcast.hostKind !== 'spreaker') return DISTRIBUTION_MESSAGES.noCover;
    const live = await this.repository.liveEpisodeCount(podcast.id);
    return live > 0 ? null : DISTRIBUTION_MESSAGES.noEpisode;
  }
}

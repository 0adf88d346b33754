import { DIRECTORY_SEARCH, type TSubscribeLink } from '@ppp/contracts';
import type { Episode } from '../episodes/episode.entity.ts';
import type { Podcast } from '../podcasts/podcast.entity.ts';
import { showCoverUrl } from '../podcasts/podcast.dto.ts';
import { spreakerFeedUrl } from '../podcasts/distribution.service.ts';
import { audioTypeOf, episodeUrls, publicState } from '../publishing/feed.service.ts';
import { isListedInFeed, showFeedUrl } from '../publishing/feed/index.ts';
import type { StoragePort } from '../storage/storage.ts';
import type { WebsiteRepository } from './website.repository.ts';

/** What the builder knows about a show when it writes a layout. */
export interface SiteFacts {
  showName: string;
  descriptionHtml: string;
  category: string | null;
  coverUrl: string | null;
  coverBytes: Buffer | null;
  authorName: string | null;
  ownerName: string | null;
  accountName: string | null;
  feedUrl: string;
  /** Completed directory listings, as links. */
  directories: TSubscribeLink[];
  liveEpisodes: number;
}

/** One episode on the public page, with the player's source (the built-in host, else the old host's enclosure). */
export interface SiteEpisode {
  id: string;
  title: string;
  descriptionHtml: string;
  publishedAt: Date | null;
  durationS: number | null;
  audioUrl: string;
  audioType: string;
  imageUrl: string | null;
}

const URL_IN_TEXT = /https?:\/\/[^\s<>"']+/;

/** The show's own and its owner's data the builder and the public page read (one show, never another's). */
export class SiteFactsReader {
  private readonly deps: { repo: WebsiteRepository; storage: StoragePort; baseUrl: string };
  constructor(deps: { repo: WebsiteRepository; storage: StoragePort; baseUrl: string }) {
    this.deps = deps;
  }

  feedUrlOf(podcast: Podcast): string {
    return podcast.hostKind === 'spreaker' && podcast.spreakerShowId
      ? spreakerFeedUrl(podcast.spreakerShowId)
      : showFeedUrl(this.deps.baseUrl, podcast.id);
  }

  async factsOf(podcast: Podcast): Promise<SiteFacts> {
    const { repo, storage, baseUrl } = this.deps;
    const userId = typeof podcast.user === 'string' ? podcast.user : podcast.user.id;
    const owner = await repo.ownerOf(userId);
    const accountName = [owner?.firstName, owner?.lastName].filter(Boolean).join(' ') || null;
    const coverBytes = podcast.coverStorageKey ? await storage.readBytes(podcast.coverStorageKey).catch(() => null) : null;
    return {
      showName: podcast.name,
      descriptionHtml: podcast.description,
      category: podcast.category ?? null,
      coverUrl: showCoverUrl(baseUrl, podcast),
      coverBytes,
      authorName: podcast.authorName ?? null,
      ownerName: podcast.ownerName ?? null,
      accountName,
      feedUrl: this.feedUrlOf(podcast),
      directories: await this.directoryLinks(podcast),
      liveEpisodes: (await this.liveEpisodes(podcast, 1000)).length,
    };
  }

  /** Completed checklist items: the listing URL the creator noted, else a search for the show in that directory. */
  private async directoryLinks(podcast: Podcast): Promise<TSubscribeLink[]> {
    const rows = await this.deps.repo.completedListings(podcast.id);
    return Object.entries(DIRECTORY_SEARCH).flatMap(([key, directory]) => {
      const row = rows.find((r) => r.key === key);
      if (!row) return [];
      const noted = URL_IN_TEXT.exec(row.notes ?? '')?.[0];
      return [{ platform: key, label: directory.label, url: noted ?? directory.search(podcast.name) }];
    });
  }

  /** The newest live public episodes (the feed's own rule), newest first. */
  async liveEpisodes(podcast: Pick<Podcast, 'id'>, limit: number, now = new Date()): Promise<SiteEpisode[]> {
    const rows = await this.deps.repo.publicEpisodes(podcast.id, now, limit * 2);
    return rows
      .filter((row) => isListedInFeed(publicState(row), now))
      .flatMap((row) => this.siteEpisode(podcast, row))
      .slice(0, limit);
  }

  private siteEpisode(podcast: Pick<Podcast, 'id'>, row: Episode): SiteEpisode[] {
    const urls = episodeUrls(this.deps.baseUrl, podcast.id, row);
    const source = row.finalAudioKey
      ? { url: urls.audio, type: audioTypeOf(row.finalAudioKey) }
      : row.sourceAudioUrl && /^https?:\/\//.test(row.sourceAudioUrl)
        ? { url: row.sourceAudioUrl, type: row.sourceAudioType ?? 'audio/mpeg' }
        : null;
    if (!source) return [];
    return [
      {
        id: row.id,
        title: row.title,
        descriptionHtml: row.description,
        publishedAt: row.publishAt ?? null,
        durationS: row.durationMs ? Math.round(row.durationMs / 1000) : null,
        audioUrl: source.url,
        audioType: source.type,
        imageUrl: urls.cover,
      },
    ];
  }
}

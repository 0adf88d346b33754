import type { z } from 'zod';
import {
  DEFAULT_LANDING_CONTENT,
  LANDING,
  ZLandingContent,
  type TLandingContent,
  type TPublicEpisodes,
  type ZLandingContentUpdate,
} from '@ppp/contracts';
import { showCoverUrl } from '../podcasts/podcast.dto.ts';
import { episodeUrls, publicState } from '../publishing/feed.service.ts';
import { isListedInFeed } from '../publishing/feed/build-feed.ts';
import type { SettingsRepository } from '../settings/settings.repository.ts';
import type { PublishingRepository } from '../publishing/publishing.repository.ts';
import { plainText, sanitizeHeroHtml } from '../text/podcast-html.ts';

const KEY = 'landing';

/** Editable landing content (spec 002 sections 2.5 and 5), stored as one app setting, and the episodes it plays. */
export class LandingService {
  private readonly settings: Pick<SettingsRepository, 'read' | 'write'>;
  private readonly episodes: Pick<PublishingRepository, 'recentPublic'>;
  /** Public origin of this installation, for the players' audio and cover URLs. */
  private readonly baseUrl: string;
  constructor(deps: {
    settings: Pick<SettingsRepository, 'read' | 'write'>;
    episodes: Pick<PublishingRepository, 'recentPublic'>;
    baseUrl: string;
  }) {
    this.settings = deps.settings;
    this.episodes = deps.episodes;
    this.baseUrl = deps.baseUrl;
  }

  /** The stored content merged over the built-in defaults, hero sanitised; never fails on a bad row. */
  async getContent(): Promise<TLandingContent> {
    const stored = await this.settings.read(KEY);
    const merged = ZLandingContent.safeParse({ ...DEFAULT_LANDING_CONTENT, ...(stored ?? {}) });
    const content = merged.success ? merged.data : DEFAULT_LANDING_CONTENT;
    const hero = sanitizeHeroHtml(content.hero_html);
    return { ...content, hero_html: hero || DEFAULT_LANDING_CONTENT.hero_html };
  }

  /** Applies the editor rules, sanitises the hero and replaces the stored content. */
  async update(parsed: z.output<typeof ZLandingContentUpdate>): Promise<TLandingContent> {
    const hero = sanitizeHeroHtml(parsed.hero_html);
    const next: TLandingContent = {
      ...parsed,
      hero_html: hero || DEFAULT_LANDING_CONTENT.hero_html,
      updated_at: new Date().toISOString(),
    };
    await this.settings.write(KEY, next);
    return this.getContent();
  }

  /**
   * GET /api/public/episodes: the instance's newest live, public episodes whose audio this server
   * serves (published, or scheduled and due), each played from its feed enclosure, with its cover or
   * else its show's. Unpublished and limited ones, and drafts, stay off the landing page.
   */
  async findRecentPublishedEpisodes(now = new Date()): Promise<TPublicEpisodes> {
    const candidates = await this.episodes.recentPublic(now, LANDING.recentEpisodes);
    // The feed's own rule decides what is public and live, so the landing page never lists more.
    const rows = candidates.filter((row) => isListedInFeed(publicState(row), now));
    return {
      items: rows.map((row) => {
        const urls = episodeUrls(this.baseUrl, row.podcast.id, row);
        return {
          id: row.id,
          title: row.title,
          description: plainText(row.description, LANDING.episodeNotesChars),
          cover_url: urls.cover ?? showCoverUrl(this.baseUrl, row.podcast),
          final_audio_url: urls.audio,
        };
      }),
    };
  }
}

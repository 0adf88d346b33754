import type { EntityManager } from '@mikro-orm/postgresql';
import {
  DEFAULT_LANDING_CONTENT,
  ZLandingContent,
  ZLandingContentUpdate,
  type TLandingContent,
  type TLandingContentUpdate,
  type TPublicEpisodes,
} from '@ppp/contracts';
import { AppSettingSchema } from '../settings/app-setting.entity.ts';
import { parseInput } from '../validation.ts';
import { sanitizeHeroHtml } from './sanitize-hero.ts';

const KEY = 'landing';

/** Editable landing content (spec 002 sections 2.5 and 5), stored as one app setting. */
export class LandingService {
  private readonly em: EntityManager;
  constructor(em: EntityManager) {
    this.em = em;
  }

  /** The stored content merged over the built-in defaults, hero sanitised; never fails on a bad row. */
  async getContent(): Promise<TLandingContent> {
    const row = await this.em.findOne(AppSettingSchema, { key: KEY });
    const merged = ZLandingContent.safeParse({ ...DEFAULT_LANDING_CONTENT, ...(row?.value ?? {}) });
    const content = merged.success ? merged.data : DEFAULT_LANDING_CONTENT;
    const hero = sanitizeHeroHtml(content.hero_html);
    return { ...content, hero_html: hero || DEFAULT_LANDING_CONTENT.hero_html };
  }

  /** Applies the editor rules, sanitises the hero and replaces the stored content. */
  async update(input: TLandingContentUpdate): Promise<TLandingContent> {
    const parsed = parseInput(ZLandingContentUpdate, input);
    const hero = sanitizeHeroHtml(parsed.hero_html);
    const next: TLandingContent = {
      ...parsed,
      hero_html: hero || DEFAULT_LANDING_CONTENT.hero_html,
      updated_at: new Date().toISOString(),
    };
    await this.em.upsert(AppSettingSchema, { key: KEY, value: next, updatedAt: new Date() });
    return this.getContent();
  }

  /**
   * Recent published episodes for the landing page. Episodes and their public hosting arrive with
   * the hosting issue; until then there is nothing published and the list is empty (the landing page
   * hides the section).
   */
  findRecentPublishedEpisodes(): Promise<TPublicEpisodes> {
    return Promise.resolve({ items: [] });
  }
}

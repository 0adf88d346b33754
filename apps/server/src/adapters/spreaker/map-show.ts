import { PODCAST_LANGUAGES, type TPodcastLanguage } from '@ppp/contracts';
import type { TSpreakerShow } from './spreaker-types.ts';

/** A Spreaker show's fields under the product's Podcast field names (GET /api/spreaker/show/{id}?mapped=true). */
export interface MappedSpreakerShow {
  spreaker_show_id: number;
  name: string;
  description: string;
  /** null when Spreaker's language is not one of the 17 the product offers. */
  language: TPodcastLanguage | null;
  copyright_line: string | null;
  owner_name: string | null;
  author_name: string | null;
  contact_email: string | null;
  cover_url: string | null;
  category_id: number | null;
  category_2_id: number | null;
  category_3_id: number | null;
  explicit: boolean;
}

export function mapSpreakerShow(show: TSpreakerShow): MappedSpreakerShow {
  // Spreaker reports languages like "en" or "pt-BR"; the product's list is lower-case.
  const language = (show.language ?? '').toLowerCase();
  return {
    spreaker_show_id: show.show_id,
    name: show.title,
    description: show.description ?? '',
    language: (PODCAST_LANGUAGES as readonly string[]).includes(language) ? (language as TPodcastLanguage) : null,
    copyright_line: show.copyright || null,
    owner_name: show.owner_name || null,
    author_name: show.author_name || null,
    contact_email: show.email || null,
    cover_url: show.image_original_url || show.image_url || null,
    category_id: show.category_id ?? null,
    category_2_id: show.category_2_id ?? null,
    category_3_id: show.category_3_id ?? null,
    explicit: show.explicit ?? false,
  };
}

import {
  ZFeedShow,
  ZPublishableEpisode,
  type TFeedShow,
  type TFeedShowInput,
  type TPublishableEpisode,
  type TPublishableEpisodeInput,
} from '@ppp/contracts';

export const NOW = new Date('2025-06-10T12:00:00Z');
export const BASE_URL = 'https://podcasts.example.com';

export function makeShow(overrides: Partial<TFeedShowInput> = {}): TFeedShow {
  return ZFeedShow.parse({
    id: 'show-1',
    name: 'Tinkering & Tea',
    description: 'Weekly chats about <small> workshops & big ideas.',
    cover_url: 'https://podcasts.example.com/covers/show-1.jpg',
    podcast_type: 'episodic',
    language: 'en',
    copyright_line: '© 2025 Tea Media',
    owner_name: 'Ada Owner',
    owner_email: 'ada@example.com',
    author_name: 'Ada & Friends',
    contact_email: 'hello@example.com',
    category: { category: 'Leisure', subcategory: 'Crafts' },
    category_2: { category: 'Technology' },
    explicit: false,
    locked: true,
    ...overrides,
  });
}

export function makeEpisode(overrides: Partial<TPublishableEpisodeInput> & { id: string }): TPublishableEpisode {
  return ZPublishableEpisode.parse({
    title: `Episode ${overrides.id}`,
    description_html: `<p>Notes for ${overrides.id}</p>`,
    guid: `ppp-${overrides.id}`,
    publish_at: '2025-06-01T09:30:00Z',
    duration_s: 1834.4,
    enclosure: { url: `https://podcasts.example.com/media/${overrides.id}.mp3`, length: 29_350_400, type: 'audio/mpeg' },
    ...overrides,
  });
}

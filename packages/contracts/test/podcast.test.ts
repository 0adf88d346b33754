import { describe, expect, it } from 'vitest';
import {
  APPLE_PODCAST_CATEGORIES,
  CHECKLIST_DEFINITIONS,
  CHECKLIST_KEYS,
  PODCAST_LANGUAGES,
  ZAppleCategory,
  ZChecklistDefinition,
  ZPodcastSettings,
  ZPublishableEpisode,
} from '../src/index.ts';

describe('podcast settings', () => {
  it('trims the name and asks for at least 4 characters with the spec wording', () => {
    const short = ZPodcastSettings.safeParse({ name: '  abc  ' });
    expect(short.success).toBe(false);
    expect(short.error?.issues[0]?.message).toBe('Minimum 4 characters.');
    expect(ZPodcastSettings.parse({ name: '  Abcd ' }).name).toBe('Abcd');
  });

  it('defaults to an episodic English show and turns empty optional fields into null', () => {
    const show = ZPodcastSettings.parse({ name: 'My Show', owner_email: '', copyright_line: ' ' });
    expect(show).toMatchObject({ podcast_type: 'episodic', language: 'en', owner_email: null, copyright_line: null });
  });

  it('offers exactly the 17 languages of the spec', () => {
    expect(PODCAST_LANGUAGES).toHaveLength(17);
    expect(ZPodcastSettings.safeParse({ name: 'My Show', language: 'pt-br' }).success).toBe(true);
    expect(ZPodcastSettings.safeParse({ name: 'My Show', language: 'ko' }).success).toBe(false);
  });

  it('accepts only email-shaped contact addresses', () => {
    expect(ZPodcastSettings.safeParse({ name: 'My Show', contact_email: 'not-an-email' }).success).toBe(false);
  });
});

describe('Apple categories', () => {
  it('has the 19 top-level categories and 110 names in all', () => {
    expect(APPLE_PODCAST_CATEGORIES).toHaveLength(19);
    const all = APPLE_PODCAST_CATEGORIES.reduce((n, c) => n + 1 + c.subcategories.length, 0);
    expect(all).toBe(110);
  });

  it('accepts a subcategory only under its own parent', () => {
    expect(ZAppleCategory.safeParse({ category: 'Arts', subcategory: 'Books' }).success).toBe(true);
    expect(ZAppleCategory.safeParse({ category: 'Technology' }).success).toBe(true);
    expect(ZAppleCategory.safeParse({ category: 'Arts', subcategory: 'Tech News' }).success).toBe(false);
    expect(ZAppleCategory.safeParse({ category: 'Gaming' }).success).toBe(false);
  });
});

describe('publishable episode', () => {
  const base = {
    id: 'e1',
    title: ' Pilot ',
    guid: 'ppp-e1',
    publish_at: '2025-06-01T10:00:00Z',
    enclosure: { url: 'https://example.com/e1.mp3', length: 1234, type: 'audio/mpeg' },
  };

  it('parses dates, trims the title and fills defaults', () => {
    const episode = ZPublishableEpisode.parse(base);
    expect(episode.title).toBe('Pilot');
    expect(episode.publish_at?.toISOString()).toBe('2025-06-01T10:00:00.000Z');
    expect(episode).toMatchObject({ episode_type: 'full', visibility: 'public', transcripts: [] });
  });

  it('rejects an enclosure that is not audio or video', () => {
    const bad = { ...base, enclosure: { ...base.enclosure, type: 'text/html' } };
    expect(ZPublishableEpisode.safeParse(bad).success).toBe(false);
  });
});

describe('distribution checklist', () => {
  it('defines every key once, each with a valid definition', () => {
    expect(CHECKLIST_DEFINITIONS.map((d) => d.key)).toEqual([...CHECKLIST_KEYS]);
    for (const definition of CHECKLIST_DEFINITIONS) {
      expect(ZChecklistDefinition.parse(definition)).toEqual(definition);
      expect(definition.instructions.length).toBeGreaterThan(0);
    }
  });
});

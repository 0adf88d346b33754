import { describe, expect, it } from 'vitest';
import { PODCAST_MESSAGES, SPREAKER_MESSAGES, type TPodcast } from '@ppp/contracts';
import {
  CATEGORY_OPTIONS,
  LANGUAGE_OPTIONS,
  categoryOfOption,
  deleteConfirmed,
  editValues,
  hostIdChangeNeedsConfirm,
  languageOfBrowser,
  nameError,
  followsPublishAll,
  publishAllText,
  remoteLoadNotice,
  showBasicsError,
  showIdError,
  valuesWithRemote,
} from './show-form.ts';

describe('show form rules', () => {
  it('uses the spec’s messages', () => {
    expect(nameError(' abc ')).toBe(PODCAST_MESSAGES.nameMin);
    expect(nameError('Tech Talk')).toBeNull();
    expect(showIdError('12a')).toBe(PODCAST_MESSAGES.mustBeNumeric);
    expect(showIdError('4925442')).toBeNull();
    expect(deleteConfirmed('Delete ')).toBe(true);
    expect(deleteConfirmed('remove')).toBe(false);
  });
  it('offers the 17 languages and Apple’s categories with subcategories', () => {
    expect(LANGUAGE_OPTIONS).toHaveLength(17);
    expect(CATEGORY_OPTIONS.find((g) => g.group === 'Arts')?.items.map((i) => i.value)).toContain('Arts > Books');
  });
  it('asks to confirm only a change of a linked show ID', () => {
    expect(hostIdChangeNeedsConfirm({ spreaker_show_id: null }, '123')).toBe(false);
    expect(hostIdChangeNeedsConfirm({ spreaker_show_id: '123' }, '123')).toBe(false);
    expect(hostIdChangeNeedsConfirm({ spreaker_show_id: '123' }, '456')).toBe(true);
  });
  it('turns a category option into the object the create call takes', () => {
    expect(categoryOfOption('Arts > Books')).toEqual({ category: 'Arts', subcategory: 'Books' });
    expect(categoryOfOption('Technology')).toEqual({ category: 'Technology', subcategory: null });
    expect(categoryOfOption('Arts > Cooking')).toBeNull();
    expect(categoryOfOption(null)).toBeNull();
    expect(showBasicsError({ category: null })).toBe(PODCAST_MESSAGES.categoryRequired);
    expect(showBasicsError({ category: 'Technology' })).toBeNull();
  });
  it('starts a new show in the browser’s language', () => {
    expect(languageOfBrowser('en-US')).toBe('en');
    expect(languageOfBrowser('pt-BR')).toBe('pt-br');
    expect(languageOfBrowser('pt-PT')).toBe('pt');
    expect(languageOfBrowser('de-AT')).toBe('de');
    expect(languageOfBrowser('ko-KR')).toBe('en');
    expect(languageOfBrowser(undefined)).toBe('en');
  });
  it('says what Publish All did', () => {
    expect(publishAllText({ started: 2, skipped_no_audio: 0, skipped_already_linked: 0, errors: [] })).toBe('2 started.');
    const id = '00000000-0000-4000-8000-000000000001';
    expect(
      publishAllText({
        started: 1,
        skipped_no_audio: 1,
        skipped_already_linked: 0,
        errors: [{ episode_id: id, error: 'Assembled episode required.' }],
      }),
    ).toBe('1 started, 1 without audio skipped, 1 failed: Assembled episode required.');
  });
});

/** A show linked to Spreaker, as Edit Podcast holds it before the host answers. */
const linkedLocal = editValues({
  name: 'Local name',
  description: 'Local notes',
  podcast_type: 'episodic',
  language: 'en',
  copyright_line: '© Local',
  owner_name: 'Owner',
  owner_email: 'owner@example.com',
  author_name: 'Local author',
  contact_email: null,
  category_id: 'Arts',
  category_2_id: null,
  category_3_id: null,
  explicit: false,
  website_url: null,
  locked: false,
  spreaker_show_id: '4242',
} as unknown as TPodcast);

describe('Edit Podcast of a linked show (GET /api/spreaker/show/{id}?mapped=true)', () => {
  it("takes the host's values where it has them and keeps the local ones elsewhere", () => {
    const merged = valuesWithRemote(linkedLocal, {
      spreaker_show_id: '4242',
      name: 'Host name',
      description: '',
      language: 'fr',
      copyright_line: null,
      owner_name: null,
      author_name: 'Host author',
      contact_email: 'host@example.com',
      cover_url: null,
      category_id: 'Technology',
      category_2_id: null,
      category_3_id: null,
      explicit: true,
    });
    expect(merged).toMatchObject({
      name: 'Host name',
      description: 'Local notes',
      language: 'fr',
      copyright_line: '© Local',
      owner_name: 'Owner',
      owner_email: 'owner@example.com',
      author_name: 'Host author',
      contact_email: 'host@example.com',
      category_id: 'Technology',
      explicit: true,
      spreaker_show_id: '4242',
    });
  });

  it("says 'Remote load failed — using local data' on a failure, nothing on a 404", () => {
    expect(remoteLoadNotice(404)).toBeNull();
    expect(remoteLoadNotice(502)).toBe(SPREAKER_MESSAGES.remoteLoadFailed);
    expect(remoteLoadNotice(null)).toBe(SPREAKER_MESSAGES.remoteLoadFailed);
  });
});

describe('followsPublishAll (My Podcasts after Publish All)', () => {
  it('follows while an episode is not out yet, and never past its time', () => {
    expect(followsPublishAll(2_000, { unpublished_or_unscheduled: 2 }, 1_000)).toBe(true);
    expect(followsPublishAll(2_000, undefined, 1_000)).toBe(true);
    expect(followsPublishAll(2_000, { unpublished_or_unscheduled: 0 }, 1_000)).toBe(false);
    expect(followsPublishAll(2_000, { unpublished_or_unscheduled: 2 }, 2_000)).toBe(false);
    expect(followsPublishAll(0, { unpublished_or_unscheduled: 2 }, 1_000)).toBe(false);
  });
});

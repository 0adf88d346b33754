import { describe, expect, it } from 'vitest';
import { ASSEMBLY_MESSAGES, EPISODE_CREATOR_MESSAGES, ZAssemblyPublish, ZEpisodeDetails, type TErrorCode } from '@ppp/contracts';
import { aiSuggestErrorMessage } from './ai-suggest.ts';
import {
  buildAssembleRequest,
  detailsProblems,
  emptyDraft,
  withFreshSchedule,
  publishingChecklist,
  showLinkedToHost,
  tagList,
  testModeDefaults,
  wholeNumber,
  withSuggestedNumbering,
  type DetailsDraft,
} from './details-rules.ts';
import {
  DEFAULT_PUBLISH_PREFS,
  PUBLISH_PREFS_STORAGE_KEY,
  parsePublishPrefs,
  readPublishPrefs,
  writePublishPrefs,
} from './publish-prefs.ts';
import { browserZone } from '../../publishing/schedule-time.ts';

// The browser's clock and zone (the test process's): the draft's schedule is in the same zone.
const now = new Date(2026, 10, 23, 14, 2, 10);
const zone = browserZone();
const base: DetailsDraft = { ...emptyDraft({ date: '2026-11-23', time: '15:05', zone }, { publishMode: 'now', visibility: 'public' }) };
const filled: DetailsDraft = { ...base, title: ' Pilot ', season: '2', episodeNumber: '7', description: 'About it', tags: 'a, b' };

describe('field messages', () => {
  it('needs a title and an episode number', () => {
    expect(detailsProblems(base, now)).toEqual({
      title: EPISODE_CREATOR_MESSAGES.titleRequired,
      episodeNumber: EPISODE_CREATOR_MESSAGES.episodeNumberRequired,
    });
    expect(detailsProblems({ ...filled, episodeNumber: '1.5' }, now)).toEqual({
      episodeNumber: EPISODE_CREATOR_MESSAGES.episodeNumberRequired,
    });
    expect(detailsProblems(filled, now)).toEqual({});
  });

  it('checks the schedule only in schedule mode', () => {
    const soon = { ...filled, publishMode: 'schedule' as const, scheduleDate: '2026-11-23', scheduleTime: '14:05' };
    expect(detailsProblems(soon, now)).toEqual({ schedule: ASSEMBLY_MESSAGES.scheduleTooSoon });
    expect(detailsProblems({ ...soon, scheduleDate: '' }, now)).toEqual({ schedule: ASSEMBLY_MESSAGES.scheduleRequired });
    expect(detailsProblems({ ...soon, publishMode: 'draft' }, now)).toEqual({});
  });

  it('reads whole numbers only', () => {
    expect(wholeNumber(' 12 ')).toBe(12);
    expect(wholeNumber('')).toBeNull();
    expect(wholeNumber('-1')).toBeNull();
  });
});

describe('tags', () => {
  it('trims each to 30 characters and keeps at most 20', () => {
    const many = Array.from({ length: 25 }, (_, i) => `tag${i}`).join(', ');
    expect(tagList(many)).toHaveLength(20);
    expect(tagList(` ${'x'.repeat(40)} ,, y `)).toEqual(['x'.repeat(30), 'y']);
  });
});

describe('the request handed to assembly', () => {
  it('sends the details and a draft or now choice', () => {
    const request = buildAssembleRequest({ ...filled, visibility: 'unpublished' }, 'c.jpg');
    expect(ZEpisodeDetails.parse(request.episode_details)).toMatchObject({
      title: 'Pilot',
      season: 2,
      episodeNumber: 7,
      tags: ['a', 'b'],
      cover_image_path: 'c.jpg',
      explicit: false,
    });
    expect(request.publish).toEqual({ mode: 'now', visibility: 'unpublished' });
    // Visibility only applies to publish now.
    expect(buildAssembleRequest({ ...filled, publishMode: 'draft', visibility: 'unpublished' }, null).publish).toEqual({
      mode: 'draft',
      visibility: 'public',
    });
  });

  it('sends a schedule as unpublished plus its UTC moment in the chosen zone and the local time', () => {
    const schedule = { ...filled, publishMode: 'schedule' as const, scheduleDate: '2026-11-23', scheduleTime: '16:00' };
    const publish = ZAssemblyPublish.parse(buildAssembleRequest({ ...schedule, scheduleZone: 'Europe/Paris' }, null).publish);
    expect(publish.mode).toBe('schedule');
    expect(publish.visibility).toBe('unpublished');
    expect(publish.publish_at?.toISOString()).toBe('2026-11-23T15:00:00.000Z');
    expect(publish.publish_at_local).toBe('2026-11-23 16:00 Europe/Paris');
    const auckland = ZAssemblyPublish.parse(buildAssembleRequest({ ...schedule, scheduleZone: 'Pacific/Auckland' }, null).publish);
    expect(auckland.publish_at?.toISOString()).toBe('2026-11-23T03:00:00.000Z');
    // A draft saved before zones were asked is read in the browser's zone.
    const before = ZAssemblyPublish.parse(buildAssembleRequest({ ...schedule, scheduleZone: undefined }, null).publish);
    expect(before.publish_at?.getTime()).toBe(new Date(2026, 10, 23, 16, 0).getTime());
    expect(before.publish_at_local).toBe(`2026-11-23 16:00 ${zone}`);
  });
});

describe('test mode and numbering', () => {
  it('defaults to draft with a Test title, season and episode', () => {
    const draft = testModeDefaults(base, { season: 3, episodeNumber: 12 }, now);
    expect(draft.publishMode).toBe('draft');
    expect(draft.title).toBe('Test - 2026-11-23 14:02');
    expect([draft.season, draft.episodeNumber]).toEqual(['3', '12']);
  });

  it('fills only empty fields', () => {
    expect(testModeDefaults({ ...base, title: 'Mine', episodeNumber: '4' }, { season: 3, episodeNumber: 12 }, now)).toMatchObject({
      title: 'Mine',
      season: '3',
      episodeNumber: '4',
    });
    expect(withSuggestedNumbering({ ...base, season: '1' }, { season: 3, episodeNumber: 12 })).toMatchObject({
      season: '1',
      episodeNumber: '12',
      publishMode: 'now',
    });
  });
});

describe('publishing checklist', () => {
  it('ticks what is ready', () => {
    const items = publishingChecklist({ draft: filled, hasCover: false, hasAudio: true, showLinked: true, feedReady: true, minutes: 'ok' });
    expect(items.map((item) => [item.key, item.done])).toEqual([
      ['title', true],
      ['number', true],
      ['cover', false],
      ['audio', true],
      ['show', true],
      ['feed', true],
      ['minutes', true],
    ]);
    expect(
      publishingChecklist({ draft: base, hasCover: true, hasAudio: false, showLinked: false, feedReady: false, minutes: 'blocking' })
        .filter((item) => item.done)
        .map((item) => item.key),
    ).toEqual(['cover']);
  });

  it('knows when a show is linked to a host', () => {
    expect(showLinkedToHost({ host_kind: 'builtin', spreaker_show_id: null })).toBe(true);
    expect(showLinkedToHost({ host_kind: 'spreaker', spreaker_show_id: null })).toBe(false);
    expect(showLinkedToHost({ host_kind: 'spreaker', spreaker_show_id: '123' })).toBe(true);
    expect(showLinkedToHost(undefined)).toBe(false);
  });
});

describe('publish preferences', () => {
  it('round-trip through storage and survive junk', () => {
    const map = new Map<string, string>();
    const store = { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) };
    expect(readPublishPrefs(store)).toEqual(DEFAULT_PUBLISH_PREFS);
    const prefs = {
      publishMode: 'schedule',
      visibility: 'unpublished',
      scheduleAt: '2026-11-23T15:05:00.000Z',
      scheduleZone: 'Pacific/Auckland',
    } as const;
    writePublishPrefs(prefs, store);
    expect(readPublishPrefs(store)).toEqual(prefs);
    map.set(PUBLISH_PREFS_STORAGE_KEY, '{"publishMode":"later","scheduleAt":"soon","scheduleZone":"Mars/Olympus"}');
    expect(readPublishPrefs(store)).toEqual(DEFAULT_PUBLISH_PREFS);
    expect(parsePublishPrefs('not json')).toEqual(DEFAULT_PUBLISH_PREFS);
  });
});

describe('AI Suggest errors', () => {
  const failed = (status: number, code: TErrorCode | null = null) => ({ status, code });
  it('words 409, 429 and the rest as spec 000 does in the Episode Creator', () => {
    expect(aiSuggestErrorMessage(failed(409), 'title')).toBe('Transcript not ready yet — still processing');
    expect(aiSuggestErrorMessage(failed(429), 'title')).toBe('Too many requests — please slow down and try again.');
    expect(aiSuggestErrorMessage(failed(500), 'tags')).toBe('Request failed (500). Please try again.');
  });

  it("words them as spec 001 does in Episode History's edit panel (issue 19)", () => {
    expect(aiSuggestErrorMessage(failed(409, 'CONFLICT'), 'title', 'edit-panel')).toBe('Transcript not ready yet. Try again soon.');
    expect(aiSuggestErrorMessage(failed(425, 'TRANSCRIPT_NOT_READY'), 'tags', 'edit-panel')).toBe(
      'Transcript not ready yet. Try again soon.',
    );
    expect(aiSuggestErrorMessage(failed(429, 'RATE_LIMITED'), 'description', 'edit-panel')).toBe(
      'Too many AI requests right now. Please wait and retry.',
    );
    expect(aiSuggestErrorMessage(failed(502, 'UPSTREAM'), 'description', 'edit-panel')).toBe('AI description request failed.');
    expect(aiSuggestErrorMessage(failed(500), 'tags', 'edit-panel')).toBe('AI tags request failed.');
  });
});

describe('resumed schedule', () => {
  it('keeps a time still more than 10 minutes ahead, else suggests again', () => {
    const ahead = { ...filled, scheduleDate: '2026-11-23', scheduleTime: '15:30' };
    expect(withFreshSchedule(ahead, now)).toBe(ahead);
    expect(withFreshSchedule({ ...filled, scheduleDate: '2026-11-23', scheduleTime: '14:10' }, now)).toMatchObject({
      scheduleDate: '2026-11-23',
      scheduleTime: '15:05',
    });
    expect(withFreshSchedule({ ...filled, scheduleDate: '', scheduleTime: '' }, now)).toMatchObject({
      scheduleDate: '2026-11-23',
      scheduleTime: '15:05',
    });
  });

  it('suggests again in the zone the draft was in', () => {
    const utcNow = new Date('2026-11-23T14:02:10Z');
    const stale = { ...filled, scheduleDate: '2026-11-23', scheduleTime: '10:00', scheduleZone: 'Pacific/Auckland' };
    expect(withFreshSchedule(stale, utcNow)).toMatchObject({
      scheduleDate: '2026-11-24',
      scheduleTime: '04:05',
      scheduleZone: 'Pacific/Auckland',
    });
    const ahead = { ...stale, scheduleDate: '2026-11-24', scheduleTime: '09:00' };
    expect(withFreshSchedule(ahead, utcNow)).toBe(ahead);
  });
});

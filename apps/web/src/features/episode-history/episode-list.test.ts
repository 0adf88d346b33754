import { describe, expect, it } from 'vitest';
import { ZEpisodePodcasting20, type TEpisode } from '@ppp/contracts';
import { pageOf, pageSizeOf, publishDateOf, visibleEpisodes, withRecentPlays } from './episode-list.ts';
import { changesOf, duplicateOf, numberProblem, podcasting20Problem, valuesOf } from './edit-form.ts';
import { actionsFor } from './EpisodeMenu.tsx';

function episode(fields: Partial<TEpisode>): TEpisode {
  return {
    id: crypto.randomUUID(),
    podcast_id: 'p1',
    podcast_name: 'Show',
    template_id: null,
    title: 'Episode',
    description: '',
    tags: [],
    is_explicit: false,
    image_crop: null,
    podcasting20: ZEpisodePodcasting20.parse({}),
    cover_url: null,
    cover_path: null,
    cover_image_path: null,
    season_number: null,
    episode_number: null,
    status: 'processed',
    visibility: 'public',
    publish_at: null,
    publish_at_local: null,
    published_at: null,
    processed_at: null,
    created_at: new Date('2026-01-01T00:00:00Z'),
    duration_ms: 60_000,
    plays_total: 0,
    playback_url: null,
    final_audio_url: null,
    final_audio_path: null,
    final_audio_exists: true,
    stream_url: null,
    public_url: null,
    playback_type: null,
    has_transcript: false,
    transcript_url: null,
    needs_republish: false,
    publish_state: null,
    publish_error: null,
    spreaker_episode_id: null,
    error_message: null,
    cleanup_stats: null,
    working_audio_name: null,
    meta_json: { working_audio_name: null, main_content_filename: null, uploaded_filename: null },
    editable: true,
    retry_available: false,
    ...fields,
  };
}

const at = (day: number) => new Date(Date.UTC(2026, 0, day));

/** Three episodes of one show, told apart by title, status, date, plays, tags and notes. */
const list = [
  episode({ title: 'Beta', status: 'published', created_at: at(3), plays_total: 5, tags: ['news'] }),
  episode({ title: 'alpha', status: 'error', created_at: at(1), plays_total: 9 }),
  episode({ title: 'Gamma', status: 'pending', created_at: at(2), plays_total: 1, description: 'About NEWS today' }),
];

describe('Episode History list', () => {
  it('sorts newest, oldest, title, status and plays', () => {
    const titles = (sort: 'newest' | 'oldest' | 'title' | 'status' | 'plays') =>
      visibleEpisodes(list, { search: '', status: 'all', sort }).map((e) => e.title);
    expect(titles('newest')).toEqual(['Beta', 'Gamma', 'alpha']);
    expect(titles('oldest')).toEqual(['alpha', 'Gamma', 'Beta']);
    expect(titles('title')).toEqual(['alpha', 'Beta', 'Gamma']);
    expect(titles('status')).toEqual(['alpha', 'Beta', 'Gamma']); // Error, Published, Unknown
    expect(titles('plays')).toEqual(['alpha', 'Beta', 'Gamma']);
  });

  it('counts and sorts by the plays of the last 30 days where analytics answers, the lifetime counter elsewhere', () => {
    const [beta, alpha, gamma] = list as [TEpisode, TEpisode, TEpisode];
    const recent = {
      items: [
        { episode_id: beta.id, podcast_id: 'p1', title: 'Beta', plays_total: 4 },
        { episode_id: alpha.id, podcast_id: 'p1', title: 'alpha', plays_total: 0 },
      ],
    };
    const counted = withRecentPlays(list, recent);
    expect(counted.map((e) => e.plays_total)).toEqual([4, 0, 1]);
    expect(visibleEpisodes(counted, { search: '', status: 'all', sort: 'plays' }).map((e) => e.title)).toEqual(['Beta', 'Gamma', 'alpha']);
    expect(withRecentPlays(list, undefined).map((e) => e.plays_total)).toEqual([5, 9, 1]);
    expect(gamma.plays_total).toBe(1);
  });

  it('orders imported episodes, all created at once, by the dates they were published', () => {
    const imported = [2, 9, 5].map((day) =>
      episode({ title: `Day ${day}`, status: 'published', created_at: at(20), published_at: at(day) }),
    );
    expect(visibleEpisodes(imported, { search: '', status: 'all', sort: 'newest' }).map((e) => e.title)).toEqual([
      'Day 9',
      'Day 5',
      'Day 2',
    ]);
    expect(visibleEpisodes(imported, { search: '', status: 'all', sort: 'oldest' }).map((e) => e.title)).toEqual([
      'Day 2',
      'Day 5',
      'Day 9',
    ]);
  });
});

describe('Episode History filters, pages and dates', () => {
  it('filters by status and searches title, notes and tags', () => {
    expect(visibleEpisodes(list, { search: '', status: 'error', sort: 'newest' }).map((e) => e.title)).toEqual(['alpha']);
    expect(visibleEpisodes(list, { search: 'news', status: 'all', sort: 'newest' }).map((e) => e.title)).toEqual(['Beta', 'Gamma']);
  });

  it('pages 15 cards or 20 rows', () => {
    expect([pageSizeOf('grid'), pageSizeOf('mosaic'), pageSizeOf('list')]).toEqual([15, 15, 20]);
    const many = Array.from({ length: 41 }, (_, i) => i);
    expect(pageOf(many, 3, 20)).toEqual({ items: [40], pages: 3 });
    expect(pageOf(many, 9, 20).items).toEqual([40]);
  });

  it('dates a row by its schedule, publication or creation', () => {
    expect(publishDateOf(episode({ status: 'scheduled', publish_at: at(9) })).label).toBe('Scheduled for');
    expect(publishDateOf(episode({ status: 'published', published_at: at(4) })).date).toEqual(at(4));
    expect(publishDateOf(episode({ status: 'processed' })).label).toBe('Created');
  });
});

describe('Episode History actions', () => {
  it('offers the actions of spec 001 §4', () => {
    const now = new Date();
    expect(actionsFor(episode({ status: 'error', retry_available: true, editable: false }))).toEqual(['edit', 'retry', 'delete']);
    expect(actionsFor(episode({ status: 'processed', publish_state: 'publish_error', publish_error: 'boom' }))).toContain('republish');
    // A scheduled episode: publish it now, change its schedule, or cancel it (Unpublish).
    expect(actionsFor(episode({ status: 'scheduled', publish_at: new Date(now.getTime() + 3_600_000) }))).toEqual(
      expect.arrayContaining(['publish', 'schedule', 'unpublish']),
    );
    expect(actionsFor(episode({ status: 'published', publish_at: new Date(now.getTime() - 2 * 86_400_000) }))).not.toContain('unpublish');
    expect(actionsFor(episode({ status: 'processed', has_transcript: true }))).toEqual([
      'edit',
      'manual-edit',
      'retakes',
      'transcript',
      'publish',
      'schedule',
      'delete',
    ]);
  });
});

describe('the edit panel', () => {
  it('sends only what changed, trimmed and normalised, and nothing when nothing did', () => {
    const e = episode({ title: 'Title', tags: ['a'], season_number: 1, episode_number: 2 });
    expect(changesOf(e, valuesOf(e))).toEqual({});
    expect(changesOf(e, { ...valuesOf(e), title: '  Title  ', tags: 'a, A ,' })).toEqual({});
    expect(changesOf(e, { ...valuesOf(e), title: ' New ', tags: 'a, b', season_number: '', episode_number: '3' })).toEqual({
      title: 'New',
      tags: ['a', 'b'],
      season_number: null,
      episode_number: 3,
    });
  });

  it('sends the Podcasting 2.0 section whole when any of it changed, and refuses a soundbite the contract does not take', () => {
    const e = episode({});
    const guest = { name: 'Mary', role: 'guest', group: 'cast', img: null, href: null };
    const bite = { start_s: 12, duration_s: 30, title: 'The best bit' };
    const values = { ...valuesOf(e), podcasting20: { ...e.podcasting20, persons: [guest], soundbites: [bite] } };
    expect(changesOf(e, values)).toEqual({ podcasting20: { ...e.podcasting20, persons: [guest], soundbites: [bite] } });
    expect(podcasting20Problem(values.podcasting20)).toBeNull();
    expect(podcasting20Problem({ ...values.podcasting20, soundbites: [{ ...bite, duration_s: 600 }] })).toMatch(
      /^soundbites 0 duration_s: /,
    );
  });

  it('flags bad numbers and a season/episode pair another episode of the show has', () => {
    expect([numberProblem(''), numberProblem('4'), numberProblem('-1'), numberProblem('2.5')].map(Boolean)).toEqual([
      false,
      false,
      true,
      true,
    ]);
    const me = episode({ id: 'me' });
    const others = [
      episode({ id: 'x', season_number: 1, episode_number: 5, title: 'Taken' }),
      episode({ id: 'y', podcast_id: 'p2', season_number: 1, episode_number: 6 }),
    ];
    expect(duplicateOf(me, { season_number: '1', episode_number: '5' }, others)?.title).toBe('Taken');
    expect(duplicateOf(me, { season_number: '1', episode_number: '6' }, others)).toBeNull();
    expect(duplicateOf(me, { season_number: '1', episode_number: '' }, others)).toBeNull();
  });
});

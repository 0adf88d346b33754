import { describe, expect, it } from 'vitest';
import { isSpreakerUrl, normaliseFeedUrl, RSS_IMPORT_MESSAGES, type TRssImportResult } from '@ppp/contracts';
import { autoPublishNote, formatDuration, progressOf, urlError } from './import-progress.ts';

const result = (over: Partial<TRssImportResult>): TRssImportResult => ({
  import_id: '00000000-0000-4000-8000-000000000000',
  podcast_id: null,
  podcast_name: 'Show',
  description: '',
  status: 'queued',
  error: null,
  episodes_imported: 0,
  mirrored_count: 0,
  mirror_total: 0,
  mirror_failed: 0,
  spreaker_linked: false,
  spreaker_attempted: false,
  auto_publish_started: false,
  import_status: { needs_full_import: true, imported_count: 0, feed_total: 10 },
  ...over,
});

describe('the Import page', () => {
  it('asks for a URL in the spec’s words and accepts what podcasters paste', () => {
    expect(urlError('')).toBe('Please enter an RSS feed URL.');
    expect(urlError('   ')).toBe('Please enter an RSS feed URL.');
    expect(urlError('https://feeds.example.com/show.rss')).toBeNull();
    expect(normaliseFeedUrl(' feeds.example.com/show.rss ')).toBe('https://feeds.example.com/show.rss');
    expect(normaliseFeedUrl('feed://example.com/rss')).toBe('https://example.com/rss');
    expect(normaliseFeedUrl('feed:https://example.com/rss')).toBe('https://example.com/rss');
    expect(normaliseFeedUrl('itpc://example.com/rss')).toBe('https://example.com/rss');
    expect(normaliseFeedUrl('http://example.com/rss')).toBe('http://example.com/rss');
  });

  it('treats a host containing spreaker.com as a Spreaker feed', () => {
    expect(isSpreakerUrl('https://www.spreaker.com/show/4925442/episodes/feed')).toBe(true);
    expect(isSpreakerUrl('api.spreaker.com/show/1/episodes/feed')).toBe(true);
    expect(isSpreakerUrl('https://notspreaker.com/feed')).toBe(false);
    expect(isSpreakerUrl('https://example.com/spreaker.com')).toBe(false);
  });
});

describe('the Import page’s progress and outcome', () => {
  it('shows progress through importing and copying audio', () => {
    expect(progressOf(result({ status: 'importing', episodes_imported: 5 }))).toEqual({
      label: 'Importing episodes: 5 of 10',
      percent: 30,
      finished: false,
    });
    expect(progressOf(result({ status: 'mirroring', mirror_total: 4, mirrored_count: 1, mirror_failed: 1 }))).toEqual({
      label: 'Copying audio: 2 of 4',
      percent: 80,
      finished: false,
    });
    expect(progressOf(result({ status: 'mirroring', mirror_total: 0 })).label).toBe('Copying transcripts, chapters and artwork…');
    expect(progressOf(result({ status: 'done' })).finished).toBe(true);
    expect(progressOf(result({ status: 'failed' })).label).toBe('Import Failed');
  });

  it('says whether publishing to Spreaker started once the import is done', () => {
    expect(autoPublishNote(result({ status: 'done', auto_publish_started: true }), false)).toBeNull();
    expect(autoPublishNote(result({ status: 'mirroring' }), true)).toBeNull();
    expect(autoPublishNote(result({ status: 'done', auto_publish_started: true }), true)).toEqual({
      started: true,
      text: 'Publishing to Spreaker started: the imported episodes are being uploaded to your Spreaker show, one at a time.',
    });
    expect(autoPublishNote(result({ status: 'done', auto_publish_started: false }), true)?.text).toMatch(
      /^Nothing was published to Spreaker: this show is not linked to a Spreaker show/,
    );
  });

  it('says how much of an imported show is here and what a recovery from Spreaker added', () => {
    expect(RSS_IMPORT_MESSAGES.importStatus(3, 7)).toBe('3 of 7 episodes imported');
    expect(RSS_IMPORT_MESSAGES.importStatus(7, 7)).toBe('All 7 episodes imported');
    expect(RSS_IMPORT_MESSAGES.recovered(0)).toBe('No episodes were missing: every episode on Spreaker is here.');
    expect(RSS_IMPORT_MESSAGES.recovered(1)).toBe('1 missing episode recovered from Spreaker.');
    expect(RSS_IMPORT_MESSAGES.recovered(12)).toMatch(/^12 missing episodes recovered/);
    expect(RSS_IMPORT_MESSAGES.recoveryFailed).toBe('Recovery Failed');
  });

  it('formats durations', () => {
    expect(formatDuration(null)).toBe('');
    expect(formatDuration(74_000)).toBe('1:14');
    expect(formatDuration(10_475_000)).toBe('2:54:35');
  });
});

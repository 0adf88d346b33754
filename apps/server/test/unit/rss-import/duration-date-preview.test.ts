import { describe, expect, it } from 'vitest';
import {
  RSS_IMPORT_PREVIEW_COUNT,
  isSpreakerFeed,
  newestItems,
  parseDurationMs,
  parsePubDate,
  type TParsedFeed,
  type TParsedItem,
} from '../../../src/domain/rss-import/parse/index.ts';
import { parsedItem } from './fixtures.ts';

describe('parseDurationMs', () => {
  it.each([
    ['3723', 3_723_000],
    ['3723.5', 3_723_500],
    ['0', 0],
    ['62:03', 3_723_000],
    ['05:07', 307_000],
    ['1:02:03', 3_723_000],
    ['01:02:03', 3_723_000],
    ['1:02:03.5', 3_723_500],
    ['1:02:03,25', 3_723_250],
    ['00:45:00 ', 2_700_000],
    ['45 min', 2_700_000],
    ['45 mins', 2_700_000],
    ['90 minutes', 5_400_000],
    ['1h30m', 5_400_000],
    ['1h 2m 3s', 3_723_000],
    ['1 hr 5 min', 3_900_000],
    ['2 hours', 7_200_000],
    ['1 hour and 5 minutes', 3_900_000],
    ['30 sec', 30_000],
    ['PT1H2M3S', 3_723_000],
    ['pt45m', 2_700_000],
  ])('%s -> %d ms', (raw, ms) => {
    expect(parseDurationMs(raw)).toBe(ms);
  });

  it.each(['', '   ', 'unknown', 'NaN', '-5', '1:75:00', '1:02:03:04', 'abc 45 min', '45 lightyears', ':', 'PT', '99999999999'])(
    '%j -> null',
    (raw) => {
      expect(parseDurationMs(raw)).toBeNull();
    },
  );

  it('null and undefined -> null', () => {
    expect(parseDurationMs(null)).toBeNull();
    expect(parseDurationMs(undefined)).toBeNull();
  });
});

describe('parsePubDate', () => {
  it.each([
    ['Tue, 10 Jun 2003 04:00:00 GMT', '2003-06-10T04:00:00.000Z'],
    ['Tue, 10 Jun 2003 04:00:00 +0200', '2003-06-10T02:00:00.000Z'],
    ['Tue, 01 Oct 2019 14:30:00 PST', '2019-10-01T22:30:00.000Z'],
    ['Fri, 08 Jul 2016 13:40:00 UTC', '2016-07-08T13:40:00.000Z'],
    ['Thurs, 10 Jun 2003 04:00:00 CEST', '2003-06-10T02:00:00.000Z'],
    ['Mittwoch, 10 Jun 2003 04:00:00 BST', '2003-06-10T03:00:00.000Z'],
    ['10 Jun 2003 04:00:00 AEST', '2003-06-09T18:00:00.000Z'],
    ['2021-10-08T18:55:32Z', '2021-10-08T18:55:32.000Z'],
    ['2021-10-08T18:55:32+02:00', '2021-10-08T16:55:32.000Z'],
  ])('%s', (raw, iso) => {
    expect(parsePubDate(raw)?.toISOString()).toBe(iso);
  });

  it.each(['', 'yesterday', '1', '25/05/2010 - 17h07'])('%j -> null', (raw) => {
    expect(parsePubDate(raw)).toBeNull();
  });
});

function item(title: string, pubDate: string | null): TParsedItem {
  return parsedItem(title, { guid: title, title, pubDate: pubDate ? new Date(pubDate) : null });
}

describe('newestItems', () => {
  const feed = {
    items: [
      item('old', '2020-01-01'),
      item('undated-a', null),
      item('newest', '2024-05-01'),
      item('mid', '2022-01-01'),
      item('undated-b', null),
      item('newer', '2023-01-01'),
      item('oldest', '2019-01-01'),
    ],
  } as TParsedFeed;

  it('previews the newest five by date, whatever the feed order', () => {
    expect(RSS_IMPORT_PREVIEW_COUNT).toBe(5);
    expect(newestItems(feed).map((i) => i.title)).toEqual(['newest', 'newer', 'mid', 'old', 'oldest']);
  });

  it('puts undated items after dated ones, in feed order', () => {
    expect(
      newestItems(feed, 7)
        .map((i) => i.title)
        .slice(5),
    ).toEqual(['undated-a', 'undated-b']);
  });

  it('copes with fewer items than asked for, and with zero', () => {
    expect(newestItems({ ...feed, items: feed.items.slice(0, 2) }, 5)).toHaveLength(2);
    expect(newestItems(feed, 0)).toEqual([]);
  });
});

describe('isSpreakerFeed', () => {
  it.each([
    'https://www.spreaker.com/show/4711/episodes/feed',
    'https://api.spreaker.com/show/4711/episodes/feed',
    'http://SPREAKER.COM/show/1/episodes/feed',
    ' https://feeds.spreaker.com/x ',
  ])('%s is a Spreaker feed', (url) => {
    expect(isSpreakerFeed(url)).toBe(true);
  });

  it.each([
    'https://feeds.example.com/spreaker.com/feed',
    'https://spreaker.com.evil.example/feed',
    'https://notspreaker.com/feed',
    'not a url',
    '',
  ])('%j is not', (url) => {
    expect(isSpreakerFeed(url)).toBe(false);
  });
});

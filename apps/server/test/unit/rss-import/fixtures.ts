import { readFileSync } from 'node:fs';
import { ZEpisodePodcasting20 } from '@ppp/contracts';
import { fileURLToPath } from 'node:url';
import type { TParsedItem } from '../../../src/domain/rss-import/parse/index.ts';

const dir = fileURLToPath(new URL('../../fixtures/feeds/', import.meta.url));

export function feedFixture(name: string): Buffer {
  return readFileSync(`${dir}${name}`);
}

/** A parsed feed item that has only its key and what `fields` gives: a full episode without media, dates or extras. */
export function parsedItem(key: string, fields: Partial<TParsedItem> = {}): TParsedItem {
  return {
    guid: null,
    key,
    title: null,
    description: null,
    link: null,
    pubDate: null,
    enclosure: null,
    durationMs: null,
    season: null,
    episode: null,
    episodeType: 'full',
    explicit: null,
    imageUrl: null,
    transcripts: [],
    chapters: null,
    podcasting20: ZEpisodePodcasting20.parse({}),
    ...fields,
  };
}

import { createHash } from 'node:crypto';
import { retryAvailableFrom, type TEpisode, type TEpisodePage } from '@ppp/contracts';
import { VersionedCache } from '../../db/versioned-cache.ts';

/** A page of Episode History as it leaves the server: the answer, its JSON bytes and their ETag. */
export interface EpisodePageBody {
  page: TEpisodePage;
  json: Uint8Array<ArrayBuffer>;
  etag: string;
}

/**
 * Pages kept in this server process while their rows are unchanged and their signed links the
 * same (a page of 500 is about 1 MB of JSON, built in tens of milliseconds, sent in one). The answer
 * object is counted at twice its JSON; 48 MB in all.
 */
const pages = new VersionedCache<EpisodePageBody>({ maxBytes: 48 << 20, sizeOf: (body) => body.json.byteLength * 3 });

export function keptEpisodePages(): VersionedCache<EpisodePageBody> {
  return pages;
}

/** Each kept page's body, found from the page the service answers (the tRPC twin sends the kept bytes). */
const bodies = new WeakMap<TEpisodePage, EpisodePageBody>();

/** The page's JSON and a strong ETag of it; the page is frozen, since it is kept and served as it is. */
export function pageBodyOf(page: TEpisodePage): EpisodePageBody {
  for (const item of page.items) Object.freeze(item);
  Object.freeze(page.items);
  Object.freeze(page);
  const json = new TextEncoder().encode(JSON.stringify(page));
  const body = { page, json, etag: `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"` };
  bodies.set(page, body);
  return body;
}

/** The kept body of a page pageBodyOf made (undefined for any other object). */
export function keptBodyOf(page: TEpisodePage): EpisodePageBody | undefined {
  return bodies.get(page);
}

/** The first time after `now` at which an item's Retry offer changes by time alone (Infinity: none does). */
export function nextRetryChange(items: TEpisode[], now: number): number {
  let next = Number.POSITIVE_INFINITY;
  for (const item of items) {
    const from = retryAvailableFrom(item);
    if (from !== null && from >= now) next = Math.min(next, from + 1);
  }
  return next;
}

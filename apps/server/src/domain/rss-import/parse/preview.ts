import { RSS_IMPORT } from '@ppp/contracts';
import type { TParsedFeed, TParsedItem } from './feed.types.ts';

/** 'RSS import previews the newest five episodes' (spec 001 section 9). */
export const RSS_IMPORT_PREVIEW_COUNT = RSS_IMPORT.previewCount;
/** 'A host containing the hosting provider's domain is treated as a provider feed' (section 5). */
export const SPREAKER_DOMAIN = RSS_IMPORT.spreakerDomain;

/** The newest items by publication date; undated ones after dated ones, in feed order. */
export function newestItems(feed: TParsedFeed, count: number = RSS_IMPORT_PREVIEW_COUNT): TParsedItem[] {
  return feed.items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => {
      const at = a.item.pubDate?.getTime();
      const bt = b.item.pubDate?.getTime();
      if (at !== undefined && bt !== undefined && at !== bt) return bt - at;
      if (at === undefined && bt !== undefined) return 1;
      if (bt === undefined && at !== undefined) return -1;
      return a.index - b.index;
    })
    .slice(0, Math.max(0, count))
    .map(({ item }) => item);
}

/** True for spreaker.com and its subdomains (www., api., feeds.); false for anything unparsable. */
export function isSpreakerFeed(url: string): boolean {
  let host: string;
  try {
    host = new URL(url.trim()).hostname.toLowerCase().replace(/\.$/, '');
  } catch {
    return false;
  }
  return host === SPREAKER_DOMAIN || host.endsWith(`.${SPREAKER_DOMAIN}`);
}

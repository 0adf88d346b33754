import { VersionedCache } from '../../db/versioned-cache.ts';
import type { RenderedFeed } from './feed.service.ts';

/** Shows' feeds kept in this server process while their rows stand (a feed of 500 episodes is about 1 MB); 32 MB in all. */
const feeds = new VersionedCache<RenderedFeed>({ maxBytes: 32 << 20, sizeOf: (feed) => feed.xml.length * 2 });

export function keptFeeds(): VersionedCache<RenderedFeed> {
  return feeds;
}

export { parseFeed, type ParseFeedOptions } from './parse-feed.ts';
export { newestItems, isSpreakerFeed, RSS_IMPORT_PREVIEW_COUNT, SPREAKER_DOMAIN } from './preview.ts';
export { parseDurationMs } from './duration.ts';
export { parsePubDate } from './pub-date.ts';
export { FeedParseError, type TFeedParseFailure } from './feed-parse.errors.ts';
export type * from './feed.types.ts';

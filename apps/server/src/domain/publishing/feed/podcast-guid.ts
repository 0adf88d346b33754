import { v5 as uuidV5 } from 'uuid';

/** The "podcast" namespace UUID of the Podcasting 2.0 guid tag. */
export const PODCAST_GUID_NAMESPACE = 'ead4c236-bf58-58c6-a2c6-a6b28d128cb6';

/**
 * podcast:guid as the Podcast Namespace specifies it: a UUIDv5 (RFC 9562, SHA-1) of the feed URL
 * with its protocol scheme and trailing slashes stripped, under the "podcast" namespace.
 * A show keeps the guid it was first given (or imported with) even when its feed URL changes later,
 * so callers compute this once and store it.
 */
export function podcastGuid(feedUrl: string): string {
  const seed = feedUrl
    .trim()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//i, '')
    .replace(/\/+$/, '');
  return uuidV5(seed, PODCAST_GUID_NAMESPACE);
}

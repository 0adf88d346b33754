import { createHash } from 'node:crypto';

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

export function uuidV5(name: string, namespace: string): string {
  const namespaceBytes = Buffer.from(namespace.replace(/-/g, ''), 'hex');
  if (namespaceBytes.length !== 16) throw new Error(`Not a UUID: ${namespace}`);
  const hash = createHash('sha1').update(namespaceBytes).update(name, 'utf8').digest();
  const bytes = hash.subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50; // version 5
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // RFC 4122 variant
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

import { isSpreakerFeed } from './parse/index.ts';

/** https://www.spreaker.com/show/4925442/episodes/feed (and api./feeds. hosts) -> 4925442. */
export function spreakerShowIdFromUrl(url: string): number | null {
  if (!isSpreakerFeed(url)) return null;
  const match = /\/show\/(\d+)(?:\/|$)/.exec(new URL(url).pathname);
  return match?.[1] ? Number(match[1]) : null;
}

/** The guid Spreaker's RSS feed gives an episode, so a recovered episode matches an imported one. */
export function spreakerEpisodeGuid(episodeId: number): string {
  return `https://api.spreaker.com/episode/${episodeId}`;
}

/** The Spreaker episode id in such a guid, or null. */
export function spreakerEpisodeIdOf(guid: string): string | null {
  return /^https?:\/\/api\.spreaker\.com\/episode\/(\d+)\/?$/.exec(guid.trim())?.[1] ?? null;
}

import { createHash } from 'node:crypto';
import { createIsBotFromList, findBotPatterns, list as BOT_PATTERNS } from 'isbot';
import { requestedRanges } from '../../storage/byte-ranges.ts';

/**
 * When a request for an episode's audio counts as a download. The rules follow the IAB Tech Lab
 * Podcast Measurement Technical Guidelines (v2.x), simplified to what one request can tell:
 *
 * - Only GET counts; HEAD and other methods fetch no audio.
 * - A request counts only if it asks for at least one minute of audio (estimated from the file's
 *   size and duration), or the whole file when it is shorter. Players probe with tiny ranges first
 *   (Apple's AVPlayer sends `bytes=0-1`); those are ignored. Without a known duration, one minute is
 *   taken as 960,000 bytes (128 kbit/s).
 * - Known non-listener clients (isbot's crawlers, command-line tools and monitors; empty user agents) are ignored.
 * - One download per listener per episode per UTC day: the caller stores `dedupeKey` under a unique
 *   constraint and counts only when the insert succeeds. The key is a SHA-256 of IP, user agent,
 *   episode and day, so no raw address is kept and keys of different days cannot be linked.
 */
export const DOWNLOAD_RULES = {
  minimumSeconds: 60,
  fallbackMinimumBytes: 960_000,
  dedupeWindow: 'utc-day',
} as const;

/**
 * Podcast players that isbot's catch-all patterns (a bare `name/version` agent, a URL in the agent)
 * would take for bots; the patterns they trip are left out, the named crawlers, tools and monitors stay.
 */
export const LISTENER_AGENTS = [
  'Overcast/3.0 (+http://overcast.fm/; iOS podcast app)',
  'PodcastAddict/v5 (+https://podcastaddict.com/; Android podcast app)',
  'AntennaPod/3.2.0',
  'Pocket Casts',
  'Castro 2023',
  'CastBox/8.0 (fm.castbox.audiopodcast; build:1; Android 12) okhttp/4.9.0',
  'PlayerFM/1.0 Podcast Sync (+https://player.fm)',
  'gPodder/3.11 (+http://gpodder.org/)',
  'Podcast Republic/20',
  'Deezer/7.0',
  'iTMS',
  'okhttp/4.9.3',
] as const;

const LISTENER_PATTERNS = new Set(LISTENER_AGENTS.flatMap((agent) => findBotPatterns(agent)));
/** isbot's list without those patterns; Go's default HTTP client is a script, not a player. */
const isNonListener = createIsBotFromList([...BOT_PATTERNS.filter((pattern) => !LISTENER_PATTERNS.has(pattern)), 'go-http-client']);

export interface DownloadRequest {
  method: string;
  /** The Range header as sent, or null. */
  range: string | null;
  ip: string;
  userAgent: string | null;
  episodeId: string;
  fileSize: number;
  durationS: number | null;
  now: Date;
}

export type DownloadDecision = { count: true; dedupeKey: string; day: string } | { count: false; reason: 'method' | 'bot' | 'probe' };

export function shouldCountDownload(request: DownloadRequest): DownloadDecision {
  if (request.method.toUpperCase() !== 'GET') return { count: false, reason: 'method' };
  const agent = request.userAgent?.trim() ?? '';
  if (!agent || isNonListener(agent)) return { count: false, reason: 'bot' };
  const requested = requestedBytes(request.range, request.fileSize);
  if (requested < minimumBytes(request.fileSize, request.durationS)) return { count: false, reason: 'probe' };
  const day = request.now.toISOString().slice(0, 10);
  const dedupeKey = createHash('sha256').update([request.ip, agent, request.episodeId, day].join('\n')).digest('hex');
  return { count: true, dedupeKey, day };
}

export function minimumBytes(fileSize: number, durationS: number | null): number {
  const perMinute =
    durationS && durationS > 0 ? Math.ceil((fileSize / durationS) * DOWNLOAD_RULES.minimumSeconds) : DOWNLOAD_RULES.fallbackMinimumBytes;
  return Math.max(1, Math.min(fileSize, perMinute));
}

/**
 * How many bytes a Range header asks for (all ranges added up, clamped to the file). No header, or
 * one the server would ignore, means the whole file.
 */
export function requestedBytes(range: string | null, fileSize: number): number {
  const ranges = requestedRanges(range, fileSize);
  if (ranges === 'whole') return fileSize;
  if (ranges === 'unsatisfiable') return 0;
  return Math.min(
    fileSize,
    ranges.reduce((total, { start, end }) => total + end - start + 1, 0),
  );
}

import { createHash } from 'node:crypto';

/**
 * When a request for an episode's audio counts as a download. The rules follow the IAB Tech Lab
 * Podcast Measurement Technical Guidelines (v2.x), simplified to what one request can tell:
 *
 * - Only GET counts; HEAD and other methods fetch no audio.
 * - A request counts only if it asks for at least one minute of audio (estimated from the file's
 *   size and duration), or the whole file when it is shorter. Players probe with tiny ranges first
 *   (Apple's AVPlayer sends `bytes=0-1`); those are ignored. Without a known duration, one minute is
 *   taken as 960,000 bytes (128 kbit/s).
 * - Known non-listener clients (crawlers, command-line tools, empty user agents) are ignored.
 * - One download per listener per episode per UTC day: the caller stores `dedupeKey` under a unique
 *   constraint and counts only when the insert succeeds. The key is a SHA-256 of IP, user agent,
 *   episode and day, so no raw address is kept and keys of different days cannot be linked.
 */
export const DOWNLOAD_RULES = {
  minimumSeconds: 60,
  fallbackMinimumBytes: 960_000,
  dedupeWindow: 'utc-day',
} as const;

const NON_LISTENER_AGENTS =
  /\b(bot|crawler|spider|slurp|curl|wget|python-requests|python-urllib|go-http-client|okhttp-probe|headlesschrome|lighthouse|facebookexternalhit|pingdom|uptimerobot)\b/i;

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
  if (!agent || NON_LISTENER_AGENTS.test(agent)) return { count: false, reason: 'bot' };
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
  if (!range) return fileSize;
  const match = /^\s*bytes\s*=\s*(.+)$/i.exec(range);
  if (!match) return fileSize;
  let total = 0;
  for (const spec of match[1]!.split(',')) {
    const part = /^\s*(\d*)\s*-\s*(\d*)\s*$/.exec(spec);
    if (!part || (part[1] === '' && part[2] === '')) return fileSize;
    if (part[1] === '') {
      total += Math.min(Number(part[2]), fileSize); // suffix range: the last N bytes
      continue;
    }
    const start = Number(part[1]);
    const end = part[2] === '' ? fileSize - 1 : Math.min(Number(part[2]), fileSize - 1);
    if (end >= start) total += end - start + 1;
  }
  return Math.min(total, fileSize);
}

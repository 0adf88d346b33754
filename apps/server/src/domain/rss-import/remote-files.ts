import type { Readable } from 'node:stream';
import { RSS_IMPORT } from '@ppp/contracts';
import type { TConfig } from '../../config.ts';
import { safeFetch, safeFetchStream, type SafeFetchResponse } from '../../adapters/safe-fetch/index.ts';
import { AppError } from '../errors.ts';
import { privateHostsAllowance } from '../private-hosts.ts';
import { prepareCover, type PreparedCover } from '../podcasts/cover-art.ts';

/**
 * Every URL an import reaches (the feed, artwork, enclosures, transcripts, chapters) goes through
 * the guarded fetch with the limits of contracts' RSS_IMPORT. Private addresses are reachable only
 * when the operator listed them in IMPORT_ALLOW_PRIVATE_HOSTS (tests, local development); nothing
 * a request carries can widen that.
 */
export type TRemoteKind = 'feed' | 'artwork' | 'audio' | 'sidecar';

const LIMITS: Record<TRemoteKind, { maxBytes: number; deadlineMs: number; accept: string }> = {
  feed: {
    maxBytes: RSS_IMPORT.feedMaxBytes,
    deadlineMs: RSS_IMPORT.feedDeadlineMs,
    accept: 'application/rss+xml, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5',
  },
  artwork: { maxBytes: RSS_IMPORT.artworkMaxBytes, deadlineMs: RSS_IMPORT.artworkDeadlineMs, accept: 'image/*' },
  audio: { maxBytes: RSS_IMPORT.audioMaxBytes, deadlineMs: RSS_IMPORT.audioDeadlineMs, accept: 'audio/*, video/*;q=0.5, */*;q=0.1' },
  sidecar: { maxBytes: RSS_IMPORT.sidecarMaxBytes, deadlineMs: RSS_IMPORT.sidecarDeadlineMs, accept: '*/*' },
};

function optionsFor(config: TConfig, kind: TRemoteKind, signal?: AbortSignal) {
  const limits = LIMITS[kind];
  const deadlineMs = kind === 'feed' ? (config.IMPORT_FEED_TIMEOUT_MS ?? limits.deadlineMs) : limits.deadlineMs;
  return {
    deadlineMs,
    maxBytes: limits.maxBytes,
    accept: limits.accept,
    maxRedirects: RSS_IMPORT.maxRedirects,
    unsafeAllowPrivate: privateHostsAllowance(config),
    ...(signal ? { signal } : {}),
  };
}

function requireOk<T>(response: SafeFetchResponse<T>, what: string): SafeFetchResponse<T> {
  if (response.ok) return response;
  if (typeof (response.body as Readable | undefined)?.destroy === 'function') (response.body as Readable).destroy();
  throw new AppError('BAD_REQUEST', `The ${what} address answered HTTP ${response.status}.`, { status: response.status });
}

/** A whole small document (feed, artwork, transcript, chapters); a non-2xx answer is an error. */
export async function fetchRemote(config: TConfig, kind: Exclude<TRemoteKind, 'audio'>, url: string, signal?: AbortSignal) {
  const what = kind === 'feed' ? 'feed' : kind === 'artwork' ? 'artwork' : 'file';
  return requireOk(await safeFetch(url, optionsFor(config, kind, signal)), what);
}

/**
 * Show or episode artwork: fetched through the guard, then checked and bounded like an uploaded
 * cover (sharp reads its real format: only a PNG or JPEG is kept, one wider than Apple's limit is
 * scaled down).
 */
export async function fetchRemoteImage(config: TConfig, url: string, signal?: AbortSignal): Promise<PreparedCover> {
  return prepareCover((await fetchRemote(config, 'artwork', url, signal)).body);
}

/** Audio as a stream for storage; the byte cap and deadline keep running while it is read. */
export async function fetchRemoteAudio(config: TConfig, url: string, signal?: AbortSignal) {
  return requireOk(await safeFetchStream(url, optionsFor(config, 'audio', signal)), 'audio');
}

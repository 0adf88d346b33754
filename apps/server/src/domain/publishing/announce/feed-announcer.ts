import { FEED_ANNOUNCE } from '@ppp/contracts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { showFeedUrl } from '../feed/index.ts';

/**
 * Telling the world a feed changed (issue 36): a WebSub hub ping (the feed names its hub with
 * atom:link rel="hub", so subscribers are pushed the change) and Podping (the Podcast Index's
 * notification of feed updates). Both go through the feed.announce job: queued after a publish or a
 * change, retried by pg-boss when a service is down, never in the way of the publish itself.
 */

export type AnnounceLog = (line: string) => void;

/** Podping: a notification that a feed changed. The default only logs what it would send. */
export interface PodpingPort {
  readonly kind: 'log' | 'http';
  send(feedUrl: string, medium: string, log: AnnounceLog): Promise<void>;
}

/** Podping off the network: writes to the job's log the request a real Podping server would get. */
export class LoggedPodping implements PodpingPort {
  readonly kind = 'log' as const;
  async send(feedUrl: string, medium: string, log: AnnounceLog): Promise<void> {
    log(`podping (not configured, logged only): GET /?url=${encodeURIComponent(feedUrl)}&reason=update&medium=${medium}`);
  }
}

async function ok(res: Response, what: string): Promise<void> {
  if (res.ok) return;
  const body = (await res.text().catch(() => '')).slice(0, 200);
  throw new Error(`${what} answered ${res.status}${body ? `: ${body}` : ''}`);
}

/**
 * Podping over HTTP as podping.cloud takes it: GET {url}?url=<feed>&reason=update&medium=<medium> with
 * the token in Authorization (PODPING_URL and PODPING_TOKEN).
 */
export class HttpPodping implements PodpingPort {
  readonly kind = 'http' as const;
  private readonly endpoint: string;
  private readonly token: string;
  constructor(endpoint: string, token: string) {
    this.endpoint = endpoint;
    this.token = token;
  }

  async send(feedUrl: string, medium: string, log: AnnounceLog): Promise<void> {
    const url = new URL(this.endpoint);
    url.searchParams.set('url', feedUrl);
    url.searchParams.set('reason', 'update');
    url.searchParams.set('medium', medium);
    const res = await fetch(url, {
      headers: { authorization: this.token, 'user-agent': FEED_ANNOUNCE.userAgent },
      signal: AbortSignal.timeout(FEED_ANNOUNCE.timeoutMs),
    });
    await ok(res, 'Podping');
    log(`podping: sent ${feedUrl}`);
  }
}

/** A WebSub publish ping (hub.mode=publish, hub.url=<feed>), form-encoded, as hubs such as pubsubhubbub.appspot.com take it. */
export async function pingHub(hubUrl: string, feedUrl: string, log: AnnounceLog): Promise<void> {
  const res = await fetch(hubUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': FEED_ANNOUNCE.userAgent },
    body: new URLSearchParams({ 'hub.mode': 'publish', 'hub.url': feedUrl }),
    signal: AbortSignal.timeout(FEED_ANNOUNCE.timeoutMs),
  });
  await ok(res, `The WebSub hub ${hubUrl}`);
  log(`websub: ${hubUrl} told of ${feedUrl}`);
}

export interface FeedAnnouncerDeps {
  jobs: Pick<JobQueue, 'send'>;
  baseUrl: string;
  hubUrl: string | null;
  podping: PodpingPort;
  /** The show's podcast:medium, for Podping (podcast when unknown). */
  mediumOf: (podcastId: string) => Promise<string>;
}

export class FeedAnnouncer {
  private readonly deps: FeedAnnouncerDeps;
  constructor(deps: FeedAnnouncerDeps) {
    this.deps = deps;
  }

  /** The hubs the feed names (atom:link rel="hub"). */
  hubUrls(): string[] {
    return this.deps.hubUrl ? [this.deps.hubUrl] : [];
  }

  /**
   * Queues the announcement of a show's feed, at `at` when the change shows later (a schedule). One waits
   * per show at a time; a failure to queue is logged by the caller's catch, never failing what changed.
   */
  async announce(podcastId: string, at?: Date): Promise<void> {
    await this.deps.jobs.send(
      'feed.announce',
      { podcast_id: podcastId },
      { singletonKey: `${podcastId}:${at?.toISOString() ?? 'now'}`, ...(at ? { startAfter: at } : {}) },
    );
  }

  /** Same as announce, but a queue that is down is only logged: the change itself stands. */
  announceQuietly(podcastId: string, log: AnnounceLog, at?: Date): Promise<void> {
    return this.announce(podcastId, at).catch((error: unknown) => log(`feed.announce not queued for ${podcastId}: ${String(error)}`));
  }

  /** The feed.announce job: the hub (when configured) and Podping; throws so pg-boss retries what failed. */
  async notifyNow(podcastId: string, log: AnnounceLog): Promise<void> {
    const feedUrl = showFeedUrl(this.deps.baseUrl, podcastId);
    if (this.deps.hubUrl) await pingHub(this.deps.hubUrl, feedUrl, log);
    await this.deps.podping.send(feedUrl, await this.deps.mediumOf(podcastId), log);
  }
}

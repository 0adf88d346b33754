import { randomUUID } from 'node:crypto';
import {
  RSS_IMPORT,
  RSS_IMPORT_MESSAGES,
  ZRssImportRequest,
  ZRssPreviewRequest,
  type TImportedEpisode,
  type TRecoverFromSpreakerResult,
  type TRssImportRequest,
  type TRssImportResult,
  type TRssPreview,
} from '@ppp/contracts';
import type { SpreakerClient } from '../../adapters/spreaker/index.ts';
import { AppError, orNotFound } from '../errors.ts';
import type { Podcast } from '../podcasts/podcast.entity.ts';
import type { PodcastsRepository } from '../podcasts/podcasts.repository.ts';
import type { FeatureGate, PlanUser } from '../billing/feature-gate.ts';
import type { RateLimitService } from '../auth/rate-limit.service.ts';
import type { User } from '../users/user.entity.ts';
import { fetchRemote } from './remote-files.ts';
import { parseFeed, type TParsedFeed } from './parse/index.ts';
import { previewOf, showFields, uniqueItems } from './map-feed.ts';
import type { RssImport } from './rss-import.entity.ts';
import type { RssImportRepository } from './rss-import.repository.ts';
import type { ImportRunsRepository } from './import-runs.repository.ts';
import { toImportResult } from './import-status.ts';
import { linkSpreakerShow, recoverFromSpreaker } from './spreaker-link.ts';
import { rssImportLink, runImport, type ImportRunnerDeps, type RunOptions } from './import-runner.ts';
import { cleanupMirrors, runMirror } from './mirror-runner.ts';

/** The repositories (of one unit of work), the adapters and the services an import uses. */
export interface RssImportDeps extends Omit<ImportRunnerDeps, 'log'> {
  imports: RssImportRepository;
  podcasts: PodcastsRepository;
  /** The user's Spreaker connection, or null when they have not connected one. */
  spreakerFor: (userId: string) => Promise<SpreakerClient | null>;
  /** auto_publish_to_spreaker is publishing to Spreaker automatically, a Creator feature (spec 002 §9). */
  features: FeatureGate;
  /** Outbound fetches per user and per instance (issue 14). */
  limits: RateLimitService;
}

interface FetchedFeed {
  requestedUrl: string;
  finalUrl: string;
  contentType: string | null;
  bytes: Buffer;
  feed: TParsedFeed;
}

/** Import from RSS (spec 001 §5, §7): preview, start (the episodes are written by the rss.import job), status. */
export class RssImportService {
  private readonly deps: RssImportDeps;
  private readonly imports: RssImportRepository;
  private readonly podcasts: PodcastsRepository;
  private readonly runs: ImportRunsRepository;
  constructor(deps: RssImportDeps) {
    this.deps = deps;
    this.imports = deps.imports;
    this.podcasts = deps.podcasts;
    this.runs = deps.runs;
  }

  /** The show and its newest five episodes; nothing is written. */
  async preview(user: Pick<User, 'id'>, input: unknown): Promise<TRssPreview> {
    const { rss_url } = ZRssPreviewRequest.parse(input);
    await this.deps.limits.takeOutboundFetch('rss-preview', user.id);
    const fetched = await this.fetchFeed(rss_url);
    const existing = await this.existingShow(user, fetched);
    return { ...previewOf(fetched.feed, fetched.finalUrl, fetched.requestedUrl), existing_podcast_id: existing?.id ?? null };
  }

  /**
   * Fetches and parses the whole feed first, so a malformed one fails here with its reason and
   * nothing is written; then creates (or updates) the show, keeps the feed as fetched for the
   * job and queues rss.import.
   */
  async start(user: PlanUser & Pick<User, 'email'>, input: unknown): Promise<TRssImportResult> {
    const request = ZRssImportRequest.parse(input);
    if (request.auto_publish_to_spreaker) await this.deps.features.requireFeature(user, 'autopublishSpreaker');
    await this.refuseWhileRunning(user);
    await this.deps.limits.takeOutboundFetch('rss-import', user.id);
    const fetched = await this.fetchFeed(request.rss_url);
    assertImportable(fetched.feed, user);
    const { row, podcast } = await this.imports.inTransaction(async () => {
      // Checked again under a per-user lock: of two parallel starts, only the first writes an import.
      await this.imports.lockStartsOf(user.id);
      await this.refuseWhileRunning(user);
      return this.writeImport(user, request, fetched);
    });
    if (request.attempt_link_spreaker && previewOf(fetched.feed, fetched.finalUrl, fetched.requestedUrl).is_spreaker) {
      row.spreakerAttempted = true;
      const link = await linkSpreakerShow(await this.deps.spreakerFor(user.id), podcast, [fetched.requestedUrl, fetched.finalUrl]);
      row.spreakerLinked = link.linked;
      row.hostTotal = link.hostTotal;
      await this.imports.save();
    }
    await this.deps.jobs.send('rss.import', { import_id: row.id }, { singletonKey: row.id });
    return toImportResult(row, podcast);
  }

  /** 409 while another import of the user is still running (issue 14: one at a time). */
  private async refuseWhileRunning(user: Pick<User, 'id'>): Promise<void> {
    if (await this.imports.hasRunning(user.id)) throw new AppError('CONFLICT', RSS_IMPORT_MESSAGES.importRunning);
  }

  /** Creates (or updates) the show, keeps the feed as fetched for the job and writes the import row. */
  private async writeImport(
    user: Pick<User, 'id'>,
    request: TRssImportRequest,
    fetched: FetchedFeed,
  ): Promise<{ row: RssImport; podcast: Podcast }> {
    const total = uniqueItems(fetched.feed.items).length;
    const existing = await this.existingShow(user, fetched);
    const importId = randomUUID();
    const feedStorageKey = `users/${user.id}/imports/${importId}/feed.xml`;
    await this.deps.storage.putBytes(feedStorageKey, fetched.bytes);
    const fields = showFields(fetched.feed.show, fetched.requestedUrl);
    const podcast = existing ?? this.podcasts.create({ user: user.id, ...fields });
    if (existing) this.imports.updateShow(existing, { ...fields, podcastGuid: fields.podcastGuid ?? existing.podcastGuid });
    podcast.importFeedTotal = total;
    podcast.importedCount = existing ? (existing.importedCount ?? 0) : 0;
    const row = this.imports.add({
      id: importId,
      user: user.id,
      podcast,
      feedUrl: fetched.requestedUrl,
      finalUrl: fetched.finalUrl,
      feedStorageKey,
      contentType: fetched.contentType,
      feedTotal: total,
      attemptLinkSpreaker: request.attempt_link_spreaker,
      autoPublishToSpreaker: request.auto_publish_to_spreaker,
      publishState: request.publish_state,
    });
    await this.imports.save();
    return { row, podcast };
  }

  /** The import's progress (the Import page polls it). */
  async get(user: Pick<User, 'id'>, importId: string): Promise<TRssImportResult> {
    const row = await this.ownImport(user, importId);
    return toImportResult(row, row.podcast ? await this.podcasts.findById(row.podcast.id) : null);
  }

  /** The episodes of one of the user's shows, newest first (the show's episode list after an import). */
  async episodes(user: Pick<User, 'id'>, podcastId: string): Promise<TImportedEpisode[]> {
    const podcast = await this.ownPodcast(user, podcastId);
    const rows = await this.imports.episodesOf(podcast.id);
    return rows.map((e) => ({
      id: e.id,
      title: e.title,
      status: e.status,
      published_at: e.publishedAt ?? e.publishAt ?? null,
      duration_ms: e.durationMs ?? null,
      season_number: e.season ?? null,
      episode_number: e.episodeNumber ?? null,
      guid: e.guid,
      mirror_status: e.mirrorStatus ?? null,
    }));
  }

  /** POST /api/podcasts/{id}/recover-from-spreaker. */
  async recoverFromSpreaker(user: Pick<User, 'id'>, podcastId: string): Promise<TRecoverFromSpreakerResult> {
    const podcast = await this.ownPodcast(user, podcastId);
    return recoverFromSpreaker({ imports: this.imports, jobs: this.deps.jobs }, await this.deps.spreakerFor(user.id), podcast);
  }

  /** The rss.import job's work (apps/worker); see import-runner.ts. */
  runImport(importId: string, options: RunOptions & { log?: (msg: string) => void } = {}) {
    return runImport({ ...this.deps, runs: this.runs, log: options.log }, importId, options);
  }

  /** The rss.mirror job's work; see mirror-runner.ts. */
  runMirror(importId: string, options: { finalAttempt: boolean; signal?: AbortSignal; log?: (msg: string) => void }) {
    return runMirror({ ...this.deps, runs: this.runs, log: options.log }, importId, options);
  }

  /** The rss.mirror-cleanup job's work. */
  cleanupMirrors(now?: Date) {
    return cleanupMirrors({ runs: this.runs, storage: this.deps.storage }, now);
  }

  /** A permanent failure of the import job: 'Import Failed' with the reason, shown by the status call. */
  async markFailed(importId: string, reason: string): Promise<void> {
    const row = await this.imports.findById(importId);
    if (!row || row.status === 'done' || row.status === 'failed') return;
    row.status = 'failed';
    row.error = reason;
    row.finishedAt = new Date();
    await this.imports.save();
    await this.deps.notifications.notify(row.user.id, {
      title: RSS_IMPORT_MESSAGES.importFailed,
      body: reason,
      dedupeKey: `rss-import:${row.id}:failed`,
      link: rssImportLink(row),
    });
  }

  async ownPodcast(user: Pick<User, 'id'>, podcastId: string): Promise<Podcast> {
    return orNotFound(await this.podcasts.findOwned(user, podcastId), 'Podcast not found');
  }

  private async ownImport(user: Pick<User, 'id'>, importId: string): Promise<RssImport> {
    return orNotFound(await this.imports.findOwned(user.id, importId), RSS_IMPORT_MESSAGES.importNotFound);
  }

  private async existingShow(user: Pick<User, 'id'>, fetched: FetchedFeed): Promise<Podcast | null> {
    return this.imports.showImportedFrom(user.id, [...new Set([fetched.requestedUrl, fetched.finalUrl])]);
  }

  private async fetchFeed(url: string): Promise<FetchedFeed> {
    const response = await fetchRemote(this.deps.config, 'feed', url);
    const contentType = typeof response.headers['content-type'] === 'string' ? response.headers['content-type'] : null;
    const feed = parseFeed(response.body, { contentTypeHeader: contentType, baseUrl: response.finalUrl });
    return { requestedUrl: url, finalUrl: response.finalUrl, contentType, bytes: response.body, feed };
  }
}

/**
 * Refuses what cannot or must not be imported: an absurd number of items, and a feed its owner
 * locked (podcast:locked) unless the user signs in with the owner's address.
 */
function assertImportable(feed: TParsedFeed, user: Pick<User, 'email'>): void {
  if (feed.items.length > RSS_IMPORT.maxItems) {
    throw new AppError('VALIDATION', `The feed lists ${feed.items.length} episodes; at most ${RSS_IMPORT.maxItems} can be imported.`);
  }
  const { locked, lockedOwner } = feed.show;
  if (locked && lockedOwner?.trim().toLowerCase() !== user.email.trim().toLowerCase()) {
    throw new AppError(
      'FORBIDDEN',
      lockedOwner
        ? `This feed is locked by its owner (${lockedOwner}). Sign in with that address or unlock the feed at its current host to import it.`
        : 'This feed is locked by its owner. Unlock it at its current host to import it.',
    );
  }
}

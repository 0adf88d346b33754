import { setTimeout as sleep } from 'node:timers/promises';
import type { z } from 'zod';
import {
  PODCAST_MESSAGES,
  PUBLISH_MESSAGES,
  VISIBILITIES,
  ZEpisodeStatus,
  ZPublishState,
  scheduleProblem,
  withinUnpublishWindow,
  type TPublishStatus,
  type TVisibility,
  type ZPublishRequest,
  type ZUnpublishRequest,
} from '@ppp/contracts';
import { AppError, orNotFound } from '../errors.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { User } from '../users/user.entity.ts';
import type { FeatureGate } from '../billing/feature-gate.ts';
import type { Episode } from '../episodes/episode.entity.ts';
import type { Podcast } from '../podcasts/podcast.entity.ts';
import { SpreakerError, spreakerToAppError } from '../../adapters/spreaker/index.ts';
import { showFeedUrl } from './feed/index.ts';
import { episodeUrls, publicState } from './feed.service.ts';
import { EpisodeBusyError, withEpisodeLock } from './episode-lock.ts';
import type { HostRegistry } from './hosts/registry.ts';
import { PUBLISH_MARK_LEASE_MS } from './publish-jobs.ts';
import type { PublishingRepository } from './publishing.repository.ts';

export const EPISODE_NOT_FOUND = 'Episode not found';
/** Episodes that carry finished audio and may be published. */
const PUBLISHABLE = ['processed', 'scheduled', 'published'];

export interface PublishingDeps {
  repository: PublishingRepository;
  jobs: JobQueue;
  hosts: HostRegistry;
  connectionString: string;
  baseUrl: string;
  /** Scheduling on a Spreaker show publishes there on its own: a Creator feature (spec 002 §9). */
  features: FeatureGate;
  /** Queues the show's feed.announce (WebSub, Podping) after a change to what the feed lists; never throws. */
  announce?: (podcastId: string) => Promise<void>;
}

/** The publish calls of spec 001 §4 and §7: now, schedule, draft, status, unpublish, republish. */
export class PublishingService {
  private readonly deps: PublishingDeps;
  constructor(deps: PublishingDeps) {
    this.deps = deps;
  }

  /** One of the user's episodes (with its show); another user's is 404. */
  async getOwned(user: Pick<User, 'id'>, id: string): Promise<Episode> {
    return orNotFound(await this.deps.repository.findOwned(user, id), EPISODE_NOT_FOUND);
  }

  toStatus(episode: Episode): TPublishStatus {
    const podcast = episode.podcast as Podcast;
    const state = publicState(episode);
    const listed =
      podcast.hostKind !== 'spreaker' && state.publish_at !== null && state.visibility !== 'unpublished' && episode.finalAudioKey;
    return {
      episode_id: episode.id,
      status: ZEpisodeStatus.catch('processed').parse(episode.status),
      publish_state: episode.publishState ? ZPublishState.catch('queued').parse(episode.publishState) : null,
      visibility: state.visibility,
      publish_at: episode.publishAt ?? null,
      publish_at_local: episode.publishAtLocal ?? null,
      published_at: episode.publishedAt ?? null,
      host: this.deps.hosts.forShow(podcast).kind,
      host_episode_id: episode.hostEpisodeId ?? null,
      spreaker_episode_id: episode.hostKind === 'spreaker' ? (episode.hostEpisodeId ?? null) : null,
      last_error: episode.publishError ?? null,
      audio_url: listed ? episodeUrls(this.deps.baseUrl, podcast.id, episode).audio : null,
      feed_url: podcast.hostKind !== 'spreaker' ? showFeedUrl(this.deps.baseUrl, podcast.id) : null,
    };
  }

  /** GET /api/episodes/{id}/publish/status */
  async status(user: Pick<User, 'id'>, id: string): Promise<TPublishStatus> {
    return this.toStatus(await this.getOwned(user, id));
  }

  /** POST /api/episodes/{id}/publish */
  async publish(user: Pick<User, 'id'>, id: string, body: z.output<typeof ZPublishRequest>, now = new Date()): Promise<TPublishStatus> {
    const mode = body.mode ?? (body.publish_state === 'draft' ? 'draft' : body.publish_at ? 'schedule' : 'now');
    const visibility = (VISIBILITIES as readonly string[]).includes(body.publish_state ?? '') ? (body.publish_state as TVisibility) : null;
    const owned = await this.getOwned(user, id);
    if (mode === 'schedule') {
      if ((owned.podcast as Podcast).hostKind === 'spreaker') await this.requireAutopublish(user.id);
      const problem = scheduleProblem(body.publish_at, now);
      if (problem) throw new AppError('VALIDATION', problem);
    }
    if (mode !== 'draft' && (!owned.finalAudioKey || !PUBLISHABLE.includes(owned.status))) {
      throw new AppError('NOT_READY', PUBLISH_MESSAGES.assembledRequired);
    }
    return this.locked(owned.id, async (episode) => {
      if (mode === 'draft') return this.toDraft(episode, visibility);
      if (episode.status === 'published') {
        if (mode === 'schedule') throw new AppError('CONFLICT', PUBLISH_MESSAGES.alreadyPublished);
        // A second "publish now" (a double click) changes nothing; only a visibility change is applied.
        if (visibility && visibility !== episode.visibility) await this.changeVisibility(episode, visibility);
        return;
      }
      // Already handed over, unless the run that marked it died before its job was sent.
      if (mode === 'now' && episode.status === 'processed' && this.inFlight(episode) && (await this.jobPending(episode.id))) return;
      // Moving a schedule (or publishing a scheduled episode now) takes the pending upload off the host first.
      await this.takeOffHost(episode);
      episode.publishError = null;
      episode.publishState = 'queued';
      if (mode === 'schedule') {
        episode.status = 'scheduled';
        episode.publishAt = new Date(body.publish_at!);
        episode.publishAtLocal = body.publish_at_local ?? null;
        // Sent as 'unpublished' until its time; it goes public then (spec 000 §7).
        episode.visibility = 'public';
      } else {
        episode.status = 'processed';
        episode.publishAt = null;
        episode.publishAtLocal = null;
        if (visibility) episode.visibility = visibility;
      }
      await this.enqueue(episode);
    });
  }

  /** The owner's plan as it stands now (the caller may be the worker acting for them) must include it. */
  private async requireAutopublish(userId: string): Promise<void> {
    const owner = await this.deps.repository.userById(userId);
    await this.deps.features.requireFeature(owner, 'autopublishSpreaker');
  }

  /** POST /api/episodes/{id}/republish: a processed episode whose publish failed or needs republishing. */
  async republish(user: Pick<User, 'id'>, id: string): Promise<TPublishStatus> {
    const owned = await this.getOwned(user, id);
    return this.locked(owned.id, async (episode) => {
      const retryable = episode.publishState === 'publish_error' || episode.publishState === 'needs_republish';
      if (episode.status !== 'processed' || !retryable) throw new AppError('CONFLICT', PUBLISH_MESSAGES.notRepublishable);
      if (!episode.finalAudioKey) throw new AppError('NOT_READY', PUBLISH_MESSAGES.assembledRequired);
      await this.takeOffHost(episode);
      episode.publishError = null;
      episode.publishState = 'queued';
      episode.publishAt = null;
      await this.enqueue(episode);
    });
  }

  /** POST /api/episodes/{id}/unpublish: scheduled, or published within 24 h; otherwise 409 unless forced. */
  async unpublish(user: Pick<User, 'id'>, id: string, body: z.output<typeof ZUnpublishRequest>, now = new Date()): Promise<TPublishStatus> {
    const owned = await this.getOwned(user, id);
    return this.locked(owned.id, async (episode) => {
      if (episode.status !== 'scheduled' && episode.status !== 'published') {
        throw new AppError('BAD_REQUEST', PUBLISH_MESSAGES.notUnpublishable);
      }
      if (!body.force && !withinUnpublishWindow({ status: episode.status, publish_at: episode.publishAt ?? null }, now)) {
        throw new AppError('CONFLICT', PODCAST_MESSAGES.forceUnpublish, { force_available: true });
      }
      await this.takeOffHost(episode);
      this.toProcessed(episode);
    });
  }

  /**
   * The edit panel's visibility: a published episode changes at once (on Spreaker through its hidden
   * flag), a draft keeps it for when it is published; a scheduled one goes public at its time (409),
   * one still rendering has nothing to change yet (409).
   */
  async setVisibility(user: Pick<User, 'id'>, id: string, visibility: TVisibility): Promise<TPublishStatus> {
    const owned = await this.getOwned(user, id);
    return this.locked(owned.id, async (episode) => {
      if (episode.status === 'scheduled') throw new AppError('CONFLICT', PUBLISH_MESSAGES.visibilityWhileScheduled);
      if (episode.status === 'published') return this.changeVisibility(episode, visibility);
      if (episode.status !== 'processed') throw new AppError('CONFLICT', PUBLISH_MESSAGES.visibilityNotReady);
      episode.visibility = visibility;
    });
  }

  /**
   * Auto-publish after an RSS import (issue 9): the show's imported episodes that are live at their
   * old host (status published), have their audio here and are on no host of ours yet are claimed in
   * one statement (publish_state queued, the visibility asked for), so a second run, a retry or a
   * restart never claims one twice; each claimed episode gets its publish.episode job (those whose
   * job could not be queued are released again). One marked queued longer than PUBLISH_MARK_LEASE_MS
   * ago with no live publish.episode job (the run that marked it died before sending it) is claimed
   * again. Answers how many were queued. The runner uploads them and keeps their original dates.
   */
  async queueImported(userId: string, podcastId: string, publishState: string): Promise<number> {
    const visibility = (VISIBILITIES as readonly string[]).includes(publishState) ? publishState : 'public';
    const claimed = await this.deps.repository.claimImported(userId, podcastId, visibility, PUBLISH_MARK_LEASE_MS / 1000);
    for (const [index, id] of claimed.entries()) {
      try {
        await this.deps.jobs.send('publish.episode', { episode_id: id, publish_at: null, go_live: false });
      } catch (error) {
        // Not queued: released again, so a later import claims them instead of leaving them 'queued' forever.
        await this.deps.repository.releaseUnsent(claimed.slice(index));
        throw error;
      }
    }
    return claimed.length;
  }

  /**
   * queueImported for an import's end (the rss.import or rss.mirror job): when episodes a dead run
   * marked queued without sending their job are still inside PUBLISH_MARK_LEASE_MS (the job's retry
   * comes soon after the crash), waits out that lease and claims them then.
   */
  async queueImportedAfterLease(userId: string, podcastId: string, publishState: string, signal?: AbortSignal): Promise<number> {
    const queued = await this.queueImported(userId, podcastId, publishState);
    const waitMs = await this.deps.repository.importedMarkWaitMs(userId, podcastId, PUBLISH_MARK_LEASE_MS / 1000);
    if (waitMs === null) return queued;
    await sleep(Math.max(0, waitMs) + 500, undefined, signal ? { signal } : {});
    return queued + (await this.queueImported(userId, podcastId, publishState));
  }

  /** Enqueues the upload now and, for a schedule, the delayed go-live at its time (kept by pg-boss across restarts). */
  async enqueue(episode: Episode): Promise<void> {
    const publishAt = episode.status === 'scheduled' ? (episode.publishAt?.toISOString() ?? null) : null;
    await this.deps.repository.flush();
    await this.deps.jobs.send('publish.episode', { episode_id: episode.id, publish_at: publishAt, go_live: false });
    if (publishAt) {
      await this.deps.jobs.send(
        'publish.episode',
        { episode_id: episode.id, publish_at: publishAt, go_live: true },
        { startAfter: new Date(publishAt) },
      );
    }
  }

  /** Whether a publish.episode job for the episode is waiting, running or due for a retry. */
  jobPending(episodeId: string): Promise<boolean> {
    return this.deps.repository.jobPending(episodeId);
  }

  private inFlight(episode: Episode): boolean {
    return episode.publishState === 'queued' || episode.publishState === 'publishing';
  }

  private async toDraft(episode: Episode, visibility: TVisibility | null): Promise<void> {
    if (episode.status === 'published') throw new AppError('CONFLICT', PUBLISH_MESSAGES.alreadyPublished);
    if (episode.status === 'scheduled') {
      await this.takeOffHost(episode);
      this.toProcessed(episode);
    } else if (this.inFlight(episode)) {
      episode.publishState = null;
    }
    if (visibility) episode.visibility = visibility;
  }

  private toProcessed(episode: Episode): void {
    Object.assign(episode, {
      status: 'processed',
      publishAt: null,
      publishAtLocal: null,
      publishedAt: null,
      hostEpisodeId: null,
      hostKind: null,
      hostUploadToken: null,
      publishState: null,
      publishError: null,
    });
  }

  /** Removes the episode's upload from the host it lives on (Spreaker: DELETE; built-in: nothing to do). */
  private async takeOffHost(episode: Episode): Promise<void> {
    if (!episode.hostEpisodeId) return;
    try {
      await this.deps.hosts.byKind(episode.hostKind).remove(episode.podcast as Podcast, episode.hostEpisodeId);
    } catch (error) {
      if (error instanceof SpreakerError) throw spreakerToAppError(error);
      throw error;
    }
    episode.hostEpisodeId = null;
    episode.hostKind = null;
    episode.hostUploadToken = null;
  }

  /** A live episode's visibility: stored here, and on Spreaker its hidden flag (see adapters/spreaker/visibility.ts). */
  private async changeVisibility(episode: Episode, visibility: TVisibility): Promise<void> {
    if (episode.hostEpisodeId) {
      try {
        await this.deps.hosts.byKind(episode.hostKind).setVisibility(episode.podcast as Podcast, episode.hostEpisodeId, visibility);
      } catch (error) {
        if (error instanceof SpreakerError) throw spreakerToAppError(error);
        throw error;
      }
    }
    episode.visibility = visibility;
  }

  /** Runs a change under the episode's publish lock on a fresh copy of the row, then flushes it. */
  private async locked(id: string, change: (episode: Episode) => Promise<void>): Promise<TPublishStatus> {
    try {
      return await withEpisodeLock(
        this.deps.connectionString,
        id,
        async () => {
          const episode = await this.deps.repository.reload(id);
          await change(episode);
          await this.deps.repository.flush();
          await this.deps.announce?.((episode.podcast as Podcast).id);
          return this.toStatus(episode);
        },
        10_000,
      );
    } catch (error) {
      if (error instanceof EpisodeBusyError) throw new AppError('CONFLICT', error.message);
      throw error;
    }
  }
}

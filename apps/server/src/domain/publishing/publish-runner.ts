import { randomBytes } from 'node:crypto';
import { NOTIFICATION_LINKS, PUBLISHED_NOTICE, PUBLISH_FAILURE_NOTICE, type TJobPayload } from '@ppp/contracts';
import { SpreakerError, spreakerToAppError } from '../../adapters/spreaker/index.ts';
import { AppError } from '../errors.ts';
import type { Episode } from '../episodes/episode.entity.ts';
import type { Podcast } from '../podcasts/podcast.entity.ts';
import type { MediaItem } from '../media/media-item.entity.ts';
import type { User } from '../users/user.entity.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { MailService } from '../mail/mail.service.ts';
import { withEpisodeLock } from './episode-lock.ts';
import { PublishRejected, type HostEpisodeRequest, type PodcastHost } from './hosts/host.ts';
import type { HostRegistry } from './hosts/registry.ts';
import { deliveryAddressOf, subjectName } from '../mail/own-address.ts';
import type { NotifyAddressesRepository } from '../mail/notify-addresses.repository.ts';
import type { PublishingRepository } from './publishing.repository.ts';

/**
 * Test-only hook: called right after the host accepted an upload and before its id is recorded, so a
 * test can stand in for a worker that dies at the worst moment. Never set outside tests.
 */
export const publishTestHooks: { afterUpload: ((episodeId: string) => void | Promise<void>) | null } = { afterUpload: null };

export type PublishOutcome = 'published' | 'scheduled' | 'failed' | 'stale' | 'missing';

export interface PublishAttempt {
  /** No retry is left: a failure is recorded on the episode instead of thrown. */
  final: boolean;
}

/** Marks an episode live; publish_at stays the scheduled time, or becomes now for "publish now". */
export function markPublished(episode: Episode, now: Date): void {
  // An imported episode was live before it came here: it keeps its original date.
  const liveSince = episode.status === 'published' ? (episode.publishedAt ?? null) : null;
  episode.status = 'published';
  episode.publishAt = episode.publishAt ?? now;
  episode.publishedAt = liveSince ?? now;
  episode.publishState = 'published';
  episode.publishError = null;
  episode.hostUploadToken = null;
}

function messageOf(error: unknown): string {
  if (error instanceof PublishRejected || error instanceof AppError) return error.message;
  if (error instanceof SpreakerError) return spreakerToAppError(error).message;
  return error instanceof Error ? error.message : String(error);
}

/** Refusals a retry cannot change: the feed check, Spreaker's 4xx, no Spreaker connection. */
function permanent(error: unknown): boolean {
  if (error instanceof AppError) return error.status < 500;
  return error instanceof PublishRejected || (error instanceof SpreakerError && !error.retryable);
}

/**
 * The publish.episode job. Check-then-act under a per-episode advisory lock: the lock keeps two runs
 * apart, the recorded host episode id makes a second run a no-op, and the upload token saved before
 * calling the host lets a run after a crash find the upload it made instead of making another.
 */
export interface PublishRunnerDeps {
  /** A repository on a fresh unit of work for each run: what another run committed while this one waited for the lock is what it sees. */
  episodes: () => Pick<PublishingRepository, 'forPublishRun' | 'flush'>;
  hosts: HostRegistry;
  connectionString: string;
  notifications: NotificationsService;
  mail: MailService;
  /** The addresses each account verified, for where the failure mail goes. */
  notifyAddresses: Pick<NotifyAddressesRepository, 'isVerified'>;
  /** Public origin, for the link to the episode in the failure notice. */
  baseUrl: string;
  /** Queues the show's feed.announce (WebSub, Podping) once an episode went live; never throws. */
  announce?: (podcastId: string) => Promise<void>;
}

export class PublishRunner {
  private readonly deps: PublishRunnerDeps;
  constructor(deps: PublishRunnerDeps) {
    this.deps = deps;
  }

  run(payload: TJobPayload<'publish.episode'>, attempt: PublishAttempt, now = new Date()): Promise<PublishOutcome> {
    return withEpisodeLock(this.deps.connectionString, payload.episode_id, async () => {
      const episodes = this.deps.episodes();
      const episode = await episodes.forPublishRun(payload.episode_id);
      if (!episode) return 'missing';
      if (!this.wanted(episode, payload)) return 'stale';
      if (payload.go_live && episode.hostEpisodeId) {
        markPublished(episode, now);
        await episodes.flush();
        await this.deps.announce?.((episode.podcast as Podcast).id);
        await this.tellPublished(episode);
        return 'published';
      }
      // An imported episode already live at its old host is not news when it reaches this one.
      const wasLive = episode.status === 'published';
      const podcast = episode.podcast as Podcast;
      const scheduledFor = episode.status === 'scheduled' && episode.publishAt && episode.publishAt > now ? episode.publishAt : null;
      try {
        await this.deliver(episodes, episode, podcast, scheduledFor, now);
      } catch (error) {
        if (!permanent(error) && !attempt.final) throw error;
        const reason = messageOf(error);
        this.recordFailure(episode, reason);
        await episodes.flush();
        await this.tellCreator(episode, reason, now);
        return 'failed';
      }
      if (scheduledFor) {
        episode.publishState = null;
        episode.publishError = null;
        episode.hostUploadToken = null;
      } else {
        markPublished(episode, now);
      }
      await episodes.flush();
      if (scheduledFor) return 'scheduled';
      await this.deps.announce?.(podcast.id);
      if (!wasLive) await this.tellPublished(episode);
      return 'published';
    });
  }

  /** Whether the episode still asks for this job: a cancelled or moved schedule, or a finished publish, does not. */
  private wanted(episode: Episode, payload: TJobPayload<'publish.episode'>): boolean {
    if (payload.go_live) {
      return episode.status === 'scheduled' && episode.publishAt?.toISOString() === payload.publish_at;
    }
    if (episode.publishState !== 'queued' && episode.publishState !== 'publishing') return false;
    if (episode.status === 'scheduled') return episode.publishAt?.toISOString() === payload.publish_at;
    // An imported episode, live at its old host, queued for the show's host by the import's auto-publish.
    if (episode.status === 'published') return !episode.hostEpisodeId;
    return episode.status === 'processed';
  }

  private async deliver(
    episodes: Pick<PublishingRepository, 'flush'>,
    episode: Episode,
    podcast: Podcast,
    scheduledFor: Date | null,
    now: Date,
  ): Promise<void> {
    const host: PodcastHost = this.deps.hosts.forShow(podcast);
    const request = (token: string): HostEpisodeRequest => ({ podcast, episode, token, publishAt: scheduledFor, now });
    await host.check(request(episode.hostUploadToken ?? ''));
    if (episode.hostEpisodeId && episode.hostKind === host.kind) return;
    let token = episode.hostUploadToken ?? null;
    let hostId = token ? await host.findUpload(request(token)) : null;
    if (!hostId) {
      if (!token) token = randomBytes(6).toString('hex');
      episode.hostUploadToken = token;
      episode.publishState = 'publishing';
      await episodes.flush();
      hostId = await host.upload(request(token));
      await publishTestHooks.afterUpload?.(episode.id);
    }
    episode.hostEpisodeId = hostId;
    episode.hostKind = host.kind;
    await episodes.flush();
    // Tidying the token tag is cosmetic: the id is recorded, so a failure here must not fail the publish.
    await host.finalize(request(token!), hostId).catch(() => undefined);
  }

  /** A publish that went live rings the bell once ('Episode published'), linking to the episode: the owner's, and the show's team members'. */
  private async tellPublished(episode: Episode): Promise<void> {
    await this.deps.notifications.notifyShow(episode.user as User, (episode.podcast as Podcast).id, {
      title: PUBLISHED_NOTICE.title,
      body: PUBLISHED_NOTICE.body(episode.title),
      dedupeKey: `published:${episode.id}:${episode.publishedAt?.toISOString() ?? ''}`,
      link: NOTIFICATION_LINKS.episode(episode.id),
    });
  }

  /**
   * A publish that ended in publish_error rings the bell with the reason and a link to the episode, and
   * mails the creator when they asked for mail on the upload the episode was made from.
   */
  private async tellCreator(episode: Episode, reason: string, now: Date): Promise<void> {
    const user = episode.user as User;
    const link = `${this.deps.baseUrl}${PUBLISH_FAILURE_NOTICE.path(episode.id)}`;
    const body = PUBLISH_FAILURE_NOTICE.body(episode.title, reason, link);
    await this.deps.notifications.notify(user.id, {
      title: PUBLISH_FAILURE_NOTICE.title,
      body,
      dedupeKey: `publish-failed:${episode.id}:${now.toISOString()}`,
      link: NOTIFICATION_LINKS.episode(episode.id),
    });
    const source = (episode.sourceMedia as MediaItem | null | undefined) ?? null;
    if (!source?.notifyWhenReady) return;
    const to = await deliveryAddressOf(this.deps.notifyAddresses, user, source.notifyEmail);
    if (!to) return;
    await this.deps.mail.send({
      to,
      subject: PUBLISH_FAILURE_NOTICE.mailSubject(subjectName(episode.title)),
      text: body,
    });
  }

  private recordFailure(episode: Episode, message: string): void {
    episode.publishState = 'publish_error';
    episode.publishError = message;
    // An imported episode stays live where it was; only the upload here failed.
    if (!episode.hostEpisodeId && episode.status !== 'published') {
      episode.status = 'processed';
      episode.publishAt = null;
      episode.publishAtLocal = null;
    }
  }
}

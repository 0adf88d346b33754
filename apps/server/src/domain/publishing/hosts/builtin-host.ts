import { describeProblems, hasBlockingProblem, validateEpisodeForFeed } from '../feed/index.ts';
import type { FeedService } from '../feed.service.ts';
import type { FeedCheckService } from '../feed-check.service.ts';
import type { StoragePort } from '../../storage/storage.ts';
import { PUBLISH_MESSAGES } from '@ppp/contracts';
import { PublishRejected, type HostEpisodeRequest, type PodcastHost } from './host.ts';

/**
 * The built-in host: "uploading" makes the stored audio part of the show's public feed. The host
 * episode id is the episode's own id, so publishing twice can only ever describe one feed item.
 * Before every publish the feed is checked: Apple's required tags, the artwork measured from its
 * bytes, and the enclosure readable from storage at the length the feed will announce.
 */
export class BuiltinHost implements PodcastHost {
  readonly kind = 'builtin' as const;
  private readonly deps: { feeds: FeedService; feedCheck: FeedCheckService; storage: StoragePort };
  constructor(deps: { feeds: FeedService; feedCheck: FeedCheckService; storage: StoragePort }) {
    this.deps = deps;
  }

  async check({ podcast, episode, publishAt, now }: HostEpisodeRequest): Promise<void> {
    if (!episode.finalAudioKey) throw new PublishRejected(PUBLISH_MESSAGES.assembledRequired);
    const item = await this.deps.feeds.feedEpisode(podcast, episode);
    if (!item) throw new PublishRejected(PUBLISH_MESSAGES.assembledRequired);
    // The show's part is the feed check My Podcasts and the Episode Creator show.
    const problems = [
      ...(await this.deps.feedCheck.showProblems(podcast)),
      ...validateEpisodeForFeed(this.deps.feeds.feedShow(podcast), { ...item, publish_at: publishAt ?? now, visibility: 'public' }),
    ];
    if (hasBlockingProblem(problems)) throw new PublishRejected(describeProblems(problems));
    await this.assertEnclosureReadable(episode.finalAudioKey, item.enclosure.length);
  }

  private async assertEnclosureReadable(key: string, announcedLength: number): Promise<void> {
    const info = await this.deps.storage.stat(key);
    if (!info || info.size === 0 || info.size !== announcedLength) throw new PublishRejected(PUBLISH_MESSAGES.enclosureUnreachable);
    // Read the first bytes the way a player's probe does: a range of the stored file.
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of this.deps.storage.read(key, { start: 0, end: Math.min(1, info.size - 1) })) chunks.push(chunk as Buffer);
    } catch {
      throw new PublishRejected(PUBLISH_MESSAGES.enclosureUnreachable);
    }
    if (Buffer.concat(chunks).length === 0) throw new PublishRejected(PUBLISH_MESSAGES.enclosureUnreachable);
  }

  async findUpload(): Promise<string | null> {
    return null;
  }

  async upload({ episode }: HostEpisodeRequest): Promise<string> {
    return episode.id;
  }

  async finalize(): Promise<void> {}

  /** The feed reads visibility from the episode row: nothing to send anywhere. */
  async setVisibility(): Promise<void> {}

  async remove(): Promise<void> {}
}

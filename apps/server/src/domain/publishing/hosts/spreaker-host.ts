import { openAsBlob } from 'node:fs';
import { PODCAST_LIMITS, PUBLISH_MESSAGES, ZVisibility, type TVisibility } from '@ppp/contracts';
import { SpreakerError, spreakerPublishFields, type SpreakerClient } from '../../../adapters/spreaker/index.ts';
import type { StoragePort } from '../../storage/storage.ts';
import type { Podcast } from '../../podcasts/podcast.entity.ts';
import { extensionOf, tagsOf } from '../feed.service.ts';
import { PublishRejected, type HostEpisodeRequest, type PodcastHost } from './host.ts';

/**
 * Spreaker as the host. Spreaker has no idempotency key, so the upload carries the episode's token as
 * one extra tag ('ppp-<token>'). A retry after a crash between the upload and recording its id
 * finds that episode (same title in the show, token tag present) instead of uploading a second copy;
 * once the id is recorded the tag is replaced by the episode's real tags.
 */
export function tokenTag(token: string): string {
  return `ppp-${token}`;
}

export class SpreakerHost implements PodcastHost {
  readonly kind = 'spreaker' as const;
  private readonly deps: { storage: StoragePort; clientFor: (userId: string) => Promise<SpreakerClient> };
  constructor(deps: { storage: StoragePort; clientFor: (userId: string) => Promise<SpreakerClient> }) {
    this.deps = deps;
  }

  private showId(podcast: Podcast): number {
    if (!podcast.spreakerShowId || !/^\d+$/.test(podcast.spreakerShowId)) {
      throw new PublishRejected('Link this show to a Spreaker show first.');
    }
    return Number(podcast.spreakerShowId);
  }

  private client(podcast: Podcast): Promise<SpreakerClient> {
    return this.deps.clientFor(typeof podcast.user === 'string' ? podcast.user : podcast.user.id);
  }

  async check({ podcast, episode }: HostEpisodeRequest): Promise<void> {
    this.showId(podcast);
    if (!episode.finalAudioKey || !(await this.deps.storage.stat(episode.finalAudioKey))) {
      throw new PublishRejected(PUBLISH_MESSAGES.assembledRequired);
    }
    const tags = tagsOf(episode);
    if (tags.length > PODCAST_LIMITS.maxTags || tags.some((t) => t.length > PODCAST_LIMITS.maxTagLength)) {
      throw new PublishRejected(`At most ${PODCAST_LIMITS.maxTags} tags, each at most ${PODCAST_LIMITS.maxTagLength} characters.`);
    }
  }

  async findUpload({ podcast, episode, token }: HostEpisodeRequest): Promise<string | null> {
    const client = await this.client(podcast);
    const candidates = (await client.showEpisodes(this.showId(podcast))).filter((e) => e.title === episode.title.slice(0, 255));
    for (const candidate of candidates) {
      const full = candidate.tags ? candidate : await client.episode(candidate.episode_id);
      if (full.tags?.includes(tokenTag(token))) return String(full.episode_id);
    }
    return null;
  }

  async upload({ podcast, episode, token, publishAt, now }: HostEpisodeRequest): Promise<string> {
    const client = await this.client(podcast);
    const visibility = ZVisibility.catch('public').parse(episode.visibility);
    const local = await this.deps.storage.localPath(episode.finalAudioKey!);
    try {
      const uploaded = await client.uploadEpisode(this.showId(podcast), {
        title: episode.title.slice(0, 255),
        description: episode.description,
        tags: [...tagsOf(episode).slice(0, PODCAST_LIMITS.maxTags - 1), tokenTag(token)],
        explicit: episode.explicit,
        ...spreakerPublishFields(visibility, publishAt, now),
        media: await openAsBlob(local.path),
        filename: `${episode.id}.${extensionOf(episode.finalAudioKey!)}`,
      });
      return String(uploaded.episode_id);
    } finally {
      await local.release();
    }
  }

  async finalize({ podcast, episode }: HostEpisodeRequest, hostEpisodeId: string): Promise<void> {
    const client = await this.client(podcast);
    await client.updateEpisode(Number(hostEpisodeId), { tags: tagsOf(episode) });
  }

  async setVisibility(podcast: Podcast, hostEpisodeId: string, visibility: TVisibility): Promise<void> {
    const client = await this.client(podcast);
    await client.updateEpisode(Number(hostEpisodeId), { hidden: visibility !== 'public' });
  }

  async remove(podcast: Podcast, hostEpisodeId: string): Promise<void> {
    const client = await this.client(podcast);
    try {
      await client.deleteEpisode(Number(hostEpisodeId));
    } catch (error) {
      if (error instanceof SpreakerError && error.kind === 'not_found') return;
      throw error;
    }
  }
}

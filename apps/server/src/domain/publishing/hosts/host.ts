import type { TVisibility } from '@ppp/contracts';
import type { Episode } from '../../episodes/episode.entity.ts';
import type { Podcast } from '../../podcasts/podcast.entity.ts';

export type HostKind = 'builtin' | 'spreaker';

/** A publish the host refused or can never accept as it is: recorded as publish_error, not retried. */
export class PublishRejected extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PublishRejected';
  }
}

export interface HostEpisodeRequest {
  podcast: Podcast;
  episode: Episode;
  /** The idempotency token saved on the episode before the host is called. */
  token: string;
  /** Future time when scheduling; null publishes now. */
  publishAt: Date | null;
  now: Date;
}

/**
 * Where episodes go: the built-in host (our own feed) or Spreaker. Every call is safe to repeat:
 * upload() is only made after findUpload() found nothing under the same token.
 */
export interface PodcastHost {
  readonly kind: HostKind;
  /** Throws PublishRejected with a clear message when the episode cannot be published as it is. */
  check(request: HostEpisodeRequest): Promise<void>;
  /** An upload made earlier under this token (a crash after uploading); null when there is none. */
  findUpload(request: HostEpisodeRequest): Promise<string | null>;
  /** Sends the episode; returns the host's episode id. */
  upload(request: HostEpisodeRequest): Promise<string>;
  /** After the id is recorded: tidy what the token needed on the host. */
  finalize(request: HostEpisodeRequest, hostEpisodeId: string): Promise<void>;
  /** Changes a live episode's visibility on the host. */
  setVisibility(podcast: Podcast, hostEpisodeId: string, visibility: TVisibility): Promise<void>;
  /** Takes the episode off the host (unpublish); a missing one is fine. */
  remove(podcast: Podcast, hostEpisodeId: string): Promise<void>;
}

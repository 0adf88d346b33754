import type { Podcast } from '../../podcasts/podcast.entity.ts';
import type { HostKind, PodcastHost } from './host.ts';

/** The hosts of this installation; a show uses the built-in one unless it is linked to Spreaker. */
export class HostRegistry {
  private readonly hosts: Record<HostKind, PodcastHost>;
  constructor(hosts: Record<HostKind, PodcastHost>) {
    this.hosts = hosts;
  }

  forShow(podcast: Pick<Podcast, 'hostKind' | 'spreakerShowId'>): PodcastHost {
    return podcast.hostKind === 'spreaker' && podcast.spreakerShowId ? this.hosts.spreaker : this.hosts.builtin;
  }

  byKind(kind: string | null | undefined): PodcastHost {
    return kind === 'spreaker' ? this.hosts.spreaker : this.hosts.builtin;
  }
}

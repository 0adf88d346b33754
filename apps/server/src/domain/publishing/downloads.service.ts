import type { Episode } from '../episodes/episode.entity.ts';
import { shouldCountDownload, type DownloadRequest } from './feed/index.ts';
import type { PublishingRepository } from './publishing.repository.ts';

/** Counts built-in host downloads: one per listener per episode per UTC day, probes and bots ignored. */
export class DownloadsService {
  private readonly repository: PublishingRepository;
  constructor(repository: PublishingRepository) {
    this.repository = repository;
  }

  /** Records the request if it counts; returns whether a new download was counted. */
  async record(
    episode: Pick<Episode, 'id' | 'durationMs'> & { podcast: { id: string } },
    request: Omit<DownloadRequest, 'episodeId' | 'durationS'>,
  ): Promise<boolean> {
    const decision = shouldCountDownload({
      ...request,
      episodeId: episode.id,
      durationS: episode.durationMs ? episode.durationMs / 1000 : null,
    });
    if (!decision.count) return false;
    return this.repository.recordDownload({
      episodeId: episode.id,
      podcastId: episode.podcast.id,
      dedupeKey: decision.dedupeKey,
      day: decision.day,
      at: request.now,
    });
  }
}

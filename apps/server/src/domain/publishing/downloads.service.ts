import type { EntityManager } from '@mikro-orm/postgresql';
import type { Episode } from '../episodes/episode.entity.ts';
import { shouldCountDownload, type DownloadRequest } from './feed/index.ts';

/** Counts built-in host downloads: one per listener per episode per UTC day, probes and bots ignored. */
export class DownloadsService {
  private readonly em: EntityManager;
  constructor(em: EntityManager) {
    this.em = em;
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
    const connection = this.em.getConnection();
    // The unique dedupe key makes the insert the check: a repeat of the same listener and day inserts nothing.
    const inserted = await connection.execute<{ id: string }[]>(
      `insert into episode_downloads (id, episode_id, podcast_id, dedupe_key, day, created_at)
       values (gen_random_uuid(), ?, ?, ?, ?, ?) on conflict (dedupe_key) do nothing returning id`,
      [episode.id, episode.podcast.id, decision.dedupeKey, decision.day, request.now],
    );
    if (inserted.length === 0) return false;
    await connection.execute('update episodes set plays_total = plays_total + 1 where id = ?', [episode.id]);
    return true;
  }
}

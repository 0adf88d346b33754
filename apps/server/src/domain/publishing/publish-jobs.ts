import type { EntityManager } from '@mikro-orm/postgresql';
import { jobsTableExists, liveJobExists, liveStateSql } from '../jobs/live-jobs.ts';

/**
 * How long an episode marked 'queued' is left alone before a later run may take it again when no
 * publish.episode job exists for it: the run that marked it died before sending its job (a marked
 * episode whose job was sent is never taken again while that job lives).
 */
export const PUBLISH_MARK_LEASE_MS = 2 * 60_000;

/**
 * A SQL condition (on a statement over `episodes`) that is true when no live publish.episode job is
 * queued for the row's episode; 'true' when pg-boss has never started (then there is none).
 */
export async function noLivePublishJobSql(em: EntityManager): Promise<string> {
  if (!(await jobsTableExists(em))) return 'true';
  return `not exists (select 1 from pgboss.job j where j.name = 'publish.episode' and j.data->>'episode_id' = episodes.id::text
    and ${liveStateSql('j')})`;
}

/** Whether a publish.episode job for the episode is waiting, running or due for a retry. */
export function publishJobPending(em: EntityManager, episodeId: string): Promise<boolean> {
  return liveJobExists(em, 'publish.episode', 'episode_id', episodeId);
}

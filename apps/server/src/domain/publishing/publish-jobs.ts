import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * How long an episode marked 'queued' is left alone before a later run may take it again when no
 * publish.episode job exists for it: the run that marked it died before sending its job (a marked
 * episode whose job was sent is never taken again while that job lives).
 */
export const PUBLISH_MARK_LEASE_MS = 2 * 60_000;

/** pg-boss states of a job that still runs, or will. */
const LIVE_STATES = ['created', 'retry', 'active'];

/** Whether pg-boss's table exists yet (pg-boss creates it when it first starts). */
async function jobsTableExists(em: EntityManager): Promise<boolean> {
  const [row] = await em.getConnection().execute<{ ok: boolean }[]>(`select to_regclass('pgboss.job') is not null as ok`);
  return row?.ok === true;
}

/**
 * A SQL condition (on a statement over `episodes`) that is true when no live publish.episode job is
 * queued for the row's episode; 'true' when pg-boss has never started (then there is none).
 */
export async function noLivePublishJobSql(em: EntityManager): Promise<string> {
  if (!(await jobsTableExists(em))) return 'true';
  return `not exists (select 1 from pgboss.job j where j.name = 'publish.episode' and j.data->>'episode_id' = episodes.id::text
    and j.state::text in (${LIVE_STATES.map((s) => `'${s}'`).join(', ')}))`;
}

/** Whether a publish.episode job for the episode is waiting, running or due for a retry. */
export async function publishJobPending(em: EntityManager, episodeId: string): Promise<boolean> {
  const none = await noLivePublishJobSql(em);
  const [row] = await em.getConnection().execute<{ ok: boolean }[]>(`select not (${none}) as ok from episodes where id = ?`, [episodeId]);
  return row?.ok === true;
}

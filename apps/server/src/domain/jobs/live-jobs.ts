import type { EntityManager } from '@mikro-orm/postgresql';
import type { TJobName } from '@ppp/contracts';

/** pg-boss states of a job that still runs, or will. */
export const LIVE_JOB_STATES = ['created', 'retry', 'active'] as const;

/** `state in (...)` for a pg-boss job table alias. */
export const liveStateSql = (alias: string) => `${alias}.state::text in (${LIVE_JOB_STATES.map((s) => `'${s}'`).join(', ')})`;

/** Whether pg-boss's table exists yet (pg-boss creates it when it first starts). */
export async function jobsTableExists(em: EntityManager): Promise<boolean> {
  const [row] = await em.getConnection().execute<{ ok: boolean }[]>(`select to_regclass('pgboss.job') is not null as ok`);
  return row?.ok === true;
}

/** Whether a job of `name` whose payload has `field` = `value` is waiting, running or due for a retry. */
export async function liveJobExists(em: EntityManager, name: TJobName, field: string, value: string): Promise<boolean> {
  if (!(await jobsTableExists(em))) return false;
  const [row] = await em
    .getConnection()
    .execute<{ ok: boolean }[]>(
      `select exists (select 1 from pgboss.job j where j.name = ? and j.data->>? = ? and ${liveStateSql('j')}) as ok`,
      [name, field, value],
    );
  return row?.ok === true;
}

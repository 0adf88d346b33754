import { readFile, writeFile } from 'node:fs/promises';
import type pg from 'pg';
import { PgBoss, type JobInsert } from 'pg-boss';
import { z } from 'zod';

const PGBOSS_SCHEMA = 'pgboss';

/** A job that was still to run when the backup was taken (waiting, retrying or running). */
const ZWaitingJob = z.object({
  id: z.string(),
  name: z.string(),
  data: z.record(z.string(), z.unknown()).nullable(),
  priority: z.number(),
  retryLimit: z.number(),
  retryDelay: z.number(),
  retryBackoff: z.boolean(),
  startAfter: z.string(),
  singletonKey: z.string().nullable(),
  expireInSeconds: z.number(),
  heartbeatSeconds: z.number().nullable(),
});
type WaitingJob = z.infer<typeof ZWaitingJob>;

/**
 * The jobs still to run (a scheduled publish waits in pg-boss until its time), read in the caller's
 * snapshot transaction. Finished and failed jobs are history and stay behind.
 */
export async function dumpWaitingJobs(client: pg.ClientBase, file: string): Promise<number> {
  const exists = await client.query(`select 1 from information_schema.tables where table_schema = $1 and table_name = 'job'`, [
    PGBOSS_SCHEMA,
  ]);
  const jobs: WaitingJob[] = [];
  if (exists.rowCount) {
    const { rows } = await client.query<WaitingJob>(
      `select id::text, name, data, priority, retry_limit as "retryLimit", retry_delay as "retryDelay",
              retry_backoff as "retryBackoff", to_json(start_after)#>>'{}' as "startAfter", singleton_key as "singletonKey",
              expire_seconds as "expireInSeconds", heartbeat_seconds as "heartbeatSeconds"
         from ${PGBOSS_SCHEMA}.job where state in ('created', 'retry', 'active') order by created_on`,
    );
    jobs.push(...rows);
  }
  await writeFile(file, JSON.stringify(jobs));
  return jobs.length;
}

/** Queues the backed-up jobs again through pg-boss itself (same ids, data, timing and options); a running one runs again. */
export async function restoreWaitingJobs(databaseUrl: string, file: string): Promise<number> {
  const jobs = z.array(ZWaitingJob).parse(JSON.parse(await readFile(file, 'utf8')));
  if (jobs.length === 0) return 0;
  const boss = new PgBoss({ connectionString: databaseUrl, max: 2, supervise: false, schedule: false });
  boss.on('error', () => undefined);
  await boss.start();
  try {
    for (const name of new Set(jobs.map((job) => job.name))) {
      if (!(await boss.getQueue(name))) await boss.createQueue(name);
      const inserts: JobInsert[] = jobs
        .filter((job) => job.name === name)
        .map((job) => ({
          id: job.id,
          data: job.data ?? {},
          priority: job.priority,
          retryLimit: job.retryLimit,
          retryDelay: job.retryDelay,
          retryBackoff: job.retryBackoff,
          startAfter: job.startAfter,
          expireInSeconds: job.expireInSeconds,
          ...(job.singletonKey ? { singletonKey: job.singletonKey } : {}),
          ...(job.heartbeatSeconds ? { heartbeatSeconds: job.heartbeatSeconds } : {}),
        }));
      await boss.insert(name, inserts);
    }
  } finally {
    await boss.stop({ graceful: false });
  }
  return jobs.length;
}

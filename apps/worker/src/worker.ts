import { PgBoss } from 'pg-boss';
import type { MikroORM } from '@mikro-orm/postgresql';
import { JOBS, JOB_SCHEDULES, type TJobName } from '@ppp/contracts';
import { createServices, type SharedDeps } from '@ppp/server/domain';
import { JOB_DEFINITIONS } from './jobs/index.ts';
import type { JobDefinition } from './jobs/job.ts';

export interface Worker {
  boss: PgBoss;
  stop(): Promise<void>;
}

/** Starts pg-boss, creates the queues, registers one handler per queue and the recurring schedules. */
export async function startWorker(options: {
  orm: MikroORM;
  shared: SharedDeps;
  databaseUrl: string;
  concurrency: number;
  log: (msg: string) => void;
}): Promise<Worker> {
  const { orm, shared, log } = options;
  const boss = new PgBoss({ connectionString: options.databaseUrl, max: options.concurrency + 2 });
  // Poll every half second (pg-boss's floor) so short jobs finish promptly.
  const pollingIntervalSeconds = 0.5;
  boss.on('error', (err) => log(`pg-boss: ${err instanceof Error ? err.message : String(err)}`));
  await boss.start();
  for (const name of Object.keys(JOB_DEFINITIONS) as TJobName[]) {
    const def = JOB_DEFINITIONS[name] as JobDefinition<TJobName>;
    await boss.createQueue(name, {
      retryLimit: def.retryLimit,
      retryBackoff: def.retryBackoff,
      expireInSeconds: def.expireInSeconds,
    });
    await boss.work(name, { localConcurrency: options.concurrency, pollingIntervalSeconds }, async (jobs) => {
      for (const job of jobs) {
        const payload = JOBS[name].parse(job.data ?? {});
        const em = orm.em.fork();
        await def.handle(payload, { em, services: createServices(em, shared), log });
      }
    });
    const cron = JOB_SCHEDULES[name];
    if (cron) await boss.schedule(name, cron, {});
  }
  return {
    boss,
    async stop() {
      await boss.stop({ graceful: true, timeout: 30_000 });
    },
  };
}

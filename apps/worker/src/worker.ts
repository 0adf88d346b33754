import { PgBoss } from 'pg-boss';
import type { MikroORM } from '@mikro-orm/postgresql';
import { JOBS, JOB_QUEUE_POLICIES, JOB_SCHEDULES, type TJobName } from '@ppp/contracts';
import { createServices, PgBossJobQueue, storageFor, type SharedDeps } from '@ppp/server/domain';
import { JOB_DEFINITIONS } from './jobs/index.ts';
import type { JobDefinition } from './jobs/job.ts';

const MONITOR_SECONDS = 15;

export interface Worker {
  boss: PgBoss;
  stop(): Promise<void>;
}

/** Starts pg-boss, creates the queues, registers one handler per queue and the recurring schedules. */
export async function startWorker(options: {
  orm: MikroORM;
  /** The worker's own pg-boss becomes the job queue its handlers enqueue follow-ups on; storage defaults to the one the configuration names (storageFor). */
  shared: Omit<SharedDeps, 'jobs' | 'storage'> & Partial<Pick<SharedDeps, 'storage'>>;
  databaseUrl: string;
  concurrency: number;
  log: (msg: string) => void;
}): Promise<Worker> {
  const { orm, log } = options;
  // The monitor that fails jobs whose heartbeat stopped runs this often, so a dead run is retried promptly.
  const boss = new PgBoss({
    connectionString: options.databaseUrl,
    max: options.concurrency + 2,
    superviseIntervalSeconds: MONITOR_SECONDS,
    monitorIntervalSeconds: MONITOR_SECONDS,
  });
  const shared: SharedDeps = {
    ...options.shared,
    storage: options.shared.storage ?? storageFor(options.shared.config),
    jobs: new PgBossJobQueue({ boss }),
  };
  // Poll every half second (pg-boss's floor) so short jobs finish promptly.
  const pollingIntervalSeconds = 0.5;
  boss.on('error', (err) => log(`pg-boss: ${err instanceof Error ? err.message : String(err)}`));
  await boss.start();
  for (const name of Object.keys(JOB_DEFINITIONS) as TJobName[]) {
    const def = JOB_DEFINITIONS[name] as JobDefinition<TJobName>;
    const queueOptions = {
      retryLimit: def.retryLimit,
      retryBackoff: def.retryBackoff,
      expireInSeconds: def.expireInSeconds,
      ...(def.retryDelay ? { retryDelay: def.retryDelay } : {}),
      ...(def.heartbeatSeconds ? { heartbeatSeconds: def.heartbeatSeconds } : {}),
    };
    const policy = JOB_QUEUE_POLICIES[name];
    await boss.createQueue(name, { ...queueOptions, ...(policy ? { policy } : {}) });
    // A server may have created the queue first (on its first send) with the defaults.
    await boss.updateQueue(name, queueOptions);
    await boss.work(name, { localConcurrency: options.concurrency, pollingIntervalSeconds, includeMetadata: true }, async (jobs) => {
      for (const job of jobs) {
        const payload = JOBS[name].parse(job.data ?? {});
        const em = orm.em.fork();
        const attempt = { retryCount: job.retryCount, retryLimit: job.retryLimit };
        await def.handle(payload, { em, services: createServices(em, shared), log, attempt, signal: job.signal });
      }
    });
    const cron = JOB_SCHEDULES[name];
    if (cron) await boss.schedule(name, cron, {});
  }
  // A recurring job this version no longer has (assembly.publish-sweep) stops being sent.
  for (const schedule of await boss.getSchedules()) {
    if (!Object.hasOwn(JOB_DEFINITIONS, schedule.name)) await boss.unschedule(schedule.name);
  }
  return {
    boss,
    async stop() {
      await boss.stop({ graceful: true, timeout: 30_000 });
    },
  };
}

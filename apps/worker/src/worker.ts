import { setTimeout as sleep } from 'node:timers/promises';
import { PgBoss } from 'pg-boss';
import type { MikroORM } from '@mikro-orm/postgresql';
import { JOBS, JOB_QUEUE_POLICIES, JOB_SCHEDULES, type TJobName } from '@ppp/contracts';
import { WORKER_SETTLE_MS } from '@ppp/server/config';
import { createServices, PgBossJobQueue, storageFor, type SharedDeps } from '@ppp/server/domain';
import { JOB_DEFINITIONS } from './jobs/index.ts';
import type { JobDefinition } from './jobs/job.ts';

const MONITOR_SECONDS = 15;

export interface Worker {
  boss: PgBoss;
  stop(): Promise<void>;
}

export interface WorkerOptions {
  orm: MikroORM;
  /** The worker's own pg-boss becomes the job queue its handlers enqueue follow-ups on; storage defaults to the one the configuration names (storageFor). */
  shared: Omit<SharedDeps, 'jobs' | 'storage'> & Partial<Pick<SharedDeps, 'storage'>>;
  databaseUrl: string;
  concurrency: number;
  log: (msg: string) => void;
  /** Each failed attempt of a job, with its cause (issue 35); `log` when absent. */
  warn?: (msg: string) => void;
}

/** Starts pg-boss, creates the queues, registers one handler per queue and the recurring schedules. */
export async function startWorker(options: WorkerOptions): Promise<Worker> {
  const { log } = options;
  const boss = createBoss(options);
  const shared: SharedDeps = {
    ...options.shared,
    storage: options.shared.storage ?? storageFor(options.shared.config),
    jobs: new PgBossJobQueue({ boss }),
  };
  // The handlers running now: a stop waits for the ones it aborted to settle (ffmpeg killed, work folders removed).
  const running = new Set<Promise<unknown>>();
  await boss.start();
  for (const name of Object.keys(JOB_DEFINITIONS) as TJobName[]) await registerQueue(boss, name, { options, shared, running });
  // A recurring job this version no longer has (assembly.publish-sweep) stops being sent.
  for (const schedule of await boss.getSchedules()) {
    if (!Object.hasOwn(JOB_DEFINITIONS, schedule.name)) await boss.unschedule(schedule.name);
  }
  return {
    boss,
    /**
     * Takes no new jobs and lets the running ones finish for WORKER_STOP_GRACE_MS; pg-boss then fails
     * what is still running (retried a few seconds after the next start) and aborts its signal, which
     * kills its ffmpeg. Returns once those handlers have settled (at most WORKER_SETTLE_MS more).
     */
    async stop() {
      // The pool stays open until the aborted handlers settled: pg-boss still settles their batches on it.
      await boss.stop({ graceful: true, timeout: options.shared.config.WORKER_STOP_GRACE_MS, close: false });
      if (running.size > 0) {
        log(`stop: ${running.size} job(s) aborted; waiting for them to settle`);
        await Promise.race([Promise.allSettled([...running]), sleep(WORKER_SETTLE_MS, undefined, { ref: false })]);
      }
      await boss.stop({ close: true });
    },
  };
}

/** The worker's pg-boss, its failures logged. */
function createBoss(options: WorkerOptions): PgBoss {
  // The monitor that fails jobs whose heartbeat stopped runs this often, so a dead run is retried promptly.
  const boss = new PgBoss({
    connectionString: options.databaseUrl,
    max: options.concurrency + 2,
    superviseIntervalSeconds: MONITOR_SECONDS,
    monitorIntervalSeconds: MONITOR_SECONDS,
  });
  // pg-boss reports some failures as plain objects carrying the error's message (and the queue's name).
  boss.on('error', (err: unknown) => {
    const { message, queue } = (typeof err === 'object' && err !== null ? err : { message: String(err) }) as {
      message?: unknown;
      queue?: unknown;
    };
    options.log(`pg-boss${typeof queue === 'string' ? ` (${queue})` : ''}: ${String(message)}`);
  });
  return boss;
}

interface QueueContext {
  options: WorkerOptions;
  shared: SharedDeps;
  running: Set<Promise<unknown>>;
}

/** Creates (or updates) one queue with its definition's options, works it, and schedules it when it recurs. */
async function registerQueue(boss: PgBoss, name: TJobName, ctx: QueueContext): Promise<void> {
  const def = JOB_DEFINITIONS[name] as JobDefinition<TJobName>;
  const queueOptions = {
    retryLimit: def.retryLimit,
    retryBackoff: def.retryBackoff,
    expireInSeconds: def.expireInSeconds,
    ...(def.retryDelay ? { retryDelay: def.retryDelay } : {}),
    ...(def.retryDelayMax ? { retryDelayMax: def.retryDelayMax } : {}),
    ...(def.heartbeatSeconds ? { heartbeatSeconds: def.heartbeatSeconds } : {}),
  };
  const policy = JOB_QUEUE_POLICIES[name];
  await boss.createQueue(name, { ...queueOptions, ...(policy ? { policy } : {}) });
  // A server may have created the queue first (on its first send) with the defaults.
  await boss.updateQueue(name, queueOptions);
  const { orm, log, concurrency } = ctx.options;
  // Poll every half second (pg-boss's floor) so short jobs finish promptly.
  await boss.work(name, { localConcurrency: concurrency, pollingIntervalSeconds: 0.5, includeMetadata: true }, async (jobs) => {
    for (const job of jobs) {
      const payload = JOBS[name].parse(job.data ?? {});
      const em = orm.em.fork();
      const attempt = { retryCount: job.retryCount, retryLimit: job.retryLimit };
      const run = def.handle(payload, { services: createServices(em, ctx.shared), log, attempt, signal: job.signal });
      ctx.running.add(run);
      try {
        await run;
      } catch (error) {
        const cause = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
        const left = job.retryLimit - job.retryCount;
        (ctx.options.warn ?? log)(
          `${name} ${job.id}: attempt ${job.retryCount + 1} failed (${cause}); ${left > 0 ? `${left} retries left` : 'no retry left'}`,
        );
        throw error;
      } finally {
        ctx.running.delete(run);
      }
    }
  });
  const cron = JOB_SCHEDULES[name];
  if (cron) await boss.schedule(name, cron, {});
}

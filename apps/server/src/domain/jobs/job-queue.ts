import type { EntityManager } from '@mikro-orm/postgresql';
import { PgBoss } from 'pg-boss';
import { JOBS, JOB_QUEUE_POLICIES, type TJobName, type TJobPayload } from '@ppp/contracts';
import { transactionDb } from './transaction-db.ts';

export interface SendOptions {
  /** A queued or active job with the same key is not queued twice. */
  singletonKey?: string;
  /** Run no earlier than this (a scheduled publish); the job waits in PostgreSQL, so a restart keeps it. */
  startAfter?: Date;
  /** Fetched before every job of lower priority, however long that one has waited (the plans' priority queue). */
  priority?: number;
  /** Whose job it is (a user's id), for fair queues: see waitingInGroup. */
  group?: string;
  /** Queued in this entity manager's open transaction: the job exists once it commits, never if it rolls back. */
  transaction?: EntityManager;
}

/** How services queue background work; the worker consumes it. */
export interface JobQueue {
  send<N extends TJobName>(name: N, payload: TJobPayload<N>, options?: SendOptions): Promise<string | null>;
  close(): Promise<void>;
  /** Cancels the queue's jobs that wait to run (created or retry); answers how many. Absent where jobs cannot be managed. */
  cancelQueued?(name: string): Promise<number>;
  /** Puts one failed job back to run again; false when it is not a failed job of that queue. */
  retryFailed?(name: string, id: string): Promise<boolean>;
  /** How many jobs sent with this group wait in the queue to run now (created or retry, not scheduled later). Absent where jobs cannot be counted. */
  waitingInGroup?(name: string, group: string): Promise<number>;
}

/**
 * pg-boss on the application database. A server starts its own instance on the first send (no
 * maintenance or cron there: the worker runs those); the worker passes its started one. Queues are
 * created on first use, which is idempotent; the worker sets their retry options.
 */
export class PgBossJobQueue implements JobQueue {
  private boss: Promise<PgBoss> | null;
  private readonly connectionString: string | null;
  private readonly owned: boolean;
  private readonly created = new Set<string>();

  constructor(source: { boss: PgBoss } | { connectionString: string }) {
    this.boss = 'boss' in source ? Promise.resolve(source.boss) : null;
    this.connectionString = 'connectionString' in source ? source.connectionString : null;
    this.owned = !('boss' in source);
  }

  private instance(): Promise<PgBoss> {
    if (!this.boss) {
      const boss = new PgBoss({ connectionString: this.connectionString ?? '', max: 2, supervise: false, schedule: false });
      boss.on('error', () => undefined);
      this.boss = boss.start();
    }
    return this.boss;
  }

  async send<N extends TJobName>(name: N, payload: TJobPayload<N>, options: SendOptions = {}): Promise<string | null> {
    const data = JOBS[name].parse(payload) as object;
    const boss = await this.instance();
    if (!this.created.has(name)) {
      const policy = JOB_QUEUE_POLICIES[name];
      await boss.createQueue(name, policy ? { policy } : {});
      this.created.add(name);
    }
    return boss.send(name, data, {
      ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
      ...(options.startAfter ? { startAfter: options.startAfter } : {}),
      ...(options.priority ? { priority: options.priority } : {}),
      ...(options.group ? { group: { id: options.group } } : {}),
      ...(options.transaction ? { db: transactionDb(options.transaction) } : {}),
    });
  }

  async cancelQueued(name: string): Promise<number> {
    const boss = await this.instance();
    const waiting = await boss.findJobs(name, { queued: true });
    const ids = waiting.filter((j) => j.state === 'created' || j.state === 'retry').map((j) => j.id);
    if (!ids.length) return 0;
    await boss.cancel(name, ids);
    return ids.length;
  }

  async waitingInGroup(name: string, group: string): Promise<number> {
    const boss = await this.instance();
    const rows = (await boss
      .getDb()
      .executeSql(
        `select count(*)::int as n from pgboss.job where name = $1 and group_id = $2 and state in ('created', 'retry') and start_after <= now()`,
        [name, group],
      )) as { rows: { n: number }[] };
    return rows.rows[0]?.n ?? 0;
  }

  async retryFailed(name: string, id: string): Promise<boolean> {
    const boss = await this.instance();
    const [job] = await boss.findJobs(name, { id });
    if (job?.state !== 'failed') return false;
    await boss.retry(name, id);
    return true;
  }

  async close(): Promise<void> {
    if (!this.owned || !this.boss) return;
    const boss = await this.boss;
    this.boss = null;
    await boss.stop({ graceful: false, timeout: 5_000 });
  }
}

/** For processes that never enqueue: sending is a programming error there. */
export const noJobQueue: JobQueue = {
  send: async (name) => {
    throw new Error(`No job queue configured; cannot send ${name}`);
  },
  close: async () => undefined,
};

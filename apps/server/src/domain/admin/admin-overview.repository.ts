import { z } from 'zod';
import type { TAdminFailedJob, TAdminQueueCounts, TAdminSummary } from '@ppp/contracts';
import { Repository } from '../../db/repository.ts';
import type { User } from '../users/user.entity.ts';
import { AdminAuditEntrySchema } from './admin-audit-entry.entity.ts';
import type { TDbRow } from './admin-db.repository.ts';

const ZCount = z.coerce.number().int();
const ZSummaryRow = z.object({ users: ZCount, episodes: ZCount, published_episodes: ZCount, podcasts: ZCount, templates: ZCount });
const ZQueueRow = z.object({ name: z.string(), state: z.string(), count: ZCount });
const ZFailedRow = z.object({
  id: z.string(),
  queue: z.string(),
  output: z.unknown(),
  failed_at: z.coerce.date().nullable(),
  retries: ZCount,
});
const ZJobError = z.union([z.object({ message: z.string() }).transform((e) => e.message), z.string()]).catch('No error recorded');
const ZSeenRow = z.object({ seen: z.coerce.date().nullable() });

/** The instance-wide counts of the admin overview: every user's rows, so only admin services use it. */
export class AdminOverviewRepository extends Repository {
  private async rows(sql: string, params: unknown[] = []): Promise<unknown[]> {
    return this.em.getConnection().execute(sql, params);
  }

  async summary(): Promise<TAdminSummary> {
    const [row] = await this.rows(
      `select (select count(*) from users) as users,
              (select count(*) from episodes) as episodes,
              (select count(*) from episodes where status = 'published') as published_episodes,
              (select count(*) from podcasts) as podcasts,
              (select count(*) from templates) as templates`,
    );
    return ZSummaryRow.parse(row);
  }

  async episodesCreatedSince(since: Date): Promise<number> {
    const [row] = await this.rows('select count(*) as count from episodes where created_at >= ?', [since]);
    return z.object({ count: ZCount }).parse(row).count;
  }

  async databaseAnswers(): Promise<boolean> {
    try {
      await this.rows('select 1');
      return true;
    } catch {
      return false;
    }
  }

  /** pg-boss's schema exists once a job was queued or a worker started. */
  private async hasJobSchema(): Promise<boolean> {
    const [row] = await this.rows(`select to_regclass('pgboss.job') is not null as present`);
    return z.object({ present: z.boolean() }).parse(row).present;
  }

  /** Queued (created or retry), active and failed jobs per queue, every known queue listed but pg-boss's own (`__pgboss__…`). */
  async queueCounts(): Promise<TAdminQueueCounts[]> {
    if (!(await this.hasJobSchema())) return [];
    const queues = z
      .array(z.object({ name: z.string() }))
      .parse(await this.rows(`select name from pgboss.queue where not starts_with(name, '__pgboss__') order by name`));
    const states = z
      .array(ZQueueRow)
      .parse(
        await this.rows(
          `select name, state::text as state, count(*) as count from pgboss.job where state in ('created', 'retry', 'active', 'failed') group by 1, 2`,
        ),
      );
    return queues.map(({ name }) => {
      const of = (...wanted: string[]) =>
        states.filter((s) => s.name === name && wanted.includes(s.state)).reduce((n, s) => n + s.count, 0);
      return { name, queued: of('created', 'retry'), active: of('active'), failed: of('failed') };
    });
  }

  /** The worker's last sign of life: pg-boss's queue maintenance (run by the worker only) or the latest job it started. */
  async workerLastSeen(): Promise<Date | null> {
    if (!(await this.hasJobSchema())) return null;
    const [row] = await this.rows(
      `select greatest((select max(greatest(maintain_on, monitor_on)) from pgboss.queue),
                       (select max(started_on) from pgboss.job)) as seen`,
    );
    return ZSeenRow.parse(row).seen;
  }

  /**
   * The queue's queued jobs (created or retry, as Kill queue cancels them) and the creators they
   * belong to, told by the row each payload names (an upload, an episode, an RSS import).
   */
  async queuedOwners(name: string): Promise<{ jobs: number; users: number }> {
    const [row] = await this.rows(
      `select count(*) as jobs, count(distinct coalesce(m.user_id, e.user_id, r.user_id)) as users
         from pgboss.job j
         left join media_items m on m.id::text = j.data->>'media_id'
         left join episodes e on e.id::text = j.data->>'episode_id'
         left join rss_imports r on r.id::text = j.data->>'import_id'
        where j.name = ? and j.state in ('created', 'retry')`,
      [name],
    );
    return z.object({ jobs: ZCount, users: ZCount }).parse(row);
  }

  /** An administrator's action outside the DB explorer (Kill queue), in the same audit trail. */
  async recordAction(entry: { admin: User; table: string; rowId: string; action: string; before: TDbRow; after: TDbRow }): Promise<void> {
    const { admin, table, ...rest } = entry;
    this.em.create(AdminAuditEntrySchema, { ...rest, admin, adminEmail: admin.email, tableName: table });
    await this.em.flush();
  }

  async queueExists(name: string): Promise<boolean> {
    if (!(await this.hasJobSchema())) return false;
    const [row] = await this.rows('select count(*) as count from pgboss.queue where name = ?', [name]);
    return z.object({ count: ZCount }).parse(row).count > 0;
  }

  /** The newest failed jobs with the error each ended with. */
  async failedJobs(limit: number): Promise<TAdminFailedJob[]> {
    if (!(await this.hasJobSchema())) return [];
    const rows = z.array(ZFailedRow).parse(
      await this.rows(
        `select id::text as id, name as queue, output, completed_on as failed_at, retry_count as retries
           from pgboss.job where state = 'failed' order by completed_on desc nulls last limit ?`,
        [limit],
      ),
    );
    return rows.map(({ output, ...row }) => ({ ...row, error: ZJobError.parse(output) }));
  }
}
